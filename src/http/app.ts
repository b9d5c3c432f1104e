// HTTP → auth + request context → GraphQL (Apollo) or the REST adapter. One place decides, per path,
// what a request may be; rules of the product live below, in domain/.
import { randomUUID } from 'node:crypto';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { sql } from 'drizzle-orm';
import { Kind, parse, type DocumentNode } from 'graphql';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { GroupCommitter } from '../db/group-commit.js';
import type { Db } from '../db/open.js';
import type { Services, Writer } from '../domain/context.js';
import { Problem } from '../domain/problem.js';
import type { GraphQLContext } from '../graphql/context.js';
import { QUERY_LIMITS } from '../graphql/limits.js';
import { authenticate, hasAnyAuthHeader, type Authenticated } from './auth.js';
import { NonceLedger } from './nonces.js';
import { CredentialCache } from '../domain/clients.js';
import { TokenBuckets } from './rate-limit.js';
import { auditRefusal, auditSubject, auditSuccess } from '../domain/audit.js';
import { DevProxy } from './dev-proxy.js';
import { graphqlProblemReply, json, problemReply } from './respond.js';
import { ReplayCache } from './replay-cache.js';
import { matchRestRoute, RestAdapter } from './rest-adapter.js';
import type { HttpCall, HttpReply } from './types.js';
import type { GraphQLSchema } from 'graphql';

export const MAX_BODY_BYTES = 64 * 1024;
const REQUEST_ID_FORMAT = /^[\x21-\x7e]{1,128}$/;

function methodNotAllowed(allow: string): Problem {
  const p = new Problem('METHOD_NOT_ALLOWED', `Use ${allow} on this path.`);
  p.allow = allow;
  return p;
}

function isJsonContentType(value: string | undefined): boolean {
  if (!value) return false;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

/** JSON body of a POST, or the 415/400 problem for it (§6). */
export function parseJsonBody(call: HttpCall): unknown {
  if (!isJsonContentType(call.headers['content-type']))
    throw new Problem('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  try {
    return JSON.parse(call.body.toString('utf8'));
  } catch {
    throw new Problem('INVALID_REQUEST', 'The body is not valid JSON.');
  }
}

function parseJsonBodyOrUndefined(call: HttpCall): unknown {
  try {
    return parseJsonBody(call);
  } catch {
    return undefined;
  }
}

/** In development, the schema may be read without signing (§2): an introspection-only query. */
function isIntrospectionOnly(body: unknown): boolean {
  const query = (body as { query?: unknown } | null)?.query;
  if (typeof query !== 'string') return false;
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: QUERY_LIMITS.maxTokens });
  } catch {
    return false;
  }
  // Fragment definitions (as in Sandbox's introspection query) are fine; every operation must be a
  // query of __schema / __type / __typename only.
  return doc.definitions.every(
    (d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ||
      (d.kind === Kind.OPERATION_DEFINITION &&
        d.operation === 'query' &&
        d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))),
  );
}

/** /graphql answers in GraphQL's shape, everything else as RFC 9457 (§7). */
export function renderProblem(pathname: string, problem: Problem, requestId: string): HttpReply {
  return pathname === '/graphql' ? graphqlProblemReply(problem, requestId) : problemReply(problem, requestId);
}

const READ_ONLY: Writer = { run: () => Promise.reject(new Error('an unsigned request has no writer')) };

function rateLimited(seconds: number, detail: string): Problem {
  const p = new Problem('RATE_LIMITED', `${detail} Retry after ${seconds} s.`);
  p.retryAfterSeconds = seconds;
  return p;
}

/** What the request learned on its way, for the log line and the last step of handle(). */
type Track = { auth?: Authenticated; ctx?: GraphQLContext };

export class App {
  private readonly clientBuckets = new TokenBuckets();
  /** Each client's limit as last read with its credentials (partnerctl client limit). */
  private readonly limits = new Map<string, { rps: number; burst: number }>();
  private readonly anonymousBuckets = new TokenBuckets();
  private readonly rest: RestAdapter;
  private readonly nonces: NonceLedger;
  private readonly credentials: CredentialCache;
  private readonly devProxy: DevProxy | undefined;
  private readonly replays: ReplayCache;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly writer: GroupCommitter,
    private readonly apollo: ApolloServer<GraphQLContext>,
    schema: GraphQLSchema,
    private readonly logger: Logger,
    readonly clock: () => Date = () => new Date(),
  ) {
    this.rest = new RestAdapter(apollo, schema);
    this.nonces = new NonceLedger(writer);
    this.credentials = new CredentialCache(config.secretBox);
    this.replays = new ReplayCache(config.replayCacheEntries);
    this.devProxy = config.production ? undefined : new DevProxy(db, config.secretBox, (call) => this.handle(call));
  }

  /** Counters for tests and the benchmark. */
  stats(): { replayCacheHits: number; replayCacheEntries: number } {
    return { replayCacheHits: this.replays.hits, replayCacheEntries: this.replays.size };
  }

  /** Never throws: every outcome is a reply, every fault a problem. */
  async handle(call: HttpCall): Promise<HttpReply> {
    const given = call.headers['x-request-id'];
    const requestId = given && REQUEST_ID_FORMAT.test(given) ? given : randomUUID();
    const log = this.logger.child({ requestId });
    const started = process.hrtime.bigint();
    const pathname = call.url.split('?')[0]!;
    let reply: HttpReply;
    const track: Track = {};
    try {
      reply = await this.route(call, pathname, requestId, log, track);
    } catch (e) {
      const problem = e instanceof Problem ? e : new Problem('INTERNAL', 'Internal server error');
      if (!(e instanceof Problem)) log.error({ err: e }, 'unhandled error');
      reply = renderProblem(pathname, problem, requestId);
    }
    // §2: no answer before the request's nonce is durably spent (it commits with the request's effect).
    const late = track.auth && (await track.auth.nonce.settled);
    if (late) reply = renderProblem(pathname, late, requestId);
    // Nor before what it read is on disk: a read may see a batch whose fsync is still running.
    await this.writer.settled().catch((err: unknown) => {
      log.error({ err }, 'commit not durable');
      reply = renderProblem(pathname, new Problem('INTERNAL', 'Internal server error'), requestId);
    });
    this.rememberAnswer(call, track, reply);
    reply.headers['x-request-id'] = requestId;
    log.info(
      {
        method: call.method,
        path: pathname,
        status: reply.status,
        clientId: track.auth?.clientId,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        replayed: reply.headers['idempotent-replayed'] === 'true' || undefined,
      },
      'request',
    );
    return reply;
  }

  private async route(
    call: HttpCall,
    pathname: string,
    requestId: string,
    log: Logger,
    track: Track,
  ): Promise<HttpReply> {
    if (pathname === '/healthz') {
      if (call.method !== 'GET' && call.method !== 'HEAD') throw methodNotAllowed('GET');
      return json(200, { status: 'ok' });
    }
    if (pathname === '/readyz') {
      if (call.method !== 'GET' && call.method !== 'HEAD') throw methodNotAllowed('GET');
      return this.readiness();
    }
    if (pathname === '/graphql') {
      if (call.method !== 'GET' && call.method !== 'POST') throw methodNotAllowed('GET, POST');
      return this.graphql(call, requestId, log, track);
    }
    if (this.devProxy) {
      if (pathname === '/' && call.method === 'GET') return { status: 302, headers: { location: '/dev/graphql' }, body: '' };
      if (pathname === '/dev/graphql') {
        if (call.method !== 'GET' && call.method !== 'POST') throw methodNotAllowed('GET, POST');
        if (call.method === 'GET' && (call.headers.accept ?? '').includes('text/html')) return this.landingPage(call, requestId, log);
        return this.devProxy.forward(call, requestId);
      }
    }
    const rest = matchRestRoute(pathname);
    if (rest) {
      if (call.method !== 'POST') throw methodNotAllowed('POST');
      const auth = this.authenticate(call, track);
      const ctx = (track.ctx = this.context(call, auth.clientId, requestId, log, auth.nonce.writer));
      let body: unknown;
      try {
        this.limitClient(auth.clientId);
        const replay = await this.replayFromCache(call, ctx, auth.bodyHash);
        if (replay) return replay;
        body = parseJsonBody(call);
      } catch (e) {
        // A refused attempt is audited even when it never reaches the mutation (issue #3).
        if (e instanceof Problem) {
          const subject = auditSubject(rest.route.mutation, { [rest.route.pathArg]: rest.pathValue });
          await ctx.services.writer.run((tx) => auditRefusal(tx, ctx, subject, e));
        }
        throw e;
      }
      return this.rest.run(rest.route, rest.pathValue, body, ctx);
    }
    throw new Problem('NOT_FOUND', `No resource at ${pathname}.`);
  }

  /** §2 auth, with the issue #3 limits: per source address for failures, per client after success. */
  private authenticate(call: HttpCall, track: Track): Authenticated {
    const now = this.clock();
    const address = call.remoteAddress ?? 'unknown';
    let client: Authenticated;
    try {
      client = authenticate(this.db, this.nonces, this.credentials, { method: call.method, path: call.url, headers: call.headers, body: call.body }, now);
    } catch (e) {
      // Failures spend the address's budget; past it they answer 429. A request that verifies is never
      // refused for its address, so a partner behind a shared NAT is not locked out by a neighbour.
      if (e instanceof Problem && e.status === 401) {
        const wait = this.anonymousBuckets.take(address, this.config.anonymousRateLimit, now.getTime());
        if (wait > 0) throw rateLimited(wait, 'Too many unauthenticated requests from this address.');
      }
      throw e;
    }
    this.limits.set(client.clientId, client.rateLimit ?? this.config.rateLimit);
    track.auth = client;
    return client;
  }

  /** The per-client token bucket, counted after authentication (issue #3). */
  private limitClient(clientId: string): void {
    const limit = this.limits.get(clientId) ?? this.config.rateLimit;
    const wait = this.clientBuckets.take(clientId, limit, this.clock().getTime());
    if (wait > 0) throw rateLimited(wait, 'Too many requests for this partner client.');
  }

  /**
   * §3 replay of a byte-identical retry from the answers of this process (src/http/replay-cache.ts):
   * the replay is audited like any other, and a request the cache does not know takes the full path.
   */
  private async replayFromCache(call: HttpCall, ctx: GraphQLContext, bodyHash: string): Promise<HttpReply | undefined> {
    const key = ctx.idempotencyKey;
    if (key === undefined || call.method !== 'POST' || !isJsonContentType(call.headers['content-type'])) return undefined;
    const found = this.replays.find(ctx.clientId, key, call.url, bodyHash, ctx.now.getTime());
    if (!found) return undefined;
    ctx.outcome.replayed = true;
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
    this.replays.remember(ctx.clientId, ctx.idempotencyKey, call.url, bodyHash, { ...stored, reply: { status: 200, headers, body: reply.body } });
  }

  /** writer: the signed request's (nonce-guarded); an unsigned request (introspection) writes nothing. */
  private context(call: HttpCall, clientId: string, requestId: string, log: Logger, writer: Writer = READ_ONLY): GraphQLContext {
    const services: Services = { db: this.db, writer, config: this.config, logger: this.logger };
    return {
      services,
      requestId,
      clientId,
      idempotencyKey: call.headers['idempotency-key'],
      now: this.clock(),
      outcome: { replayed: false },
      logger: log,
    };
  }

  private readiness(): HttpReply {
    if (this.writer.failed) return json(503, { status: 'unavailable' });
    try {
      this.db.get(sql`select count(*) as n from __drizzle_migrations`);
      return json(200, { status: 'ready' });
    } catch {
      return json(503, { status: 'unavailable' });
    }
  }

  private async graphql(call: HttpCall, requestId: string, log: Logger, track: Track): Promise<HttpReply> {
    const [, search = ''] = call.url.split(/\?(.*)/s);
    if (!this.config.production && call.method === 'GET' && (call.headers.accept ?? '').includes('text/html') && !hasAnyAuthHeader(call.headers))
      return { status: 302, headers: { location: '/dev/graphql' }, body: '' };
    let body: unknown = undefined;
    if (call.method === 'POST') {
      // Unsigned introspection is allowed in development only (§2); anything else unsigned (a body that
      // is not JSON included) goes on to authentication, which refuses it: 401.
      if (!this.config.production && !hasAnyAuthHeader(call.headers)) {
        const parsed = parseJsonBodyOrUndefined(call);
        if (isIntrospectionOnly(parsed)) return this.executeGraphQL(call, search, parsed, this.context(call, '', requestId, log));
      }
    }
    const auth = this.authenticate(call, track);
    this.limitClient(auth.clientId);
    const ctx = (track.ctx = this.context(call, auth.clientId, requestId, log, auth.nonce.writer));
    const replay = await this.replayFromCache(call, ctx, auth.bodyHash);
    if (replay) return replay;
    if (call.method === 'POST') body = parseJsonBody(call);
    // Hardening: one operation per request (a batch would multiply every limit and the idempotency scope).
    if (Array.isArray(body)) throw new Problem('INVALID_REQUEST', 'Batched GraphQL requests are not supported: send one operation per request.');
    return this.executeGraphQL(call, search, body, ctx);
  }

  private async executeGraphQL(call: HttpCall, search: string, body: unknown, ctx: GraphQLContext): Promise<HttpReply> {
    const headers = new HeaderMap();
    for (const [k, v] of Object.entries(call.headers)) if (v !== undefined) headers.set(k, v);
    // Apollo reads the JSON type from the header; we have parsed and checked it already.
    if (call.method === 'POST') headers.set('content-type', 'application/json');
    // Apollo negotiates Accept only after executing the operation: a mutation would commit and then be
    // refused (406). The answer is JSON whatever was asked, so ask Apollo for JSON (landing page aside).
    if (ctx.clientId !== '' || call.method === 'POST') headers.set('accept', 'application/json');
    const res = await this.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: call.method, headers, search, body },
      context: async () => ctx,
    });
    const out: Record<string, string> = {};
    for (const [k, v] of res.headers) out[k] = v;
    if (res.body.kind !== 'complete') throw new Error('incremental delivery is not supported');
    const status = res.status ?? 200;
    if (status >= 400) return this.completeRequestError(status, out, res.body.string, ctx.requestId);
    return { status, headers: out, body: res.body.string };
  }

  /**
   * Apollo refuses some requests before any plugin runs (e.g. an unacceptable Accept header). Its
   * error is already formatted (§7 code and status); add the request id and use the problem's status.
   */
  private completeRequestError(status: number, headers: Record<string, string>, body: string, requestId: string): HttpReply {
    let parsed: { errors?: { extensions?: Record<string, unknown> }[] };
    try {
      parsed = JSON.parse(body);
    } catch {
      return { status, headers, body };
    }
    if (!Array.isArray(parsed.errors) || parsed.errors.length === 0) return { status, headers, body };
    for (const e of parsed.errors) e.extensions = { ...e.extensions, requestId: e.extensions?.requestId ?? requestId };
    const problemStatus = parsed.errors[0]!.extensions?.status;
    return { status: typeof problemStatus === 'number' ? problemStatus : status, headers, body: JSON.stringify(parsed) };
  }

  private async landingPage(call: HttpCall, requestId: string, log: Logger): Promise<HttpReply> {
    return this.executeGraphQL({ ...call, method: 'GET' }, '', undefined, this.context(call, '', requestId, log));
  }
}
