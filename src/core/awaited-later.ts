// Reads sent together. A PostgreSQL transaction's statements are pipelined (src/db/pg-connection.ts):
// reads started before any of them is awaited go out together and cost one round trip; on SQLite each
// has settled by the time it is started. The checks that use them still run one after another, in
// their section's order, each awaiting its read where it comes.

/**
 * `read`, already started, to be awaited later where its check comes. Its rejection is seen there, in
 * the checks' order; when an earlier check refuses first, it is not reported as unhandled.
 */
export function awaitedLater<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
