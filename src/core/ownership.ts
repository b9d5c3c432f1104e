// §4 ownership, one rule for every record: a record belongs to the partner client that created it.
import type { CallContext } from './context.js';
import { Problem, type ProblemCode } from './problem.js';

type Owned = { clientId: string };

/** Queries: unknown → null, another partner's → 403 FORBIDDEN. */
export function ownOrNull<T extends Owned>(ctx: CallContext, row: T | undefined, what: string): T | null {
  if (!row) return null;
  if (row.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', `This ${what} belongs to another partner.`);
  return row;
}

/** Operations: unknown → 404 with the record's code (NOT_FOUND where §7 names none), another partner's → 403 FORBIDDEN. */
export function requireOwn<T extends Owned>(
  ctx: CallContext,
  row: T | undefined,
  notFound: ProblemCode,
  what: string,
  id: string,
): T {
  if (!row) throw new Problem(notFound, `${what.charAt(0).toUpperCase()}${what.slice(1)} ${id} does not exist.`);
  return ownOrNull(ctx, row, what)!;
}
