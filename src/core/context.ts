// What an operation knows about the call it serves: who (an authenticated partner client), when, under
// which idempotency key, and the services it may use. Built once per request by the pipeline; the
// surface that runs the call adds the hook its idempotency record is reported through.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Exec, Writer } from '../db/exec.js';


export type { Writer };

/** db: reads; writer: every write. A signed request's writer runs its jobs only while its nonce is its own (§2). */
export type Services = { db: Exec; writer: Writer; config: Config; logger: Logger };

/** What an audited attempt was about (§8): its operation, target and the evidence's references. */
export type AuditSubject = {
  operation: string;
  targetId: string | null;
  evidenceUserRef: string | null;
  evidencePolicyRef: string | null;
  evidenceMfaRef: string | null;
};

/** The idempotency record a call's result is (§3): set by runIdempotent on a success or a replay. */
export type StoredResult = { resourceId: string; expiresAtMs: number; replayed: boolean; subject: AuditSubject };

/**
 * §17 a request made with a frontend session's bearer token: the customer it is bound to (the owner of
 * what it may read, F4) and its origin. The request's `clientId` is the session's partner client.
 */
export type FrontendSession = { sessionId: string; customerId: string; origin: string; expiresAt: string };

/** What a request is before a surface runs it: who, when, under which idempotency key, with what. */
export type RequestContext = {
  services: Services;
  requestId: string;
  clientId: string;
  idempotencyKey: string | undefined;
  /** The request's clock reading, taken once so every check of one request agrees. */
  now: Date;
  /** Set when the request carries a frontend session's token instead of a signature (§17.2): it may only read. */
  session?: FrontendSession;
  /** A signed request's body hash, as §2's check computed it (lower-case hex SHA-256): the body is hashed once. */
  bodySha256?: string;
  logger: Logger;
};

/** What an operation knows about the call it serves: the request's context, and where its result goes. */
export type CallContext = RequestContext & {
  /**
   * §3: runIdempotent reports here which idempotency record the call's result is (a success or a
   * replay). The surface running the call supplies it and returns what it heard with the answer.
   */
  onStored(stored: StoredResult): void;
  /** GraphQL: the answer carries errors beside its data (the errors plugin says so), so it is not kept for a retry. */
  onErrors(): void;
};
