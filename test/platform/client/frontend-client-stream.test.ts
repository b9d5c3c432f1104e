// FrontendClient's own mechanics (src/client/frontend-client.ts) against a scripted HTTP server: what a
// real server does only by accident — a connection dropped or reset mid-stream, a silent one, a 503, a
// 429 — on demand, to see the client resume with Last-Event-ID (§17.4 F5), back off within its bounds,
// renew a refused session once and stop where it must. What the service itself answers is
// frontend-client.test.ts's and the browser test's.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FrontendClient, PartnerApiError, type StreamEvent } from '../../../src/client/index.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders };

const STREAM = '/partner/v1/frontend/events/stream';
let server: http.Server;
let base: string;
let script: Handler[] = [];
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    // One connection per request: a socket an earlier test left open never carries a later test's request.
    res.setHeader('connection', 'close');
    const next = script.shift();
    if (next) next(req, res);
    else problem(res, 500, 'INTERNAL');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => {
  script = [];
  seen = [];
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function problem(res: http.ServerResponse, status: number, code: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/problem+json', 'x-request-id': `req-${code}`, ...headers });
  res.end(JSON.stringify({ type: `/problems/${code.toLowerCase()}`, title: code, status, code, detail: `${code} detail` }));
}

function open(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
  res.flushHeaders();
}

const event = (id: string, type: string, n: number) => `id: ${id}\nevent: ${type}\ndata: {"n":${n}}\n\n`;
const ended = (reason: string) => `event: session_ended\ndata: {"reason":"${reason}"}\n\n`;

function collect(client: FrontendClient, o: { after?: string; signal?: AbortSignal; idleTimeoutMs?: number } = {}) {
  const events: StreamEvent[] = [];
  const errors: { code: string | undefined; retryInMs: number | null }[] = [];
  const ends: string[] = [];
  let opens = 0;
  const outcome = client.stream({
    ...o,
    retry: { initialMs: 5, maxMs: 40 },
    onEvent: (e) => events.push(e),
    onEnd: (r) => ends.push(r),
    onOpen: () => (opens += 1),
    onError: (e, retryInMs) => errors.push({ code: e instanceof PartnerApiError ? e.code : undefined, retryInMs }),
  });
  return { events, errors, ends, outcome, opens: () => opens };
}

const client = (o: Partial<ConstructorParameters<typeof FrontendClient>[0]> = {}) => new FrontendClient({ baseUrl: `${base}/`, token: 'pfs_first', ...o });

describe('FrontendClient.stream', () => {
  it('resumes after a closed connection with Last-Event-ID, and stops at session_ended', async () => {
    script = [
      (_req, res) => {
        open(res);
        res.end(`: keep-alive\n\n${event('c1', 'crypto_deposit.detected', 1)}${event('c2', 'transaction.posted', 2)}`);
      },
      (_req, res) => {
        open(res);
        res.write(event('c3', 'crypto_deposit.completed', 3));
        res.write(ended('revoked'));
        // Left open: the client closes it.
      },
    ];
    const s = collect(client(), { after: 'c0' });
    expect(await s.outcome).toEqual({ kind: 'ended', reason: 'revoked', lastEventId: 'c3' });
    expect(s.events).toEqual([
      { id: 'c1', type: 'crypto_deposit.detected', data: { n: 1 } },
      { id: 'c2', type: 'transaction.posted', data: { n: 2 } },
      { id: 'c3', type: 'crypto_deposit.completed', data: { n: 3 } },
    ]);
    expect(s.ends).toEqual(['revoked']);
    expect(s.opens()).toBe(2);
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0]!.retryInMs).toBeGreaterThanOrEqual(2);
    expect(s.errors[0]!.retryInMs).toBeLessThanOrEqual(40);
    expect(seen.map((r) => [r.method, r.url, r.headers.authorization, r.headers.accept, r.headers['last-event-id']])).toEqual([
      ['GET', STREAM, 'Bearer pfs_first', 'text/event-stream', 'c0'],
      ['GET', STREAM, 'Bearer pfs_first', 'text/event-stream', 'c2'],
    ]);
  });

  it('resumes after a connection reset mid-event, from the last whole event', async () => {
    let received!: () => void;
    const firstArrived = new Promise<void>((r) => (received = r));
    script = [
      (_req, res) => {
        open(res);
        res.write(event('c1', 'a', 1));
        // Half an event, then the connection breaks.
        void firstArrived.then(() => {
          res.write('id: c2\nevent: a\ndata: {"n"');
          setImmediate(() => res.socket?.destroy());
        });
      },
      (_req, res) => {
        open(res);
        res.write(event('c2', 'a', 2) + ended('expired'));
      },
    ];
    const events: StreamEvent[] = [];
    const outcome = await client().stream({
      retry: { initialMs: 5, maxMs: 40 },
      onEvent: (e) => {
        events.push(e);
        if (e.id === 'c1') received();
      },
    });
    expect(outcome).toEqual({ kind: 'ended', reason: 'expired', lastEventId: 'c2' });
    expect(events.map((e) => e.id)).toEqual(['c1', 'c2']);
    expect(seen.map((r) => r.headers['last-event-id'])).toEqual([undefined, 'c1']);
  });

  it('backs off on 503 and on 429 (waiting its Retry-After), within the bounds given', async () => {
    script = [
      (_req, res) => problem(res, 503, 'INTERNAL'),
      (_req, res) => problem(res, 503, 'INTERNAL'),
      (_req, res) => problem(res, 503, 'INTERNAL'),
      (_req, res) => problem(res, 429, 'RATE_LIMITED', { 'retry-after': '0' }),
      (_req, res) => {
        open(res);
        res.write(ended('revoked'));
      },
    ];
    const s = collect(client());
    expect((await s.outcome).kind).toBe('ended');
    expect(s.errors.map((e) => e.code)).toEqual(['INTERNAL', 'INTERNAL', 'INTERNAL', 'RATE_LIMITED']);
    // Doubling from 5 ms, capped at 40, half of it random: 2.5–5, 5–10, 10–20, 20–40.
    const waits = s.errors.map((e) => e.retryInMs!);
    [[2, 5], [5, 10], [10, 20], [20, 40]].forEach(([lo, hi], i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(lo!);
      expect(waits[i]).toBeLessThanOrEqual(hi!);
    });
  });

  it('a silent connection is taken for dead and reconnected', async () => {
    script = [
      (_req, res) => open(res), // headers, then nothing
      (_req, res) => {
        open(res);
        res.write(ended('revoked'));
      },
    ];
    const s = collect(client(), { idleTimeoutMs: 50 });
    expect((await s.outcome).kind).toBe('ended');
    expect(s.opens()).toBe(2);
    expect(s.errors, JSON.stringify(s.errors)).toHaveLength(1);
  });

  it('401 AUTH_SESSION_INVALID without renew, or a 400, stops with the refusal', async () => {
    script = [(_req, res) => problem(res, 401, 'AUTH_SESSION_INVALID', { 'www-authenticate': 'Bearer error="invalid_token"' })];
    const s = collect(client());
    expect(await s.outcome).toMatchObject({
      kind: 'failed',
      lastEventId: undefined,
      error: { status: 401, code: 'AUTH_SESSION_INVALID', requestId: 'req-AUTH_SESSION_INVALID' },
    });
    expect(s.errors).toEqual([{ code: 'AUTH_SESSION_INVALID', retryInMs: null }]);

    script = [(_req, res) => problem(res, 400, 'VALIDATION_FAILED')];
    const t = collect(client(), { after: 'not-a-cursor' });
    expect(await t.outcome).toMatchObject({ kind: 'failed', lastEventId: 'not-a-cursor', error: { code: 'VALIDATION_FAILED' } });
  });

  it('401 with renew: one new session, and the stream goes on with its token; a new token refused at once stops it', async () => {
    const renewals: string[] = [];
    const renew = async () => {
      renewals.push('renew');
      return `pfs_renewed_${renewals.length}`;
    };
    script = [
      (_req, res) => problem(res, 401, 'AUTH_SESSION_INVALID'),
      (_req, res) => {
        open(res);
        res.write(event('c9', 'a', 9) + ended('revoked'));
      },
    ];
    const c = client({ renew });
    const s = collect(c, { after: 'c8' });
    expect(await s.outcome).toEqual({ kind: 'ended', reason: 'revoked', lastEventId: 'c9' });
    expect(seen.map((r) => [r.headers.authorization, r.headers['last-event-id']])).toEqual([
      ['Bearer pfs_first', 'c8'],
      ['Bearer pfs_renewed_1', 'c8'],
    ]);
    expect(c.token).toBe('pfs_renewed_1');

    seen = [];
    script = [(_req, res) => problem(res, 401, 'AUTH_SESSION_INVALID'), (_req, res) => problem(res, 401, 'AUTH_SESSION_INVALID')];
    const t = collect(c);
    expect(await t.outcome).toMatchObject({ kind: 'failed', error: { code: 'AUTH_SESSION_INVALID' } });
    expect(renewals).toHaveLength(2);
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer pfs_renewed_1', 'Bearer pfs_renewed_2']);
  });

  it('an abort stops it, open or waiting to reconnect', async () => {
    const open1 = new AbortController();
    script = [(_req, res) => open(res)];
    const s = collect(client(), { signal: open1.signal, after: 'c1' });
    await expect.poll(() => s.opens()).toBe(1);
    open1.abort();
    expect(await s.outcome).toEqual({ kind: 'aborted', lastEventId: 'c1' });

    const waiting = new AbortController();
    script = [(_req, res) => problem(res, 503, 'INTERNAL')];
    const outcome = client().stream({
      signal: waiting.signal,
      retry: { initialMs: 60_000, maxMs: 60_000 },
      onEvent: () => undefined,
      onError: () => waiting.abort(),
    });
    expect(await outcome).toEqual({ kind: 'aborted', lastEventId: undefined });
  });
});

describe('FrontendClient.query and get', () => {
  it('a GraphQL error becomes PartnerApiError with its extensions; concurrent 401s share one renewal', async () => {
    const answer = (res: http.ServerResponse, status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
      res.end(JSON.stringify(body));
    };
    script = [(_req, res) => answer(res, 403, { errors: [{ message: 'Not your customer.', extensions: { code: 'FORBIDDEN', status: 403 } }] })];
    const err = await client()
      .query('{ customer(customerId: "x") { customerId } }')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({ status: 403, code: 'FORBIDDEN', requestId: 'req-1', problem: { detail: 'Not your customer.' } });

    let renewals = 0;
    const c = client({ renew: async () => `pfs_new_${++renewals}` });
    const refused = (_req: http.IncomingMessage, res: http.ServerResponse) => problem(res, 401, 'AUTH_SESSION_INVALID');
    const ok = (_req: http.IncomingMessage, res: http.ServerResponse) => answer(res, 200, { data: { ok: true } });
    seen = [];
    script = [refused, refused, ok, ok];
    const [a, b] = await Promise.all([c.query<{ ok: boolean }>('{ a }'), c.query<{ ok: boolean }>('{ b }')]);
    expect([a, b]).toEqual([{ ok: true }, { ok: true }]);
    expect(renewals).toBe(1);
    expect(seen.map((r) => r.headers.authorization)).toEqual(['Bearer pfs_first', 'Bearer pfs_first', 'Bearer pfs_new_1', 'Bearer pfs_new_1']);
  });

  it('get: the body of a 2xx, the problem of a refusal, lists comma-joined; the Origin given is sent (Node)', async () => {
    script = [
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"items":[]}');
      },
      (_req, res) => problem(res, 403, 'ORIGIN_NOT_ALLOWED'),
    ];
    const c = client({ origin: 'http://localhost:5173' });
    expect(await c.get('/partner/v1/events', { types: ['a.b', 'c.d'], limit: 5, after: undefined })).toEqual({ items: [] });
    await expect(c.get('/partner/v1/events')).rejects.toMatchObject({ status: 403, code: 'ORIGIN_NOT_ALLOWED', problem: { detail: 'ORIGIN_NOT_ALLOWED detail' } });
    expect(seen.map((r) => [r.method, r.url, r.headers.origin])).toEqual([
      ['GET', '/partner/v1/events?types=a.b%2Cc.d&limit=5', 'http://localhost:5173'],
      ['GET', '/partner/v1/events', 'http://localhost:5173'],
    ]);
  });
});
