// The options of the client's calls, shared by the hand-written transport and the generated money methods.

export type CallOptions = {
  /** §3: reuse the same key to retry a mutation safely; absent → a fresh key per call. null → none. */
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
};

export type { Surface } from '../core/example.js';
import type { Surface } from '../core/example.js';
export type MoneyOptions = CallOptions & {
  surface?: Surface;
  /** GraphQL selection set of the result (default: every field). */
  select?: string;
};
