// §9.3 the list descriptor: a list operation declares its scope, its filters, how it fetches a page and
// how an item renders; list() gives it the rules every list shares, in the order every list checks them:
// page size (400 /first) → filters (400, all at once) → cursor (400 /after) → the record the list is
// under (404 / 403) → the fetch of size + 1 rows → the page. The result is an ordinary query descriptor.
import type { Exec } from '../db/exec.js';
import type { CallContext } from './context.js';
import type { Filter } from './list-filters.js';
import { query, type QueryArgs as Args, type QueryDescriptor, type QueryName, type QueryResult, type RestBinding } from './operation.js';
import { requireSessionCustomer } from './ownership.js';
import { decodeCursor, encodeCursor, pageOf, pageSize } from './pages.js';
import { FieldErrors } from './problem.js';

type Item<N extends QueryName> = QueryResult<N> extends { items: readonly (infer I)[] } ? I : never;

/** The parts of a sort key, in order: what a cursor must hold to be one of this list's. */
export type KeyShape = readonly ('string' | 'number')[];
/** A sort key of `S`: `['string', 'number']` → `[string, number]`. */
export type KeyOf<S extends KeyShape> = { -readonly [I in keyof S]: S[I] extends 'number' ? number : string };

/** The filters a list takes: some of its arguments, each with its §9.3 check. */
export type Filters<A> = { [K in keyof A]?: Filter<NonNullable<A[K]>, unknown> };
/** What each filter passes to the fetch: its checked value, or undefined when absent. */
export type FilterValues<F> = { [K in keyof F]: F[K] extends Filter<never, infer Out> ? Out | undefined : never };

/**
 * §9.3 the cursor's scope and the ownership of what the list is under. `under`: the argument naming that
 * record; the cursor is then bound to the partner and it, else to the partner alone. `own`: its check,
 * after the shape checks and the cursor (unknown → 404, another partner's → 403).
 */
export type ListScope<A> = {
  under?: keyof A & string;
  own?: (db: Exec, ctx: CallContext, args: A) => Promise<unknown>;
};

export type ListQuery<A, F, S extends KeyShape> = {
  db: Exec;
  ctx: CallContext;
  args: A;
  /** The position the cursor names, or undefined for the first page. */
  after: KeyOf<S> | undefined;
  filters: FilterValues<F>;
  /** The page size + 1: the extra row only says whether there is a next page. */
  limit: number;
};

export type ListSpec<N extends QueryName, F, S extends KeyShape, Row> = {
  rest?: RestBinding;
  /** §17.2: a frontend session may read the list; the argument naming the customer, checked at the ownership step. */
  session?: { customer: keyof Args<N> & string };
  scope?: ListScope<Args<N>>;
  /** Checked in this order, every fault reported at once (400 VALIDATION_FAILED). */
  filters?: OnlyArgs<F, Args<N>>;
  /** The sort key's shape; `cursor` gives a row's key, which the fetch continues after. */
  sort: S;
  /** The repository call: at most `limit` rows after `after`, in the list's order. */
  fetch: (q: ListQuery<Args<N>, F, S>) => Promise<Row[]>;
  cursor: (row: Row) => KeyOf<S>;
  /** The page's rows as items; absent where a row is an item (the field's codegen mapper). */
  view?: View<N, Row>;
};

type View<N extends QueryName, Row> = (rows: Row[], q: { db: Exec; ctx: CallContext; args: Args<N> }) => Item<N>[] | Promise<Item<N>[]>;
/** Filters name arguments of the field: another name is a type error, not a filter never applied. */
type OnlyArgs<F, A> = F & Record<Exclude<keyof F, keyof A>, never>;

export function list<N extends QueryName, const S extends KeyShape, Row, F extends Filters<Args<N>> = Record<never, never>>(
  name: N,
  spec: ListSpec<N, F, S, Row> & { view: View<N, Row> },
): QueryDescriptor<N>;
export function list<N extends QueryName, const S extends KeyShape, F extends Filters<Args<N>> = Record<never, never>>(
  name: N,
  spec: ListSpec<N, F, S, Awaited<Item<N>>>,
): QueryDescriptor<N>;
export function list<N extends QueryName, const S extends KeyShape, Row, F extends Filters<Args<N>>>(name: N, spec: ListSpec<N, F, S, Row>): QueryDescriptor<N> {
  const { scope = {}, filters = {} as F, sort } = spec;
  const run = async (ctx: CallContext, args: Args<N>) => {
    const a = args as Record<string, unknown> & { first?: number | null; after?: string | null };
    const size = pageSize(a.first);
    const errors = new FieldErrors();
    const values: Record<string, unknown> = {};
    for (const [arg, filter] of Object.entries(filters as Record<string, Filter<unknown, unknown>>))
      values[arg] = filter(errors, `/${arg}`, a[arg] ?? undefined);
    errors.throwIfAny();
    const scopeId = scope.under === undefined ? ctx.clientId : `${ctx.clientId}/${a[scope.under] as string}`;
    const after = decodeCursor(a.after, name, scopeId, sort) as KeyOf<S> | undefined;
    const db = ctx.services.db;
    if (ctx.session && spec.session) requireSessionCustomer(ctx, a[spec.session.customer]);
    await scope.own?.(db, ctx, args);
    const rows = await spec.fetch({ db, ctx, args, after, filters: values as FilterValues<F>, limit: size + 1 });
    const page = pageOf(rows, size, a.after, (r) => encodeCursor(name, scopeId, spec.cursor(r)), (r) => r);
    const items = spec.view ? await spec.view(page.items, { db, ctx, args }) : page.items;
    return { items, pageInfo: page.pageInfo };
  };
  return query(name, {
    ...(spec.rest ? { rest: spec.rest } : {}),
    ...(spec.session ? { session: spec.session } : {}),
    list: true,
    run: run as QueryDescriptor<N>['run'],
  });
}
