// Writes whose answers nobody reads. In a PostgreSQL write job (`Exec.pipelined`) such a write is sent
// and not waited for: it rides in the round trip of what is sent after it, at the latest the job's
// COMMIT, and its failure fails the job there (src/db/pg-engine.ts). Elsewhere it is awaited as usual.
import type { Exec } from './exec.js';

/**
 * `write`, already sent (a prepared statement's execution, or a query builder: attaching a handler
 * sends it at once), awaited unless `x` is a pipelined transaction, whose COMMIT waits for it.
 */
export async function unawaited(x: Exec, write: PromiseLike<unknown>): Promise<void> {
  if (!x.pipelined) {
    await write;
    return;
  }
  // The failure, if any, is the job's: the engine throws it at the commit.
  write.then(undefined, () => undefined);
}
