// One HTTP exchange, independent of node:http, so the dev proxy can re-enter the normal path.
export type HttpCall = {
  method: string;
  /** Path and query exactly as sent (what §2 signs). */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** The peer's address, for limits on unauthenticated floods. */
  remoteAddress?: string;
};

export type HttpReply = {
  status: number;
  headers: Record<string, string>;
  body: string;
};
