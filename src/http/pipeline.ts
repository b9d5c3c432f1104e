// One request pipeline for both surfaces (docs/architecture.md), in one order: request id → route →
// authentication (§2) → rate limit → replay cache (§3) → context → the surface runs the operation →
// audit of a refusal. A frontend session's bearer request (§17.2) takes the same route and surfaces with
// its own checks in place of the signed ones (§17.6): credentials → token → origin → the session's rate →
// what a session may do → the surface, with CORS headers on its answer (§17.3). The route is matched
// once and carried to the end (the metrics label, the problem shape, the surface's call with its
// operation); the surface returns its outcome. Per-surface code (graphql-surface.ts, rest-surface.ts)
// only parses and renders. Paths beside the surfaces (health, pages, and the areas' raw routes: the file
// upload, the live stream) are entries of one table (routes.ts) taking the same checks by their access.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';
import type { Config } from '../config.js';
import { auditRefusal, auditSuccess, auditSubject } from '../core/audit.js';
import type { FrontendSession, RequestContext, Writer } from '../core/context.js';
import { Problem, problemFromError } from '../core/problem.js';
import type { BodyReceiver, RawRoute } from '../core/http-route.js';
import type { Engine } from '../db/engine.js';
import { authenticate, checkAuthHead, hasAnyAuthHeader, WWW_AUTHENTICATE, type Authenticated } from './auth.js';
import { isJsonContentType, jsonBodyOrUndefined } from './body.js';
import { Cors } from './cors.js';
import { CredentialCache } from './credentials.js';
import { DevProxy } from './dev-proxy.js';
import { GraphQLSurface, isIntrospectionOnly } from './graphql-surface.js';
import { NonceLedger } from './nonces.js';
import { rateBuckets, type Buckets } from './rate-limit.js';
import { ReplayCache } from './replay-cache.js';
import { withGraphiqlLink } from './pages/graphiql.js';
import type { Page } from './pages/index.js';
import { healthRoutes, pageRoute, RouteTable, type MatchedRoute } from './routes.js';
import { sessionReadOnly } from '../graphql/session-access.js';
import { normaliseOrigin } from '../modules/frontend/index.js';
import type { RestSurface } from './rest-surface.js';
import { authenticateSession, BEARER_CHALLENGE, isBearerRequest, SessionCache } from './sessions.js';
import type { Surface, SurfaceCall, SurfaceOutcome } from './surface.js';
import type { HttpCall, HttpReply } from './types.js';

export const MAX_BODY_BYTES = 64 * 1024;
/**
 * The Retry-After of a large body (the file upload) refused for the client's bound: when a slot frees
 * cannot be known (one in flight may take BODY_TIMEOUT_MS and more), so the soonest worth a new attempt.
 */
export const UPLOAD_RETRY_AFTER_SECONDS = 1;

/** A large body admitted (a route's `largeBody`): the receiver that takes it as it comes, and its slot. */
export type UploadAdmission = { receiver: BodyReceiver<unknown> | undefined; release: () => void };
const REQUEST_ID_FORMAT = /^[\x21-\x7e]{1,128}$/;

/** The request's X-Request-Id when it is one we can echo (§2), else a new one. */
export const requestIdOf = (given: string | undefined): string => (given && REQUEST_ID_FORMAT.test(given) ? given : randomUUID());

export type Clock = () => Date;

function methodNotAllowed(allow: string): Problem {
  const p = new Problem('METHOD_NOT_ALLOWED', `Use ${allow} on this path.`);
  p.allow = allow;
  return p;
}

function rateLimited(seconds: number, detail: string): Problem {
  const p = new Problem('RATE_LIMITED', `${detail} Retry after ${seconds} s.`);
  p.retryAfterSeconds = seconds;
  return p;
}

/** The writer of a request that may not write: unsigned introspection, a frontend session (§17.2). */
const READ_ONLY: Writer = { run: () => Promise.reject(new Error('this request has no writer: it is unsigned or a frontend session')) };
const redirect = (location: string): HttpReply => ({ status: 302, headers: { location }, body: '' });

/** Paths that are their own metrics label, whatever answers them. */
const FIXED_PATHS = new Set(['/graphql', '/dev/graphql', '/healthz', '/readyz', '/']);

/** What answers a request: a signed call to a surface, an answer that needs no signature, or a refusal. */
type Target = { call: SurfaceCall } | { answer: () => HttpReply | Promise<HttpReply> } | { problem: Problem };

/** Where a request goes, decided once and carried through it. */
type Routed = {
  /** The metrics label: a fixed path, a route template or a page, never an id. */
  label: string;
  /** The surface whose shape the path's problems take (§6, §7). */
  shape: Surface;
  to: Target;
  /** An unsigned route's headers on every answer, refusals included. */
  headers?: Record<string, string>;
  /** What the log shows as the path when the path itself may not be logged (a token in it). */
  logPath?: string;
};

export type PipelineDeps = {
  config: Config;
  engine: Engine;
  graphql: GraphQLSurface;
  rest: RestSurface;
  logger: Logger;
  clock: Clock;
  /** Unsigned documents (src/http/pages/). */
  pages?: Page[];
  /** The areas' raw routes (src/http/generated/routes.ts): the file upload, the live stream, … */
  routes?: RawRoute[];
  /** GET /metrics: each answer counted by route template (src/http/metrics.ts). */
  metrics?: Metrics;
};

export class Pipeline {
  private readonly clientBuckets: Buckets;
  /** Each client's limit as last read with its credentials (partnerctl client limit). */
  private readonly limits = new Map<string, { rps: number; burst: number }>();
  private readonly anonymousBuckets: Buckets;
  private readonly nonces: NonceLedger;
  private readonly credentials: CredentialCache;
  private readonly devProxy: DevProxy | undefined;
  private readonly replays: ReplayCache;
  /** §17.2: one bucket per frontend session, shared by every process on PostgreSQL. */
  private readonly sessionBuckets: Buckets;
  private readonly sessions = new SessionCache();
  private readonly cors: Cors;
  /** Health, the pages, then the areas' routes: the paths beside the surfaces. */
  private readonly routes: RouteTable;
  /** Each unsigned route's buckets per source address, where it has a limit (`perAddress`). */
  private readonly addressBuckets = new Map<RawRoute, Buckets>();
  /** Large bodies (file uploads) in flight per route and client in this process (`largeBody.perClient`). */
  private readonly uploads = new Map<string, number>();
  /** The methods of the routes with a large body: any other request's limit is §6's without a look at the table. */
  private readonly largeBodyMethods = new Set<string>();

  constructor(private readonly deps: PipelineDeps) {
    const { config, engine } = deps;
    this.clientBuckets = rateBuckets(engine, 'client');
    this.anonymousBuckets = rateBuckets(engine, 'address');
    this.sessionBuckets = rateBuckets(engine, 'session');
    this.cors = new Cors(engine.read, config.production);
    this.nonces = new NonceLedger(engine.writer);
    this.credentials = new CredentialCache(config.secretBox, config.credentialCacheMs);
    this.replays = new ReplayCache(config.replayCacheEntries);
    this.devProxy = config.production ? undefined : new DevProxy(engine.read, config.secretBox, (call) => this.handle(call));
    this.routes = new RouteTable([...healthRoutes(engine), ...(deps.pages ?? []).map(pageRoute), ...(deps.routes ?? [])], config.production);
    for (const route of deps.routes ?? []) {
      if (route.access === 'unsigned' && route.perAddress) this.addressBuckets.set(route, rateBuckets(engine, `address:${route.path}`));
      if (route.access === 'signed' && route.largeBody) for (const m of route.methods) this.largeBodyMethods.add(m);
    }
  }

  /** Counters for tests and the benchmark. */
  stats(): { replayCacheHits: number; replayCacheEntries: number; credentialReads: number; uploadsInFlight: number } {
    let uploadsInFlight = 0;
    for (const held of this.uploads.values()) uploadsInFlight += held;
    return { replayCacheHits: this.replays.hits, replayCacheEntries: this.replays.size, credentialReads: this.credentials.reads, uploadsInFlight };
  }

  /**
   * How many body bytes a request may send: §6's 64 KiB, or a route's large body (FILE_MAX_BYTES on the
   * file upload, §12.2), whose 413 comes after §2's checks that need no body (check 1 of its table): a
   * promise there, which answers the refusal instead when those fail.
   */
  bodyLimitOf(head: Omit<HttpCall, 'body'>): number | Promise<{ limit: number; upload: UploadAdmission } | { refusal: Problem }> {
    // A frontend session never uploads (§17.2): its PUT is held to §6's limit and refused after its checks.
    if (!this.largeBodyMethods.has(head.method) || isBearerRequest(head.headers)) return MAX_BODY_BYTES;
    const matched = this.routes.match(head.url.split('?')[0]!);
    const route = matched?.route;
    if (route?.access !== 'signed' || !route.largeBody || !route.methods.includes(head.method)) return MAX_BODY_BYTES;
    const { largeBody } = route;
    const now = this.deps.clock();
    return checkAuthHead(this.deps.engine.read, this.credentials, head.headers, now).then(
      ({ clientId }) => {
        const release = this.takeUploadSlot(`${route.path}\n${clientId}`, largeBody.perClient.limit);
        if (!release) return { refusal: rateLimited(UPLOAD_RETRY_AFTER_SECONDS, largeBody.perClient.refusal) };
        return { limit: largeBody.maxBytes, upload: { receiver: largeBody.receiver(matched!.params), release } };
      },
      async (e: unknown) => {
        if (!(e instanceof Problem)) return { refusal: this.problemOf(e, this.deps.logger) };
        // As authenticate(): a request that fails §2 counts against its address.
        const wait = e.status === 401 ? await this.anonymousBuckets.take(head.remoteAddress ?? 'unknown', this.deps.config.anonymousRateLimit, now.getTime()) : 0;
        return { refusal: wait > 0 ? rateLimited(wait, 'Too many unauthenticated requests from this address.') : e };
      },
    )
      // Never rejects: a fault here (the rate buckets' database) is the request's answer.
      .catch((e: unknown) => ({ refusal: this.problemOf(e, this.deps.logger) }));
  }

  /**
   * A slot among the client's uploads in flight in this process (`key`: the route and the client), or
   * undefined when all `limit` are taken. The returned release frees it (once, however often it is
   * called), when the upload's answer is sent or its connection closes.
   */
  private takeUploadSlot(key: string, limit: number): (() => void) | undefined {
    const held = this.uploads.get(key) ?? 0;
    if (held >= limit) return undefined;
    this.uploads.set(key, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.uploads.get(key) ?? 1) - 1;
      if (left > 0) this.uploads.set(key, left);
      else this.uploads.delete(key);
    };
  }

  /** Never throws: every outcome is a reply, every fault a problem. `refusal`: the answer, found before the body (bodyLimitOf). */
  async handle(call: HttpCall, refusal?: Problem): Promise<HttpReply> {
    const requestId = requestIdOf(call.headers['x-request-id']);
    const log = this.deps.logger.child({ requestId });
    const started = process.hrtime.bigint();
    const pathname = call.url.split('?')[0]!;
    const routed = this.route(call, pathname, requestId, log);
    const { label, shape } = routed;
    const bearer = isBearerRequest(call.headers);
    const to: Target = refusal ? { problem: refusal } : bearer ? this.sessionTarget(call, pathname, routed.to) : routed.to;
    let auth: Authenticated | undefined;
    let session: (FrontendSession & { clientId: string }) | undefined;
    let outcome: SurfaceOutcome | undefined;
    let reply: HttpReply;
    try {
      if ('problem' in to) throw to.problem;
      if ('answer' in to) reply = await to.answer();
      else if (bearer) {
        session = await this.authenticateSession(call);
        outcome = await this.forSession(call, to.call, session, requestId, log);
        reply = outcome.reply;
      } else {
        auth = await this.authenticate(call);
        outcome = await this.signed(call, to.call, shape, auth, requestId, log);
        reply = outcome.reply;
      }
    } catch (e) {
      reply = shape.render(this.problemOf(e, log), requestId);
    }
    // A streamed reply replaced by a refusal is never sent: its stream gives back what it holds.
    const replace = (next: HttpReply) => {
      reply.stream?.cancel();
      reply = next;
    };
    // §2: no answer before the request's nonce is durably spent (it commits with the request's effect).
    const late = auth && (await auth.nonce.refusalOnceRecorded());
    if (late) replace(shape.render(late, requestId));
    // Nor before what it read is on disk: a read may see a batch whose fsync is still running.
    await this.deps.engine.writer.untilDurable().catch((err: unknown) => {
      log.error({ err }, 'commit not durable');
      replace(('call' in to ? shape : this.deps.rest).render(new Problem('INTERNAL', 'Internal server error'), requestId));
    });
    if (auth && outcome) this.rememberAnswer(call, auth, outcome, reply);
    if (routed.headers) Object.assign(reply.headers, routed.headers);
    reply.headers['x-request-id'] = requestId;
    if (reply.status === 401) reply.headers['www-authenticate'] = bearer ? BEARER_CHALLENGE : WWW_AUTHENTICATE;
    // §17.6: every answer to a bearer request from a registered origin is readable by its page.
    if (bearer)
      await this.cors.expose(reply, call.headers.origin, this.deps.clock().getTime()).catch((err: unknown) => log.error({ err }, 'could not read the origin registry'));
    // A stream is counted and logged once, as it opens: its duration is the time to its head.
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    this.deps.metrics?.request(label, call.method, reply.status, durationMs / 1000);
    log.info(
      {
        method: call.method,
        path: routed.logPath ?? pathname,
        status: reply.status,
        clientId: auth?.clientId ?? session?.clientId,
        sessionId: session?.sessionId,
        durationMs,
        replayed: reply.headers['idempotent-replayed'] === 'true' || undefined,
      },
      'request',
    );
    return reply;
  }

  private problemOf(e: unknown, log: Logger): Problem {
    const known = problemFromError(e);
    if (known) {
      if (known.code === 'SERVICE_UNAVAILABLE') log.warn({ err: e }, 'database unavailable');
      return known;
    }
    log.error({ err: e }, 'unhandled error');
    return new Problem('INTERNAL', 'Internal server error');
  }

  /**
   * What a path is, matched once: a fixed answer (development pages), a route of the table (health, an
   * unsigned page, an area's raw route), or a surface; with its metrics label, so ids never become label
   * values.
   */
  private route(call: HttpCall, pathname: string, requestId: string, log: Logger): Routed {
    const { graphql, rest } = this.deps;
    if (call.method === 'OPTIONS') {
      const preflight = this.preflightLabel(pathname);
      if (preflight) return { label: preflight, shape: pathname === '/graphql' ? graphql : rest, to: { answer: () => this.cors.preflight(call.headers.origin, this.deps.clock().getTime()) } };
    }
    if (pathname === '/graphql') return { label: pathname, shape: graphql, to: this.graphqlTarget(call, requestId, log) };
    const dev = this.devProxy && this.devTarget(this.devProxy, call, pathname, requestId, log);
    if (dev) return { label: pathname, shape: rest, to: dev };
    const label = (matched: string) => (FIXED_PATHS.has(pathname) ? pathname : matched);
    const raw = this.routes.match(pathname);
    if (raw) return { ...this.rawTarget(call, raw), label: label((raw.route.access === 'unsigned' && raw.route.logTemplate) || raw.route.path), shape: rest };
    const match = rest.match(call.method, pathname);
    if (match) return { label: label(match.template), shape: rest, to: 'problem' in match ? match : { call: rest.callOf(call, match) } };
    return { label: label('unmatched'), shape: rest, to: { problem: new Problem('NOT_FOUND', `No resource at ${pathname}.`) } };
  }

  /**
   * A route of the table: a signed route's call (§2 or a session's checks follow, in handle), or an
   * unsigned route's answer; a method it lacks is 405, after an unsigned route's limit per address.
   */
  private rawTarget(call: HttpCall, { route, params }: MatchedRoute): Pick<Routed, 'to' | 'headers' | 'logPath'> {
    const allowed = route.methods.includes(call.method);
    const refused = () => methodNotAllowed(route.methods.join(', '));
    if (route.access === 'signed') return { to: allowed ? { call: route.call(call, params) } : { problem: refused() } };
    const own = { headers: route.headers, logPath: route.access === 'unsigned' ? route.logTemplate : undefined };
    const buckets = this.addressBuckets.get(route);
    if (!buckets) return { ...own, to: allowed ? { answer: () => route.answer(call, params) } : { problem: refused() } };
    return {
      ...own,
      to: {
        answer: async () => {
          const wait = await buckets.take(call.remoteAddress ?? 'unknown', route.perAddress!, this.deps.clock().getTime());
          if (wait > 0) throw rateLimited(wait, 'Too many requests from this address.');
          if (!allowed) throw refused();
          return route.answer(call, params);
        },
      },
    };
  }

  /** /graphql: signed, except in development a browser's visit and an introspection-only query (§2). */
  private graphqlTarget(call: HttpCall, requestId: string, log: Logger): Target {
    const { config, graphql } = this.deps;
    if (call.method !== 'GET' && call.method !== 'POST') return { problem: methodNotAllowed('GET, POST') };
    if (!config.production && !hasAnyAuthHeader(call.headers) && !isBearerRequest(call.headers)) {
      // Development: a browser is sent to Sandbox, and the schema may be read unsigned (§2).
      if (call.method === 'GET' && (call.headers.accept ?? '').includes('text/html')) return { answer: () => redirect('/dev/graphql') };
      if (call.method === 'POST') {
        const body = jsonBodyOrUndefined(call);
        if (isIntrospectionOnly(body)) return { answer: () => graphql.runUnsigned(call, body, this.context(call, '', requestId, log)) };
      }
    }
    return { call: graphql.callOf(call) };
  }

  /** Development only: `/` and `/dev/graphql` (Sandbox, and the proxy that signs for it). */
  private devTarget(devProxy: DevProxy, call: HttpCall, pathname: string, requestId: string, log: Logger): Target | undefined {
    if (pathname === '/' && call.method === 'GET') return { answer: () => redirect('/dev/graphql') };
    if (pathname !== '/dev/graphql') return undefined;
    if (call.method !== 'GET' && call.method !== 'POST') return { problem: methodNotAllowed('GET, POST') };
    if (call.method === 'GET' && (call.headers.accept ?? '').includes('text/html'))
      return {
        answer: () => this.deps.graphql.runUnsigned({ ...call, method: 'GET' }, undefined, this.context(call, '', requestId, log)).then(withGraphiqlLink),
      };
    return { answer: () => devProxy.forward(call, requestId) };
  }

  /**
   * §17.3: the metrics label of a path a browser preflights (/graphql, a REST path with a GET, the
   * stream), or undefined for any other path, whose OPTIONS is answered as before (405, 404).
   */
  private preflightLabel(pathname: string): string | undefined {
    if (pathname === '/graphql') return pathname;
    const raw = this.routes.match(pathname)?.route;
    if (raw?.access === 'signed' && raw.preflight) return raw.path;
    const match = this.deps.rest.match('GET', pathname);
    return match && 'route' in match ? match.template : undefined;
  }

  /**
   * A bearer request's target (§17.2): the route's, except that a REST method other than GET on a path
   * the routes know is refused as a write (403 FRONTEND_SESSION_READ_ONLY) at its place in §17.6's
   * order, after the token, the origin and the rate, instead of as a method the path lacks (405).
   */
  private sessionTarget(call: HttpCall, pathname: string, to: Target): Target {
    if (!('problem' in to) || to.problem.code !== 'METHOD_NOT_ALLOWED' || call.method === 'GET') return to;
    if (!this.takesWrites(pathname) && this.deps.rest.match(call.method, pathname) === undefined) return to;
    const refusal = sessionReadOnly(`${call.method} on this path`);
    return {
      call: {
        execute: () => Promise.reject(refusal),
        attempt: () => undefined,
        sessionRefusal: () => refusal,
      },
    };
  }

  /** A signed route of the table at `pathname` answers a method other than GET (the file upload's PUT). */
  private takesWrites(pathname: string): boolean {
    const raw = this.routes.match(pathname)?.route;
    return raw?.access === 'signed' && raw.methods.some((m) => m !== 'GET');
  }

  /**
   * §17.6 checks 1–2 of a bearer request: not both credentials (400), then the token (401, counted
   * against the address as a failed signature is).
   */
  private async authenticateSession(call: HttpCall): Promise<FrontendSession & { clientId: string }> {
    if (hasAnyAuthHeader(call.headers))
      throw new Problem('INVALID_REQUEST', 'Send either a frontend session (Authorization: Bearer) or the X-Partner-* signature headers, not both.');
    const now = this.deps.clock();
    try {
      return await authenticateSession(this.deps.engine.read, this.sessions, call.headers.authorization!, now);
    } catch (e) {
      if (e instanceof Problem && e.status === 401) {
        const wait = await this.anonymousBuckets.take(call.remoteAddress ?? 'unknown', this.deps.config.anonymousRateLimit, now.getTime());
        if (wait > 0) throw rateLimited(wait, 'Too many unauthenticated requests from this address.');
      }
      throw e;
    }
  }

  /**
   * §17.6 checks 3–5 of an authenticated session, then the surface: the Origin is the session's (403),
   * the session's own rate (429), what a session may do (403); then the query's own checks, in a
   * context that reads as the session's client, bound to its customer, and cannot write.
   */
  private async forSession(call: HttpCall, surfaceCall: SurfaceCall, session: FrontendSession & { clientId: string }, requestId: string, log: Logger): Promise<SurfaceOutcome> {
    const given = call.headers.origin;
    if (given === undefined)
      throw new Problem('ORIGIN_NOT_ALLOWED', 'A frontend session is used from a browser page: the request must carry the Origin header of the page the session was created for.');
    const checked = normaliseOrigin(given, this.deps.config.production, { header: true });
    if (!('origin' in checked) || checked.origin !== session.origin)
      throw new Problem('ORIGIN_NOT_ALLOWED', 'The Origin of this request is not the origin this frontend session was created for.');
    const rps = this.deps.config.frontend.ratePerSecond;
    // §17.2: burst twice the rate (20 for the default 10 per second).
    const wait = await this.sessionBuckets.take(session.sessionId, { rps, burst: 2 * rps }, this.deps.clock().getTime());
    if (wait > 0) throw rateLimited(wait, 'Too many requests for this frontend session.');
    // A session's traffic is its client's traffic too: the partner's bucket bounds all it causes, so
    // many browsers cannot multiply what one client may ask of the service.
    const client = await this.credentials.get(this.deps.engine.read, session.clientId, this.deps.clock().getTime());
    await this.limitClient(session.clientId, client?.rateLimit);
    const refused = surfaceCall.sessionRefusal();
    if (refused) throw refused;
    const { clientId, ...bound } = session;
    // No nonce and no writer (§17.2: a session only reads).
    return surfaceCall.execute({ ...this.context(call, clientId, requestId, log), session: bound });
  }

  /** A signed request, authenticated (§2): the client's rate limit, the replay cache, then the surface. */
  private async signed(call: HttpCall, surfaceCall: SurfaceCall, shape: Surface, auth: Authenticated, requestId: string, log: Logger): Promise<SurfaceOutcome> {
    const ctx = { ...this.context(call, auth.clientId, requestId, log, auth.nonce.writer), bodySha256: auth.bodyHash };
    try {
      await this.limitClient(auth.clientId);
      const cached = await this.replayFromCache(call, ctx, auth.bodyHash);
      if (cached) return { reply: cached };
      const outcome = await surfaceCall.execute(ctx);
      if (outcome.refused) await this.auditRefusal(surfaceCall, ctx, outcome.refused);
      // §3: a replay says so, on both surfaces.
      if (outcome.stored?.replayed) outcome.reply.headers['idempotent-replayed'] = 'true';
      return outcome;
    } catch (e) {
      const problem = this.problemOf(e, log);
      await this.auditRefusal(surfaceCall, ctx, problem);
      return { reply: shape.render(problem, requestId) };
    }
  }

  /** §8 audit: every refused attempt at a mutation by an authenticated client, whatever refused it. */
  private async auditRefusal(surfaceCall: SurfaceCall, ctx: RequestContext, problem: Pick<Problem, 'code' | 'status'>): Promise<void> {
    const attempt = surfaceCall.attempt();
    if (!attempt) return;
    try {
      await ctx.services.writer.run((tx) => auditRefusal(tx, ctx, auditSubject(attempt.descriptor, attempt.args), problem));
    } catch (err) {
      // A Problem here is the request's own nonce refusing the write (a replay, or another process
      // first): the answer becomes 401, and a request refused at authentication is not audited.
      if (!(err instanceof Problem)) ctx.logger.error({ err }, 'could not write the audit event of a refused mutation');
    }
  }

  /** §2 auth, with a limit per source address for failures (past it: 429). */
  private async authenticate(call: HttpCall): Promise<Authenticated> {
    const now = this.deps.clock();
    const address = call.remoteAddress ?? 'unknown';
    let client: Authenticated;
    try {
      client = await authenticate(
        this.deps.engine.read,
        this.nonces,
        this.credentials,
        { method: call.method, path: call.url, headers: call.headers, body: call.body, bodyHash: call.bodySha256 },
        now,
      );
    } catch (e) {
      // A request that verifies is never refused for its address, so a partner behind a shared NAT is
      // not locked out by a neighbour.
      if (e instanceof Problem && e.status === 401) {
        const wait = await this.anonymousBuckets.take(address, this.deps.config.anonymousRateLimit, now.getTime());
        if (wait > 0) throw rateLimited(wait, 'Too many unauthenticated requests from this address.');
      }
      throw e;
    }
    this.limits.set(client.clientId, client.rateLimit ?? this.deps.config.rateLimit);
    return client;
  }

  /** The per-client token bucket, counted after authentication. */
  private async limitClient(clientId: string, own = this.limits.get(clientId)): Promise<void> {
    const limit = own ?? this.deps.config.rateLimit;
    const wait = await this.clientBuckets.take(clientId, limit, this.deps.clock().getTime());
    if (wait > 0) throw rateLimited(wait, 'Too many requests for this partner client.');
  }

  /**
   * §3 replay of a byte-identical retry from the answers of this process (src/http/replay-cache.ts):
   * audited like any other replay; a request the cache does not know takes the full path.
   */
  private async replayFromCache(call: HttpCall, ctx: RequestContext, bodyHash: string): Promise<HttpReply | undefined> {
    const key = ctx.idempotencyKey;
    if (key === undefined || call.method !== 'POST' || !isJsonContentType(call.headers['content-type'])) return undefined;
    const found = this.replays.find(ctx.clientId, key, call.url, bodyHash, ctx.now.getTime());
    if (!found) return undefined;
    await ctx.services.writer.run((tx) => auditSuccess(tx, ctx, found.subject, found.resourceId, true));
    return { ...found.reply, headers: { ...found.reply.headers } };
  }

  /** Keeps a mutation's successful answer (as finally sent) for byte-identical retries of it. */
  private rememberAnswer(call: HttpCall, auth: Authenticated, { stored, hadErrors }: SurfaceOutcome, reply: HttpReply): void {
    const key = call.headers['idempotency-key'];
    if (!stored || hadErrors || reply.status !== 200 || key === undefined || call.method !== 'POST' || !auth.bodyHash) return;
    const headers = { ...reply.headers, 'idempotent-replayed': 'true' };
    this.replays.remember(auth.clientId, key, call.url, auth.bodyHash, {
      resourceId: stored.resourceId,
      expiresAtMs: stored.expiresAtMs,
      subject: stored.subject,
      reply: { status: 200, headers, body: reply.body },
    });
  }

  /** writer: the signed request's (nonce-guarded); an unsigned request (introspection) writes nothing. */
  private context(call: HttpCall, clientId: string, requestId: string, log: Logger, writer: Writer = READ_ONLY): RequestContext {
    const { config, engine, logger } = this.deps;
    return {
      services: { db: engine.read, writer, config, logger },
      requestId,
      clientId,
      idempotencyKey: call.headers['idempotency-key'],
      now: this.deps.clock(),
      logger: log,
    };
  }
}

