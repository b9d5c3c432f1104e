// A database for servers a test spawns as processes, on the engine of the run (TEST_ENGINE): a SQLite
// file in `dir`, or a PostgreSQL schema of its own; provisioned with a partner client and a USDT route
// as partnerctl would, and seen by the test through a TestDb.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createClient, createRoute } from '../../src/cli/operators.js';
import { SecretBox } from '../../src/core/secret-box.js';
import { openEngine, type DatabaseTarget } from '../../src/db/engine.js';
import type { Client } from './harness.js';
import { createPgSchema, TEST_ENGINE } from './pg.js';
import { PgTestDb } from './pg-test-db.js';
import { SqliteTestDb, type TestDb } from './test-db.js';

export type SpawnedDb = { url: string; db: TestDb; client: Client; routeCode: string; close(): Promise<void> };

export async function spawnedDatabase(dir: string, prefix: string, feeMinor: string): Promise<SpawnedDb> {
  const pgSchema = TEST_ENGINE === 'pg' ? await createPgSchema(prefix) : undefined;
  const file = path.join(dir, 'partner.db');
  const target: DatabaseTarget = pgSchema ? { kind: 'pg', url: pgSchema.url } : { kind: 'sqlite', file };
  const db: TestDb = pgSchema ? new PgTestDb(pgSchema.url, pgSchema.schema) : new SqliteTestDb(file);
  const routeCode = `USDT-ETH-${randomBytes(3).toString('hex')}`;
  const e = await openEngine(target);
  let client: Client;
  try {
    client = await createClient(e, SecretBox.development(), { name: 'Crash partner', clientId: `${prefix}-${randomBytes(4).toString('hex')}` });
    await createRoute(e, { code: routeCode, clientId: client.clientId, blockchain: 'ETH', currency: 'USDT', scale: 6, minMinor: '1', maxMinor: '1000000000', feeMinor });
  } finally {
    await e.close();
  }
  return {
    url: pgSchema ? pgSchema.url : `file:${file}`,
    db,
    client,
    routeCode,
    async close() {
      await db.close?.();
      await pgSchema?.drop();
    },
  };
}
