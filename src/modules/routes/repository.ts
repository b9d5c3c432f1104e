import { and, eq, sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared.js';
import type { Exec } from '../../db/exec.js';
import { routes, screeningDenylist } from '../../db/schema.js';

export async function findRoute(db: Exec, routeCode: string, clientId: string) {
  return findRouteNow(db, routeCode, clientId);
}

/** Operators' synchronous read (partnerctl). */
export function findRouteNow(db: Exec, routeCode: string, clientId: string) {
  return prepared(db, 'findRoute', (d) =>
    d
      .select()
      .from(routes)
      .where(and(eq(routes.routeCode, sql.placeholder('routeCode')), eq(routes.clientId, sql.placeholder('clientId'))))
      .prepare(),
  ).get({ routeCode, clientId });
}

export function insertRoute(db: Exec, row: typeof routes.$inferInsert): void {
  db.insert(routes).values(row).run();
}

/** Enables or disables every mapping of a route code; returns how many there were. */
export function setRouteEnabled(db: Exec, routeCode: string, enabled: boolean, updatedAt: string): number {
  return db.update(routes).set({ enabled, updatedAt }).where(eq(routes.routeCode, routeCode)).run().changes;
}

export async function isDenied(db: Exec, blockchain: string, addressKey: string): Promise<boolean> {
  return (
    prepared(db, 'isDenied', (d) =>
      d
        .select({ b: screeningDenylist.blockchain })
        .from(screeningDenylist)
        .where(
          and(eq(screeningDenylist.blockchain, sql.placeholder('blockchain')), eq(screeningDenylist.addressKey, sql.placeholder('addressKey'))),
        )
        .prepare(),
    ).get({ blockchain, addressKey }) !== undefined
  );
}

export function insertDenied(db: Exec, blockchain: string, addressKey: string, createdAt: string): void {
  db.insert(screeningDenylist).values({ blockchain, addressKey, createdAt }).onConflictDoNothing().run();
}
