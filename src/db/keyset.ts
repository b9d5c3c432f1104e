// §9.3 the conditions every newest-first list shares: after a position (createdAt, id descending), and
// within a createdAt range. Repositories add their own filters beside them.
import { and, desc, gte, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Items after the position (at, id) in (createdAt, id) descending order; none without a position. A row
 * value comparison, which both engines answer with one range seek of the (customer, createdAt, id)
 * index, so a page deep in a list costs what the first does (an OR of the two cases scans from the top).
 */
export function olderThan(createdAt: AnyColumn, id: AnyColumn, before: readonly [string, string] | undefined): SQL | undefined {
  if (!before) return undefined;
  const [at, last] = before;
  return and(lte(createdAt, at), sql`(${createdAt}, ${id}) < (${at}, ${last})`);
}

/** createdFrom inclusive, createdBefore exclusive (§9.3); either may be absent. */
export function createdWithin(createdAt: AnyColumn, from: string | undefined, until: string | undefined): SQL | undefined {
  return and(from === undefined ? undefined : gte(createdAt, from), until === undefined ? undefined : lt(createdAt, until));
}

/** The order of a newest-first list. */
export const newestFirst = (createdAt: AnyColumn, id: AnyColumn) => [desc(createdAt), desc(id)];
