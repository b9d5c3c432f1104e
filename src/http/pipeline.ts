// One request pipeline for both surfaces (docs/architecture.md), in one order: request id → route →
// authentication (§2) → rate limit → replay cache (§3) → context → the surface runs the operation →
// audit of a refusal. Per-surface code (graphql-surface.ts, rest-surface.ts) only parses and renders.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.js';
import type { Config } from '../config.js';
import { auditRefusal, auditSuccess, auditSubject } from '../core/audit.js';
import type { CallContext, Writer } from '../core/context.js';
import { Problem } from '../core/problem.js';
import type { Engine } from '../db/engine.js';
import { descriptorOf } from '../graphql/registry.js';
import { authenticate, hasAnyAuthHeader, WWW_AUTHENTICATE, type Authenticated } from './auth.js';
import { isJsonContentType, jsonBodyOrUndefined } from './body.js';
import { CredentialCache } from './credentials.js';
import { DevProxy } from './dev-proxy.js';
import { GraphQLSurface, isIntrospectionOnly } from './graphql-surface.js';
import { NonceLedger } from './nonces.js';
import { rateBuckets, type Buckets } from './rate-limit.js';
import { json } from './render.js';
import { ReplayCache } from './replay-cache.js';
import { withGraphiqlLink } from './pages/graphiql.js';
import { findPage, type Page } from './pages/index.js';
import type { RestSurface } from './rest-surface.js';
import type { Surface } from './surface.js';
import type { HttpCall, HttpReply } from './types.js';

export const MAX_BODY_BYTES = 64 * 1024;
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

const READ_ONLY: Writer = { run: () => Promise.reject(new Error('an unsigned request has no writer')) };
const redirect = (location: string): HttpReply => ({ status: 302, headers: { location }, body: '' });

/** What one request learned on its way: for the log line, the replay cache and the nonce's verdict. */
type Track = { auth?: Authenticated; ctx?: CallContext };

export type PipelineDeps = {
  config: Config;
  engine: Engine;
  graphql: GraphQLSurface;
  rest: RestSurface;
  logger: Logger;
  clock: Clock;
  /** Unsigned documents (src/http/pages/). */
  pages?: Page[];
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

  constructor(private readonly deps: PipelineDeps) {
    const { config, engine } = deps;
    this.clientBuckets = rateBuckets(engine, 'client');
    this.anonymousBuckets = rateBuckets(engine, 'address');
    this.nonces = new NonceLedger(engine.writer);
    this.credentials = new CredentialCache(config.secretBox, config.credentialCacheMs);
    this.replays = new ReplayCache(config.replayCacheEntries);
    this.devProxy = config.production ? undefined : new DevProxy(engine.read, config.secretBox, (call) => this.handle(call));
  }

  /** Counters for tests and the benchmark. */
  stats(): { replayCacheHits: number; replayCacheEntries: number } {
    return { replayCacheHits: this.replays.hits, replayCacheEntries: this.replays.size };
  }

  /** Never throws: every outcome is a reply, every fault a problem. */
  async handle(call: HttpCall): Promise<HttpReply> {
    const requestId = requestIdOf(call.headers['x-request-id']);
    const log = this.deps.logger.child({ requestId });
    const started = process.hrtime.bigint();
    const pathname = call.url.split('?')[0]!;
    const track: Track = {};
    let surface: Surface | undefined;
    let reply: HttpReply;
    try {
      const routed = this.route(call, pathname, requestId, log);
      if ('reply' in routed) reply = await routed.reply;
      else {
        surface = routed.surface;
        reply = await this.signed(call, routed.surface, requestId, log, track);
      }
    } catch (e) {
      reply = (surface ?? (pathname === '/graphql' ? this.deps.graphql : this.deps.rest)).render(this.problemOf(e, log), requestId);
    }
    // §2: no answer before the request's nonce is durably spent (it commits with the request's effect).
    const late = track.auth && (await track.auth.nonce.settled);
    if (late && surface) reply = surface.render(late, requestId);
    // Nor before what it read is on disk: a read may see a batch whose fsync is still running.
    await this.deps.engine.writer.settled().catch((err: unknown) => {
      log.error({ err }, 'commit not durable');
      reply = (surface ?? this.deps.rest).render(new Problem('INTERNAL', 'Internal server error'), requestId);
    });
    this.rememberAnswer(call, track, reply);
    reply.headers['x-request-id'] = requestId;
    if (reply.status === 401) reply.headers['www-authenticate'] = WWW_AUTHENTICATE;
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    this.deps.metrics?.request(this.routeLabel(pathname), call.method, reply.status, durationMs / 1000);
    log.info(
      {
        method: call.method,
        path: pathname,
        status: reply.status,
        clientId: track.auth?.clientId,
        durationMs,
        replayed: reply.headers['idempotent-replayed'] === 'true' || undefined,
      },
      'request',
    );
    return reply;
  }

  private problemOf(e: unknown, log: Logger): Problem {
    if (e instanceof Problem) return e;
    log.error({ err: e }, 'unhandled error');
    return new Problem('INTERNAL', 'Internal server error');
  }

  /** A path as a metrics label: its route template, so ids never become label values. */
  private routeLabel(pathname: string): string {
    if (['/graphql', '/dev/graphql', '/healthz', '/readyz', '/'].includes(pathname)) return pathname;
    const template = this.deps.rest.templateOf(pathname);
    if (template) return template;
    const page = findPage(this.deps.pages ?? [], pathname, this.deps.config.production);
    return page ? (page.path.endsWith('/') ? `${page.path}*` : page.path) : 'unmatched';
  }

  /** What a path is: a fixed answer (health, development pages), or a surface that needs a signature. */
  private route(call: HttpCall, pathname: string, requestId: string, log: Logger): { reply: Promise<HttpReply> | HttpReply } | { surface: Surface } {
    const { config } = this.deps;
    if (pathname === '/healthz' || pathname === '/readyz') {
      // Health is probed with HEAD too, and says so in Allow.
      if (call.method !== 'GET' && call.method !== 'HEAD') throw methodNotAllowed('GET, HEAD');
      return { reply: pathname === '/healthz' ? json(200, { status: 'ok' }) : this.readiness() };
    }
    if (pathname === '/graphql') {
      if (call.method !== 'GET' && call.method !== 'POST') throw methodNotAllowed('GET, POST');
      if (!config.production && !hasAnyAuthHeader(call.headers)) {
        // Development: a browser is sent to Sandbox, and the schema may be read unsigned (§2).
        if (call.method === 'GET' && (call.headers.accept ?? '').includes('text/html')) return { reply: redirect('/dev/graphql') };
        if (call.method === 'POST') {
          const body = jsonBodyOrUndefined(call);
          if (isIntrospectionOnly(body)) return { reply: this.deps.graphql.runUnsigned(call, body, this.context(call, '', requestId, log)) };
        }
      }
      return { surface: this.deps.graphql };
    }
    if (this.devProxy) {
      if (pathname === '/' && call.method === 'GET') return { reply: redirect('/dev/graphql') };
      if (pathname === '/dev/graphql') {
        if (call.method !== 'GET' && call.method !== 'POST') throw methodNotAllowed('GET, POST');
        if (call.method === 'GET' && (call.headers.accept ?? '').includes('text/html'))
          return { reply: this.deps.graphql.runUnsigned({ ...call, method: 'GET' }, undefined, this.context(call, '', requestId, log)).then(withGraphiqlLink) };
        return { reply: this.devProxy.forward(call, requestId) };
      }
    }
    if (this.deps.rest.match(call.method, pathname)) return { surface: this.deps.rest };
    const page = findPage(this.deps.pages ?? [], pathname, config.production);
    if (page) {
      if (call.method !== 'GET') throw methodNotAllowed('GET');
      return { reply: page.answer(call, pathname) };
    }
    throw new Problem('NOT_FOUND', `No resource at ${pathname}.`);
  }

  /** A signed request: §2 auth, the client's rate limit, the replay cache, then the surface. */
  private async signed(call: HttpCall, surface: Surface, requestId: string, log: Logger, track: Track): Promise<HttpReply> {
    const auth = (track.auth = await this.authenticate(call));
    const ctx = (track.ctx = this.context(call, auth.clientId, requestId, log, auth.nonce.writer));
    try {
      await this.limitClient(auth.clientId);
      const cached = await this.replayFromCache(call, ctx, auth.bodyHash);
      if (cached) return cached;
      const { reply, refused } = await surface.execute(call, ctx);
      if (refused) await this.auditRefusal(surface, call, ctx, refused);
      // §3: a replay says so, on both surfaces.
      if (ctx.outcome.stored?.replayed) reply.headers['idempotent-replayed'] = 'true';
      return reply;
    } catch (e) {
      const problem = this.problemOf(e, log);
      await this.auditRefusal(surface, call, ctx, problem);
      return surface.render(problem, requestId);
    }
  }

  /** §8 audit: every refused attempt at a mutation by an authenticated client, whatever refused it. */
  private async auditRefusal(surface: Surface, call: HttpCall, ctx: CallContext, problem: Pick<Problem, 'code' | 'status'>): Promise<void> {
    const attempt = surface.attempt(call);
    const descriptor = attempt && descriptorOf(attempt.field);
    if (!attempt || descriptor?.kind !== 'mutation') return;
    try {
      await ctx.services.writer.run((tx) => auditRefusal(tx, ctx, auditSubject(descriptor, attempt.args), problem));
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
      client = await authenticate(this.deps.engine.read, this.nonces, this.credentials, { method: call.method, path: call.url, headers: call.headers, body: call.body }, now);
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
  private async limitClient(clientId: string): Promise<void> {
    const limit = this.limits.get(clientId) ?? this.deps.config.rateLimit;
    const wait = await this.clientBuckets.take(clientId, limit, this.deps.clock().getTime());
    if (wait > 0) throw rateLimited(wait, 'Too many requests for this partner client.');
  }

  /**
   * §3 replay of a byte-identical retry from the answers of this process (src/http/replay-cache.ts):
   * audited like any other replay; a request the cache does not know takes the full path.
   */
  private async replayFromCache(call: HttpCall, ctx: CallContext, bodyHash: string): Promise<HttpReply | undefined> {
    const key = ctx.idempotencyKey;
    if (key === undefined || call.method !== 'POST' || !isJsonContentType(call.headers['content-type'])) return undefined;
    const found = this.replays.find(ctx.clientId, key, call.url, bodyHash, ctx.now.getTime());
    if (!found) return undefined;
    await ctx.services.writer.run((tx) => auditSuccess(tx, ctx, found.subject, found.resourceId, true));
    return { ...found.reply, headers: { ...found.reply.headers } };
  }

  /** Keeps a mutation's successful answer for byte-identical retries of it. */
  private rememberAnswer(call: HttpCall, track: Track, reply: HttpReply): void {
    const ctx = track.ctx;
    const stored = ctx?.outcome.stored;
    const bodyHash = track.auth?.bodyHash;
    if (!stored || ctx.outcome.hadErrors || reply.status !== 200 || ctx.idempotencyKey === undefined || call.method !== 'POST' || !bodyHash) return;
    const headers = { ...reply.headers, 'idempotent-replayed': 'true' };
    this.replays.remember(ctx.clientId, ctx.idempotencyKey, call.url, bodyHash, {
      resourceId: stored.resourceId,
      expiresAtMs: stored.expiresAtMs,
      subject: stored.subject,
      reply: { status: 200, headers, body: reply.body },
    });
  }

  /** writer: the signed request's (nonce-guarded); an unsigned request (introspection) writes nothing. */
  private context(call: HttpCall, clientId: string, requestId: string, log: Logger, writer: Writer = READ_ONLY): CallContext {
    const { config, engine, logger } = this.deps;
    return {
      services: { db: engine.read, writer, config, logger },
      requestId,
      clientId,
      idempotencyKey: call.headers['idempotency-key'],
      now: this.deps.clock(),
      outcome: {},
      logger: log,
    };
  }

  private async readiness(): Promise<HttpReply> {
    if (this.deps.engine.writer.failed) return json(503, { status: 'unavailable' });
    try {
      await this.deps.engine.ready();
      return json(200, { status: 'ready' });
    } catch {
      return json(503, { status: 'unavailable' });
    }
  }
}

