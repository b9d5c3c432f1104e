// What a domain operation knows about the call it serves: who (an authenticated partner client),
// when, under which idempotency key, and the services it may use.
import type { Config } from '../config.js';
import type { GroupCommitter } from '../db/group-commit.js';
import type { Db } from '../db/open.js';
import type { Logger } from 'pino';
import type { AuditSubject } from './audit.js';

/** Runs a write job in the group commit (src/db/group-commit.ts); resolves once it is durable. */
export type Writer = Pick<GroupCommitter, 'run'>;

/**
 * db: reads; writer: every write, group-committed. A signed request's writer runs its jobs only while
 * the request's nonce is its own (src/http/nonces.ts).
 */
export type Services = { db: Db; writer: Writer; config: Config; logger: Logger };

export type CallContext = {
  services: Services;
  requestId: string;
  clientId: string;
  idempotencyKey: string | undefined;
  /** The request's clock reading, taken once so every check of one request agrees. */
  now: Date;
  /**
   * What the call produced, beyond its result. An object of its own because Apollo's executeOperation
   * shallow-copies the context: the REST adapter must still see what the resolver set.
   */
  outcome: {
    replayed: boolean;
    attempt?: AuditSubject;
    /** The idempotency record this call's result is (set by runIdempotent, on success or replay). */
    stored?: { resourceId: string; expiresAtMs: number; subject: AuditSubject };
    /** The GraphQL response carried errors (a partial result is never replayed from the cache). */
    hadErrors?: boolean;
  };
  logger: Logger;
};

export function isoNow(ctx: { now: Date }): string {
  return ctx.now.toISOString();
}
