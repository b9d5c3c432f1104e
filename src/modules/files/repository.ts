// Customer files' rows and sealed bytes: plain reads and writes, no rules.
import { and, asc, eq, gt, inArray, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { newestFirst, olderThan } from '../../db/keyset.js';
import type { CustomerFileRow } from './tables.js';

export async function insertFile(x: Exec, row: CustomerFileRow): Promise<CustomerFileRow> {
  return (await x.q.insert(x.t.customerFiles).values(row).returning())[0]!;
}

export async function findFile(x: Exec, fileId: string): Promise<CustomerFileRow | undefined> {
  const t = x.t.customerFiles;
  return (await x.q.select().from(t).where(eq(t.fileId, fileId)))[0];
}

export async function findFiles(x: Exec, fileIds: readonly string[]): Promise<CustomerFileRow[]> {
  if (fileIds.length === 0) return [];
  const t = x.t.customerFiles;
  return x.q.select().from(t).where(inArray(t.fileId, [...fileIds]));
}

/**
 * Compare-and-set on (fileId, status); `open`: PENDING_UPLOAD still inside its window at `now` (the
 * upload), `due`: its window over at `now` (the expiry step). The row after it, or undefined.
 */
export async function updateFile(
  x: Exec,
  fileId: string,
  from: string,
  set: Partial<CustomerFileRow>,
  window?: { open: string } | { due: string },
): Promise<CustomerFileRow | undefined> {
  const t = x.t.customerFiles;
  const where: (SQL | undefined)[] = [eq(t.fileId, fileId), eq(t.status, from)];
  if (window && 'open' in window) where.push(gt(t.uploadExpiresAt, window.open));
  if (window && 'due' in window) where.push(lte(t.uploadExpiresAt, window.due));
  return (await x.q.update(t).set(set).where(and(...where)).returning())[0];
}

export async function insertFileContent(x: Exec, fileId: string, sealed: string, at: string): Promise<void> {
  await x.q.insert(x.t.customerFileContents).values({ fileId, sealed, storedAt: at });
}

export async function findFileContent(x: Exec, fileId: string): Promise<string | undefined> {
  const t = x.t.customerFileContents;
  return (await x.q.select().from(t).where(eq(t.fileId, fileId)))[0]?.sealed;
}

/** §12.2: PENDING_UPLOAD files whose window is over at `now`, oldest due first. */
export async function dueExpiries(x: Exec, now: string, limit: number): Promise<string[]> {
  const t = x.t.customerFiles;
  const rows = await x.q
    .select({ id: t.fileId })
    .from(t)
    .where(and(eq(t.status, 'PENDING_UPLOAD'), isNotNull(t.uploadExpiresAt), lte(t.uploadExpiresAt, now)))
    .orderBy(asc(t.uploadExpiresAt), asc(t.fileId))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type FileFilter = { before?: readonly [string, string]; statuses?: string[]; purposes?: string[]; limit: number };

export async function listFiles(x: Exec, customerId: string, f: FileFilter): Promise<CustomerFileRow[]> {
  const t = x.t.customerFiles;
  const where: (SQL | undefined)[] = [eq(t.customerId, customerId), olderThan(t.createdAt, t.fileId, f.before)];
  if (f.statuses) where.push(inArray(t.status, f.statuses));
  if (f.purposes) where.push(inArray(t.purpose, f.purposes));
  return x.q
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(...newestFirst(t.createdAt, t.fileId))
    .limit(f.limit);
}
