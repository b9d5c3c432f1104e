// Settled point 10: the database going away (a restart, a failover, a terminated backend, a transaction the
// database ended after DATABASE_TRANSACTION_TIMEOUT_MS) is not a fault of the service. The request whose
// transaction could not commit is answered 503 SERVICE_UNAVAILABLE (core/problem.ts), never 500.

/** Thrown by the engine when the database could not be reached or ended the transaction. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailable';
  }
}

// Node's socket errors: the server cannot be reached, or the connection broke.
const SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// SQLSTATEs of a connection the server ended or refused: class 08 (connection exception); 57P01
// admin_shutdown (pg_terminate_backend, a fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting up, a standby being promoted); 53300 too_many_connections; 25P03 idle_in_transaction_session
// timeout and 57014 query_canceled (statement_timeout): the transaction outlived its bound.
const ENDED = new Set(['57P01', '57P02', '57P03', '53300', '25P03', '57014']);
// node-postgres' own errors for a connection that closed under it (no SQLSTATE).
const CLOSED = /^(Connection terminated|Client has encountered a connection error|Connection terminated unexpectedly|timeout exceeded when trying to connect|Client was closed and is not queryable)/;

/** Whether the database ended the job for outliving DATABASE_TRANSACTION_TIMEOUT_MS (not worth a retry). */
export function isTransactionTimeout(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++)
    if (e.code === '25P03' || e.code === '57014') return true;
  return false;
}

/** Whether `error` (or what it wraps) says the database went away rather than refused the statement. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 8; e = e.cause as typeof e, depth++) {
    if (e instanceof DatabaseUnavailable) return true;
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code !== undefined && (SOCKET.has(code) || ENDED.has(code) || code.startsWith('08'))) return true;
    if (code === undefined && typeof e.message === 'string' && CLOSED.test(e.message)) return true;
  }
  return false;
}
