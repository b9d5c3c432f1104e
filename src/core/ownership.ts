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

/** §17.2 F4: a frontend session reads its own customer's records only; another customer of the same partner is 403 FORBIDDEN. */
export function requireSessionCustomer(ctx: CallContext, customerId: unknown): void {
  if (ctx.session && customerId !== ctx.session.customerId) throw new Problem('FORBIDDEN', "This frontend session may read its own customer's records only.");
}
