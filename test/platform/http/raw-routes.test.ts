// The pipeline's table of raw routes (src/http/routes.ts; entries as a module's http.ts declares them,
// src/core/http-route.ts): what an area gets from its entries alone. The areas' own routes (the file
// upload, the live stream) are covered by their suites; here one route of each access, on a pipeline and
// HTTP server of their own over the running server's engine: an unsigned route with a limit per address
// (as a hosted page has: the limit before the method, its headers on every answer, the path's token never
// logged or labelled) and a signed one (§2's checks before its call).
import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type RawRoute } from '../../../src/core/http-route.js';
import { descriptors } from '../../../src/graphql/registry.js';
import { createApollo } from '../../../src/graphql/server.js';
import { areaRoutes } from '../../../src/http/generated/routes.js';
import { GraphQLSurface } from '../../../src/http/graphql-surface.js';
import { Metrics } from '../../../src/http/metrics.js';
import { Pipeline } from '../../../src/http/pipeline.js';
import { RestSurface } from '../../../src/http/rest-surface.js';
import { RouteTable } from '../../../src/http/routes.js';
import { createHttpServer } from '../../../src/http/server.js';
import { signedFetch, startTestServer, toReply, type TestServer } from '../../helpers/harness.js';
import { expectRestProblem } from '../../helpers/problems.js';

const TOKEN = 'tok-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz';

const routes: RawRoute[] = [
  {
    path: '/t/:token',
    methods: ['GET'],
    access: 'unsigned',
    perAddress: { rps: 1, burst: 3 },
    headers: { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
    logTemplate: '/t/{token}',
    answer: (_call, { token }) => json(200, { token }),
  },
  {
    path: '/s/:id',
    methods: ['GET'],
    access: 'signed',
    call: (_call, { id }) => ({
      execute: async (ctx) => ({ reply: json(200, { id, clientId: ctx.clientId }) }),
      attempt: () => undefined,
      sessionRefusal: () => undefined,
    }),
  },
];

let server: TestServer;
let raw: http.Server;
let url: string;
const logged: Record<string, unknown>[] = [];
const metrics = new Metrics();
let stopApollo: () => Promise<void>;

beforeAll(async () => {
  server = await startTestServer();
  const { apollo, schema } = createApollo({ production: false });
  await apollo.start();
  stopApollo = () => apollo.stop();
  const logger = pino({ level: 'info', base: undefined }, { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
  const pipeline = new Pipeline({
    config: server.config,
    engine: server.service.engine,
    graphql: new GraphQLSurface(apollo),
    rest: new RestSurface(schema, descriptors),
    logger,
    clock: server.clock.now,
    metrics,
    routes,
  });
  raw = createHttpServer(pipeline, server.config);
  await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
});

afterAll(async () => {
  raw.closeAllConnections();
  await new Promise((resolve) => raw.close(resolve));
  await stopApollo();
  await server.stop();
});

describe('an unsigned route with a limit per source address', () => {
  it('answers, with its headers; another method is 405 with Allow and the same headers; past the limit 429 comes first, whatever the method', async () => {
    const ok = await toReply(await fetch(`${url}/t/${TOKEN}?ignored=1`));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ token: TOKEN });
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
    expect(ok.headers.get('x-request-id')).toBeTruthy();

    const post = await toReply(await fetch(`${url}/t/${TOKEN}`, { method: 'POST' }));
    expect(post.headers.get('cache-control')).toBe('no-store');
    expectRestProblem(post, 405, 'METHOD_NOT_ALLOWED');
    expect(post.headers.get('allow')).toBe('GET');

    expect((await fetch(`${url}/t/${TOKEN}`)).status).toBe(200); // the burst's third token
    const limited = await toReply(await fetch(`${url}/t/${TOKEN}`, { method: 'POST' }));
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectRestProblem(limited, 429, 'RATE_LIMITED');

    // The bucket refills with the server's clock: one token a second.
    server.clock.advance(1000);
    expect((await fetch(`${url}/t/${TOKEN}`)).status).toBe(200);
  });

  it('logs and counts the path template, never the token in the path', async () => {
    const lines = logged.filter((l) => l.msg === 'request');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const l of lines.filter((x) => String(x.path).startsWith('/t'))) expect(l.path).toBe('/t/{token}');
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
    const { body } = await metrics.text();
    expect(body).toContain('route="/t/{token}"');
    expect(body).not.toContain(TOKEN);
  });
});

describe('a signed route', () => {
  it('takes §2 before its call: unsigned 401, signed its answer; another method 405', async () => {
    expectRestProblem(await toReply(await fetch(`${url}/s/abc`)), 401, 'AUTH_HEADERS_MISSING');
    const client = await server.newClient();
    const { res } = await signedFetch(url, client, { method: 'GET', path: '/s/abc' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'abc', clientId: client.clientId });
    const { res: put } = await signedFetch(url, client, { method: 'PUT', path: '/s/abc', body: '{}' });
    expectRestProblem(await toReply(put), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('the table', () => {
  const answer = () => json(200, {});
  const table = (production: boolean) =>
    new RouteTable(
      [
        { path: '/a/:id/content', methods: ['PUT'], access: 'unsigned', answer },
        { path: '/a/:id/content', methods: ['GET'], access: 'unsigned', answer },
        { path: '/docs/*', methods: ['GET'], access: 'unsigned', developmentOnly: true, answer },
        { path: '/exact', methods: ['GET'], access: 'unsigned', answer },
      ],
      production,
    );

  it('matches literal segments, one non-empty segment per :name (raw), a last * for any rest; the first entry wins', () => {
    const t = table(false);
    expect(t.match('/a/x%2Fy/content')).toMatchObject({ route: { methods: ['PUT'] }, params: { id: 'x%2Fy' } });
    expect(t.match('/a//content')).toBeUndefined();
    expect(t.match('/a/x/y/content')).toBeUndefined();
    expect(t.match('/a/x/content/')).toBeUndefined();
    expect(t.match('/docs/')?.params).toEqual({ '*': '' });
    expect(t.match('/docs/a/b.js')?.params).toEqual({ '*': 'a/b.js' });
    expect(t.match('/docs')).toBeUndefined();
    expect(t.match('/exact')?.params).toEqual({});
    expect(t.match('/exact/')).toBeUndefined();
  });

  it('leaves development-only entries out in production', () => {
    expect(table(true).match('/docs/a')).toBeUndefined();
  });

  it('holds the areas’ routes from their http.ts, in module order: the hosted page (unsigned, a limit per address), the file upload (signed, a large body) and the live stream (signed, preflighted)', () => {
    const deps = { config: server.config, engine: server.service.engine, clock: server.clock.now, logger: pino({ level: 'silent' }) };
    const gathered = areaRoutes(deps, server.service.areas).map((r) => ({
      path: r.path,
      methods: r.methods,
      access: r.access,
      preflight: r.access === 'signed' ? (r.preflight ?? false) : undefined,
      largeBody: r.access === 'signed' && r.largeBody ? { maxBytes: r.largeBody.maxBytes, perClient: r.largeBody.perClient.limit } : undefined,
    }));
    expect(gathered).toEqual([
      { path: '/pay/:token', methods: ['GET'], access: 'unsigned', preflight: undefined, largeBody: undefined },
      { path: '/partner/v1/files/:fileId/content', methods: ['PUT'], access: 'signed', preflight: false, largeBody: { maxBytes: server.config.fileMaxBytes, perClient: server.config.uploadConcurrencyPerClient } },
      { path: '/partner/v1/frontend/events/stream', methods: ['GET'], access: 'signed', preflight: true, largeBody: undefined },
    ]);
  });
});
