// One HTTP exchange as the pipeline sees it, and what an area declares of its raw HTTP paths beside the
// operation surfaces (the file upload, §12.2; the live stream, §17.4; a hosted page). Below the modules so
// that a module's http.ts can declare its routes without importing src/http/; codegen gathers every
// module's http.ts (src/http/generated/routes.ts) and the pipeline matches and checks them in one place,
// in its one order of checks (docs/architecture.md, "One request, one direction").
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import type { CallContext, RequestContext, StoredResult } from './context.js';
import type { Problem } from './problem.js';

/** One HTTP request, independent of node:http, so the dev proxy can re-enter the normal path. */
export type HttpCall = {
  method: string;
  /** Path and query exactly as sent (what §2 signs). */
  url: string;
  /** Lower-case names. */
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** SHA-256 of the body (lower-case hex), when the server hashed it as it arrived; else hashed from `body`. */
  bodySha256?: string;
  /**
   * A large body (a route's `largeBody`, e.g. the file upload, §12.2) as its receiver took it while it
   * arrived; `body` is then empty, since the bytes were never kept whole.
   */
  upload?: unknown;
  /** The peer's address, for limits on unauthenticated floods. */
  remoteAddress?: string;
};

export type HttpReply = {
  status: number;
  headers: Record<string, string>;
  body: string;
  /**
   * A long-lived body instead of `body` (§17.4 the event stream): the server sends the head at once, with
   * no Content-Length, then hands the stream its side of the connection.
   */
  stream?: ReplyStream;
};

export interface ReplyStream {
  /** The head is sent; the body is the stream's to write until it ends it or the connection closes. */
  start(out: StreamOut): void;
  /** The reply will never be sent (another answer replaced it, or its connection closed first). */
  cancel(): void;
}

/** The body of a streamed reply, as the server hands it over. */
export interface StreamOut {
  /** False when the connection's buffer is full; `onDrain` listeners hear when it has room again. */
  write(chunk: string): boolean;
  /** Ends the body; resolves once it is sent or the connection is gone. */
  end(): Promise<void>;
  onDrain(listener: () => void): void;
  /** The body ended or the connection closed, whichever first; once. */
  onClose(listener: () => void): void;
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): HttpReply {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) };
}

/** What running a call produced: its answer, and what the audit, the replay cache and the log need of it. */
export type SurfaceOutcome = {
  reply: HttpReply;
  /** A refusal the surface rendered itself (GraphQL errors), for the audit (§8). */
  refused?: Pick<Problem, 'code' | 'status'>;
  /** §3: the idempotency record the answer is (a success or a replay). */
  stored?: StoredResult;
  /** The answer carries errors beside its data: it is not kept for a byte-identical retry. */
  hadErrors?: boolean;
};

/** The mutation a call attempts (a descriptor, or the file upload's name and target, §12.2) and its arguments (untrusted). */
export type Attempt = { descriptor: { name: string; target: string | null }; args: Record<string, unknown> };

/** One signed request to a surface or a signed raw route, its route already matched. */
export interface SurfaceCall {
  /** Runs the call; a refusal found before the operation runs is thrown as a Problem. */
  execute(ctx: RequestContext): Promise<SurfaceOutcome>;
  /** The mutation the call attempts, if any: read only when it is refused. */
  attempt(): Attempt | undefined;
  /**
   * §17.2 asked of a frontend session's call only: the refusal (403 FRONTEND_SESSION_READ_ONLY) of what a
   * session may not do, or undefined when it may read this. Decided before the call runs (§17.6).
   */
  sessionRefusal(): Problem | undefined;
}

/** The request's context as an operation's, with the hooks that hear whether its answer carried errors and which idempotency record its result is (§3). */
export function callContext(ctx: RequestContext): { ctx: CallContext; stored(): StoredResult | undefined; hadErrors(): boolean } {
  let stored: StoredResult | undefined;
  let errors = false;
  return {
    ctx: {
      ...ctx,
      onStored: (s) => {
        stored = s;
      },
      onErrors: () => {
        errors = true;
      },
    },
    stored: () => stored,
    hadErrors: () => errors,
  };
}

/** Takes a large body's bytes as they arrive (hashing, sealing), so it is never held whole; `end` gives what the handler reads as `call.upload`. */
export interface BodyReceiver<Received> {
  write(chunk: Buffer): void;
  end(): Received;
}

/**
 * A body larger than §6's 64 KiB, admitted only after the checks that need no body (§2's headers, the
 * client's slots); the server reads it after that, into the route's receiver.
 */
export type LargeBody<Received> = {
  /** The most bytes it may have (413 past it; at once when Content-Length says more). */
  maxBytes: number;
  /**
   * How many of these bodies one partner client may send at once in this process; past it 429 with
   * `refusal` as the detail, before the body is read.
   */
  perClient: { limit: number; refusal: string };
  /** What takes the bytes of the path's request, or undefined when the path's values name nothing (its handler refuses it). */
  receiver(params: RouteParams): BodyReceiver<Received> | undefined;
};

/** The raw text of each `:name` segment of the matched path (not decoded: the handler decides what a bad one is). */
export type RouteParams = Record<string, string>;

type RouteBase = {
  /**
   * The path: literal segments, `:name` for one non-empty segment, a last segment `*` for any rest. It is
   * the request's metrics label, so no id or token ever becomes a label value.
   */
  path: string;
  /** The methods it answers (HEAD only where listed); any other is 405 with these in Allow. */
  methods: readonly string[];
  /** Served only outside production (development explorers). */
  developmentOnly?: boolean;
};

/**
 * A path whose requests are signed like every REST call (§2: auth → rate limit → replay cache → the call →
 * the audit of a refusal), or carry a frontend session's bearer token (§17.6: the session's checks, then
 * `sessionRefusal`). A session's method other than GET on a route that answers one is refused as a write
 * (403), after the session's checks.
 */
export type SignedRoute<Received = unknown> = RouteBase & {
  access: 'signed';
  /** §17.3: a browser may preflight it (OPTIONS, answered with the CORS headers of a session's read). */
  preflight?: boolean;
  /** A body past §6's 64 KiB (the file upload), for a request of one of `methods` without a bearer token. */
  largeBody?: LargeBody<Received>;
  call(call: HttpCall & { upload?: Received }, params: RouteParams): SurfaceCall;
};

/**
 * A path that reads no credentials (a page, health, a hosted page): its answer, or a Problem thrown
 * (rendered as RFC 9457). With `perAddress`, each source address may make that many requests (a token
 * bucket, shared by the processes on PostgreSQL), checked first, before the method (429 with Retry-After).
 */
export type UnsignedRoute = RouteBase & {
  access: 'unsigned';
  perAddress?: { rps: number; burst: number };
  /** Headers on every answer of the path, refusals included. */
  headers?: Record<string, string>;
  /**
   * What logs, metrics and the audit show instead of the path, when a segment is a secret (§15.4: the
   * hosted page's token): the contract's spelling of the template, e.g. `/pay/{token}`.
   */
  logTemplate?: string;
  answer(call: HttpCall, params: RouteParams): HttpReply | Promise<HttpReply>;
};

export type RawRoute = SignedRoute<any> | UnsignedRoute; // eslint-disable-line @typescript-eslint/no-explicit-any

/** What a route's handlers may use: the service's, and the area's own running pieces (its runtime.ts's `start`). */
export type RouteDeps<Running = undefined> = {
  config: Config;
  engine: Engine;
  clock: () => Date;
  logger: Logger;
  running: Running;
};

/** A module's http.ts default export: its routes, made once per service from its dependencies. */
export type HttpRoutes<Running = undefined> = (deps: RouteDeps<Running>) => RawRoute[];

/** Types an area's routes (the identity: `export default httpRoutes<Running>((deps) => [...])`). */
export const httpRoutes = <Running = undefined>(routes: HttpRoutes<Running>): HttpRoutes<Running> => routes;

/** Types one signed route with its receiver's result. */
export const signedRoute = <Received = unknown>(route: SignedRoute<Received>): SignedRoute<Received> => route;
