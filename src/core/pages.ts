// §9.3 keyset pages, one set of rules for every list: page size, opaque cursors bound to their list and
// scope, list-valued filters, the page's answer. Lists differ only in their sort key (their repository);
// list() (list.ts) applies these rules to each.
import { FieldErrors, Problem } from './problem.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const MAX_CURSOR_LENGTH = 512;
const MAX_FILTER_VALUES = 20;

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Page<T> = { items: T[]; pageInfo: PageInfo };
/** A position in a list: the last item's sort key, compared as the list orders it. */
export type SortKey = readonly (string | number)[];

/** `first`: absent or null → 20; outside 1–100 → 400 at `/first` (REST renders `/limit`). */
export function pageSize(first: number | null | undefined): number {
  if (first === null || first === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE)
    throw new Problem('VALIDATION_FAILED', `/first: must be between 1 and ${MAX_PAGE_SIZE}`, [{ pointer: '/first', detail: `must be between 1 and ${MAX_PAGE_SIZE}` }]);
  return first;
}

const invalidCursor = (detail: string) => new Problem('VALIDATION_FAILED', `/after: ${detail}`, [{ pointer: '/after', detail }]);

/** The cursor of a position: base64url JSON of [list, scope, ...key]. Opaque to partners, never expires. */
export function encodeCursor(list: string, scope: string, key: SortKey): string {
  return Buffer.from(JSON.stringify([list, scope, ...key]), 'utf8').toString('base64url');
}

/**
 * The sort key a cursor names, or undefined without one (`''` is absent, as REST's `cursor=`).
 * Malformed, or from another list or scope → 400 at `/after`. `shape` checks the key's parts.
 */
export function decodeCursor(after: string | null | undefined, list: string, scope: string, shape: readonly ('string' | 'number')[]): SortKey | undefined {
  if (after === null || after === undefined || after === '') return undefined;
  if (after.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(after)) throw invalidCursor('is not a cursor of this list');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('is not a cursor of this list');
  }
  if (!Array.isArray(parsed) || parsed.length !== shape.length + 2 || parsed[0] !== list || parsed[1] !== scope)
    throw invalidCursor('is not a cursor of this list');
  const key = parsed.slice(2) as unknown[];
  // A number in a sort key is a feed position or a sequence, never below 0: a negative one is no cursor
  // this service issued, and would start a list (§9.3) or the stream (§17.4) at the beginning.
  if (!key.every((part, i) => typeof part === shape[i] && (typeof part !== 'number' || (Number.isSafeInteger(part) && part >= 0))))
    throw invalidCursor('is not a cursor of this list');
  return key as SortKey;
}

/**
 * The page from `rows`, read as at most `size + 1` items after the position: the extra one only says
 * whether there is a next page. An empty page keeps the cursor that was sent, so a poller keeps its place.
 */
export function pageOf<R, T>(
  rows: readonly R[],
  size: number,
  after: string | null | undefined,
  cursorOf: (row: R) => string,
  view: (row: R) => T,
): Page<T> {
  const hasNextPage = rows.length > size;
  const taken = rows.slice(0, size);
  const last = taken[taken.length - 1];
  return {
    items: taken.map(view),
    pageInfo: { hasNextPage, endCursor: last === undefined ? (after || null) : cursorOf(last) },
  };
}

/**
 * A list-valued filter (§9.3): absent or null = no restriction; 1–20 values, each one of `allowed`
 * when given. Duplicates are harmless and kept out.
 */
export function checkListFilter(
  errors: FieldErrors,
  pointer: string,
  values: readonly string[] | null | undefined,
  allowed?: readonly string[],
): string[] | undefined {
  if (values === null || values === undefined) return undefined;
  if (values.length < 1 || values.length > MAX_FILTER_VALUES) {
    errors.add(pointer, `must hold 1 to ${MAX_FILTER_VALUES} values`);
    return undefined;
  }
  if (allowed) {
    // Named by its place in the list, not repeated (§12.3: no answer repeats a refused value).
    const wrong = values.findIndex((v) => !allowed.includes(v));
    if (wrong >= 0) errors.add(pointer, `must hold only ${allowed.join(', ')} (item ${wrong} is not one)`);
  }
  return [...new Set(values)];
}
