// §15.4 on both surfaces and the hosted page: createCheckoutLink (url = base + token, the token stored only
// as its hash, a replay answering the same url from the sealed record, the order of checks, the link limit
// with expired links counted), createCheckoutPosPaymentRequest (frozen amount and URI, expiresAt, the
// §18.6 notice), and GET /pay/{token} (JSON and HTML, one 404 for every failure, the headers, 405, the limit
// per source address on a moved clock), with the token in no log line.
import { createHash, randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { startTestServer, TestServer, toReply, type Reply } from '../../helpers/harness.js';
import { expectRestProblem } from '../../helpers/problems.js';
import { selectionOf } from '../../helpers/sdl-fields.js';
import { Co } from './checkouts.js';

const LINK_FIELDS = selectionOf('PartnerCheckoutLink');
const POS_FIELDS = selectionOf('PartnerCheckoutPosPaymentRequest');
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const logged: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = new TestServer({ CHECKOUT_MAX_LINKS: '3', CHECKOUT_LINK_BASE_URL: 'https://pay.example.com/p', CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE: '100000' });
  server.logger = pino({ level: 'trace', base: undefined }, { write: (line: string) => void logged.push(line) });
  await server.start();
  server.clock.freeze();
});
afterAll(() => server.stop());

const linkRest = (co: Co, checkoutId: string, body?: unknown) => co.rest('POST', `/partner/v1/crypto/checkouts/${checkoutId}/links`, body);
const linkGql = (co: Co, checkoutId: string, input: Record<string, unknown> = {}) =>
  co.gql(`mutation($id: UUID!, $i: CreateCheckoutLinkInput!) { createCheckoutLink(checkoutId: $id, input: $i) { ${LINK_FIELDS} } }`, { id: checkoutId, i: input });
const posRest = (co: Co, checkoutId: string, body: unknown) => co.rest('POST', `/partner/v1/crypto/checkouts/${checkoutId}/pos-payment-requests`, body);
const posGql = (co: Co, checkoutId: string, input: Record<string, unknown>) =>
  co.gql(`mutation($id: UUID!, $i: CreateCheckoutPosPaymentRequestInput!) { createCheckoutPosPaymentRequest(checkoutId: $id, input: $i) { ${POS_FIELDS} } }`, { id: checkoutId, i: input });

const tokenOf = (url: string) => url.slice('https://pay.example.com/p/'.length);
const page = async (token: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> =>
  toReply(await fetch(`${server.url}/pay/${token}`, { method, headers }));
const html = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' };

function expectPageHeaders(r: Reply): void {
  expect(r.headers.get('cache-control')).toBe('no-store');
  expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  expect(r.headers.get('x-content-type-options')).toBe('nosniff');
}

async function newLink(co: Co, checkoutId: string, body?: unknown): Promise<{ url: string; token: string; body: Record<string, any> }> {
  const r = await linkRest(co, checkoutId, body);
  expect(r.status, r.text).toBe(200);
  return { url: r.body.url, token: tokenOf(r.body.url), body: r.body };
}

describe('createCheckoutLink', () => {
  it('REST and GraphQL: url = CHECKOUT_LINK_BASE_URL/<43-character token>, expiresAt the checkout’s or the one given; only the hash is stored', async () => {
    const co = await Co.create(server);
    const c = await co.checkout();
    const r = await linkRest(co, c.checkoutId);
    expect(r.status, r.text).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['checkoutId', 'createdAt', 'expiresAt', 'linkId', 'url']);
    expect(r.body).toMatchObject({ checkoutId: c.checkoutId, expiresAt: c.expiresAt, createdAt: server.clock.now().toISOString() });
    expect(r.body.url).toMatch(/^https:\/\/pay\.example\.com\/p\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(r.body.url);
    const row = await server.db.get<Record<string, unknown>>('SELECT * FROM checkout_links WHERE link_id = ?', r.body.linkId);
    expect(row!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const at = new Date(server.clock.now().getTime() + 60_000).toISOString();
    const g = await linkGql(co, c.checkoutId, { expiresAt: at });
    expect(g.body.data.createCheckoutLink).toMatchObject({ checkoutId: c.checkoutId, expiresAt: at });
    expect(g.body.data.createCheckoutLink.url).not.toBe(r.body.url);
    // §15.1: a REST body absent, empty or {} is {}.
    expect((await linkRest(co, c.checkoutId, {})).status).toBe(200);
  });

  it('a replay answers the same url; the stored answer is sealed, so the token is nowhere in the database', async () => {
    const co = await Co.create(server);
    const c = await co.checkout();
    const key = randomUUID();
    const path = `/partner/v1/crypto/checkouts/${c.checkoutId}/links`;
    const first = await server.request(co.c.client, 'POST', path, { idempotencyKey: key, timestamp: server.clock.now().toISOString() });
    server.clock.advance(1000);
    const again = await server.request(co.c.client, 'POST', path, { idempotencyKey: key, timestamp: server.clock.now().toISOString() });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const stored = await server.db.get<{ response_json: string }>('SELECT response_json FROM idempotency_records WHERE idempotency_key = ?', key);
    expect(stored!.response_json.startsWith('sealed:')).toBe(true);
    expect(stored!.response_json).not.toContain(tokenOf(first.body.url));
    expect(await server.db.count('SELECT COUNT(*) AS n FROM checkout_links WHERE checkout_id = ?', c.checkoutId)).toBe(1);
    // GraphQL replays the same answer too.
    const q = `mutation($id: UUID!) { createCheckoutLink(checkoutId: $id, input: {}) { url } }`;
    const gk = randomUUID();
    const g1 = await server.gql(co.c.client, q, { id: c.checkoutId }, { idempotencyKey: gk, timestamp: server.clock.now().toISOString() });
    const g2 = await server.gql(co.c.client, q, { id: c.checkoutId }, { idempotencyKey: gk, timestamp: server.clock.now().toISOString() });
    expect(g2.body.data.createCheckoutLink.url).toBe(g1.body.data.createCheckoutLink.url);
  });

  it('order of checks: D 404/403 → G expiresAt → H gate → INVALID_STATE → CHECKOUT_LINK_LIMIT_REACHED (expired links count)', async () => {
    const co = await Co.create(server);
    const other = await Co.create(server);
    const c = await co.checkout({ expiresInSeconds: 3600 });
    expectRestProblem(await linkRest(co, randomUUID()), 404, 'NOT_FOUND');
    expectRestProblem(await linkRest(other, c.checkoutId), 403, 'FORBIDDEN');
    const now = server.clock.now().getTime();
    for (const at of [now, now - 1000, Date.parse(c.expiresAt) + 1])
      expectRestProblem(await linkRest(co, c.checkoutId, { expiresAt: new Date(at).toISOString() }), 400, 'VALIDATION_FAILED');
    const g = await linkGql(co, c.checkoutId, { expiresAt: new Date(now).toISOString() });
    expect(g.body.errors[0].extensions).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ pointer: '/expiresAt' }] });

    // Three links (the limit here), one expiring in a minute; once it has expired it still counts.
    await newLink(co, c.checkoutId, { expiresAt: new Date(now + 60_000).toISOString() });
    await newLink(co, c.checkoutId);
    await newLink(co, c.checkoutId);
    server.clock.advance(120_000);
    expectRestProblem(await linkRest(co, c.checkoutId), 409, 'CHECKOUT_LINK_LIMIT_REACHED');
    expect(await server.db.get('SELECT link_count FROM checkouts WHERE checkout_id = ?', c.checkoutId)).toEqual({ link_count: 3 });
    // G before H: a bad expiresAt is 400 even at the limit.
    expectRestProblem(await linkRest(co, c.checkoutId, { expiresAt: new Date(0).toISOString() }), 400, 'VALIDATION_FAILED');
    // INVALID_STATE before the limit: closed.
    expect((await co.closeRest(c.checkoutId)).status).toBe(200);
    expectRestProblem(await linkRest(co, c.checkoutId), 409, 'INVALID_STATE');
    // The gate before INVALID_STATE.
    await server.operator((db) => suspendCustomer(db, co.customerId, true));
    expectRestProblem(await linkRest(co, c.checkoutId), 409, 'CUSTOMER_SUSPENDED');
  });

  it('racing links: exactly CHECKOUT_MAX_LINKS succeed, the others CHECKOUT_LINK_LIMIT_REACHED (the count is a compare-and-set)', async () => {
    const co = await Co.create(server);
    const c = await co.checkout();
    const replies = await Promise.all(Array.from({ length: 10 }, () => linkRest(co, c.checkoutId)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of replies.filter((x) => x.status !== 200)) expectRestProblem(r, 409, 'CHECKOUT_LINK_LIMIT_REACHED');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM checkout_links WHERE checkout_id = ?', c.checkoutId)).toBe(3);
    expect(await server.db.get('SELECT link_count FROM checkouts WHERE checkout_id = ?', c.checkoutId)).toEqual({ link_count: 3 });
  });

  it('INVALID_STATE at or after the checkout’s expiresAt, and when nothing is due (payments pending)', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ expiresInSeconds: 60 });
    await co.pay(c.address, c.amountMinor);
    expectRestProblem(await linkRest(co, c.checkoutId), 409, 'INVALID_STATE');
    expectRestProblem(await posRest(co, c.checkoutId, { terminalRef: 't1' }), 409, 'INVALID_STATE');
    const d = await co.checkout({ expiresInSeconds: 60 });
    server.clock.advance(60_000);
    expectRestProblem(await linkRest(co, d.checkoutId), 409, 'INVALID_STATE');
  });
});

describe('createCheckoutPosPaymentRequest', () => {
  it('the address and amount due now with its payment URI, frozen; expiresAt = min(now + ttl, the checkout’s); the sandbox notice', async () => {
    const co = await Co.create(server, { tokenContract: USDT });
    const c = await co.checkout({ amountMinor: '25000000', expiresInSeconds: 3600 });
    const r = await posRest(co, c.checkoutId, { terminalRef: 'till-7' });
    expect(r.status, r.text).toBe(200);
    const now = server.clock.now();
    expect(r.body).toEqual({
      posPaymentRequestId: r.body.posPaymentRequestId,
      checkoutId: c.checkoutId,
      terminalRef: 'till-7',
      blockchain: 'ETH',
      address: c.address,
      amountDueMinor: '25000000',
      currency: 'USDT',
      currencyScale: 6,
      paymentUri: `ethereum:${USDT}@1/transfer?address=${c.address}&uint256=25000000`,
      expiresAt: new Date(now.getTime() + 120_000).toISOString(),
      createdAt: now.toISOString(),
      notice: 'Sandbox address — do not send funds',
    });
    // A part paid: the next request asks for the rest; the first one's row is unchanged.
    await co.pay(c.address, '5000000');
    const g = await posGql(co, c.checkoutId, { terminalRef: 'till-7', expiresInSeconds: 900 });
    expect(g.body.data.createCheckoutPosPaymentRequest).toMatchObject({ amountDueMinor: '20000000', paymentUri: `ethereum:${USDT}@1/transfer?address=${c.address}&uint256=20000000` });
    expect(await server.db.get('SELECT amount_due_minor, payment_uri FROM checkout_pos_payment_requests WHERE pos_payment_request_id = ?', r.body.posPaymentRequestId)).toEqual({
      amount_due_minor: '25000000',
      payment_uri: r.body.paymentUri,
    });
    // The checkout's expiresAt bounds it.
    const short = await co.checkout({ expiresInSeconds: 60 });
    const s = await posRest(co, short.checkoutId, { terminalRef: 'x', expiresInSeconds: 900 });
    expect(s.body.expiresAt).toBe(short.expiresAt);
  });

  it('B: terminalRef 1–64, expiresInSeconds 30–900, all at once; then D', async () => {
    const co = await Co.create(server);
    const c = await co.checkout();
    const r = await posRest(co, c.checkoutId, { terminalRef: '', expiresInSeconds: 29 });
    expectRestProblem(r, 400, 'VALIDATION_FAILED');
    expect(r.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/expiresInSeconds', '/terminalRef']);
    expectRestProblem(await posRest(co, c.checkoutId, { terminalRef: 'x'.repeat(65) }), 400, 'VALIDATION_FAILED');
    expectRestProblem(await posRest(co, c.checkoutId, { terminalRef: 'x', expiresInSeconds: 901 }), 400, 'VALIDATION_FAILED');
    expect((await posRest(co, c.checkoutId, { terminalRef: 'x'.repeat(64), expiresInSeconds: 30 })).status).toBe(200);
    expectRestProblem(await posRest(co, randomUUID(), { terminalRef: 'x' }), 404, 'NOT_FOUND');
  });
});

describe('GET /pay/{token}', () => {
  it('JSON by default: the checkout’s values, the payment URI of the amount due, the link’s expiresAt; with its headers', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1500000', merchantReference: `m-${randomUUID()}`, description: 'Secret order' });
    const l = await newLink(co, c.checkoutId);
    const r = await page(l.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectPageHeaders(r);
    expect(r.headers.get('content-security-policy')).toBeNull();
    expect(r.body).toEqual({
      status: 'OPEN',
      statusInfo: 'Awaiting payment',
      blockchain: 'ETH',
      currency: 'USDT',
      currencyScale: 6,
      amountMinor: '1500000',
      amountDueMinor: '1500000',
      address: c.address,
      paymentUri: c.address,
      expiresAt: l.body.expiresAt,
    });
    // §2 headers sent are ignored; the query string too.
    expect((await toReply(await fetch(`${server.url}/pay/${l.token}?x=1`, { headers: { 'x-partner-client-id': 'nobody', authorization: 'junk' } }))).body).toEqual(r.body);
    expect(r.text).not.toContain(c.checkoutId);
    expect(r.text).not.toContain('Secret order');
  });

  it('HTML when Accept names text/html with q ≠ 0 (any case): amount due, address, statusInfo, the QR’s URI, the CSP', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1500000', description: 'Secret order' });
    const l = await newLink(co, c.checkoutId);
    for (const accept of [html.accept, 'TEXT/HTML', 'application/json, Text/Html;q=0.1']) {
      const r = await page(l.token, { accept });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(r.headers.get('content-security-policy')).toBe(HTML_CSP);
      expectPageHeaders(r);
      expect(r.text).toContain('>1.5 USDT<');
      expect(r.text).toContain(c.address);
      expect(r.text).toContain('Awaiting payment');
      expect(r.text).toContain('Sandbox address — do not send funds');
      expect(r.text).toContain('<svg ');
      expect(r.text).not.toMatch(/<script|https?:\/\/|Secret order/i);
      expect(r.text).not.toContain(c.checkoutId);
    }
    for (const accept of ['text/html;q=0', 'application/json', '*/*']) expect((await page(l.token, { accept })).headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('one 404 for every failure: bad form, unknown, expired link, EXPIRED or CLOSED checkout; JSON a problem, HTML a plain page', async () => {
    const co = await Co.create(server);
    const open = await co.checkout({ expiresInSeconds: 3600 });
    const soon = await newLink(co, open.checkoutId, { expiresAt: new Date(server.clock.now().getTime() + 10_000).toISOString() });
    const closed = await co.checkout();
    const closedLink = await newLink(co, closed.checkoutId);
    expect((await co.closeRest(closed.checkoutId)).status).toBe(200);
    const expiring = await co.checkout({ expiresInSeconds: 60 });
    const expiringLink = await newLink(co, expiring.checkoutId);
    expect((await page(soon.token)).status).toBe(200);
    server.clock.advance(10_000);
    const tokens = [
      'short',
      `${soon.token}x`,
      `${soon.token.slice(0, 42)}%41`,
      `${soon.token.slice(0, 42)}.`,
      'A'.repeat(43),
      soon.token, // its link expired
      closedLink.token,
    ];
    const bodies = new Set<string>();
    for (const t of tokens) {
      const r = await page(t);
      expectRestProblem(r, 404, 'NOT_FOUND');
      expectPageHeaders(r);
      bodies.add(JSON.stringify({ ...r.body, requestId: undefined }));
      const h = await page(t, html);
      expect(h.status).toBe(404);
      expect(h.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(h.headers.get('content-security-policy')).toBe(HTML_CSP);
      expectPageHeaders(h);
      bodies.add(h.text);
    }
    expect(bodies.size).toBe(2);
    // EXPIRED by the expiry step (the link's own expiresAt is the checkout's, so both hold).
    server.clock.advance(60_000);
    await server.service.worker.drain();
    expect((await co.view(expiring.checkoutId)).status).toBe('EXPIRED');
    expectRestProblem(await page(expiringLink.token), 404, 'NOT_FOUND');
  });

  it('only GET: POST, HEAD, PUT → 405 with Allow: GET and the page’s headers', async () => {
    const co = await Co.create(server);
    const l = await newLink(co, (await co.checkout()).checkoutId);
    for (const method of ['POST', 'HEAD', 'PUT', 'DELETE']) {
      const r = await page(l.token, {}, method);
      expect(r.status).toBe(405);
      expect(r.headers.get('allow')).toBe('GET');
      expectPageHeaders(r);
      if (method !== 'HEAD') expectRestProblem(r, 405, 'METHOD_NOT_ALLOWED');
    }
  });

  it('after a payment: the new status and amount due; PAID → nothing due, no payment URI', async () => {
    const co = await Co.create(server);
    const c = await co.checkout({ amountMinor: '1000000', expiresInSeconds: 7200 });
    const l = await newLink(co, c.checkoutId);
    await co.pay(c.address, '400000');
    server.clock.advance(600_000);
    await server.service.worker.drain();
    expect(await page(l.token)).toMatchObject({ body: { status: 'PARTIALLY_PAID', statusInfo: 'Partially paid', amountDueMinor: '600000', paymentUri: c.address } });
    await co.pay(c.address, '600000');
    server.clock.advance(600_000);
    await server.service.worker.drain();
    const paid = await page(l.token, html);
    expect(paid.text).toContain('>0 USDT<');
    expect(paid.text).toContain('>Paid<');
    expect(paid.text).not.toContain('<svg');
    expect((await page(l.token)).body).toMatchObject({ status: 'PAID', amountDueMinor: '0', paymentUri: null });
  });

  it('the token is in no log line: the request log shows the path template', async () => {
    const co = await Co.create(server);
    const l = await newLink(co, (await co.checkout()).checkoutId);
    await page(l.token);
    await page(l.token, {}, 'POST');
    const lines = logged.map((s) => JSON.parse(s) as Record<string, unknown>).filter((x) => x.msg === 'request' && String(x.path).startsWith('/pay'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const x of lines) expect(x.path).toBe('/pay/{token}');
    for (const { token } of [l]) expect(logged.join('\n')).not.toContain(token);
  });
});

describe('rule 1: the limit per source address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE: '3' });
    limited.clock.freeze();
  });
  afterAll(() => limited.stop());

  it('a bucket of 3 refilled at 3 a minute, checked before the token and the method: 429 RATE_LIMITED with Retry-After ≥ 1', async () => {
    const get = async (method = 'GET') => toReply(await fetch(`${limited.url}/pay/${'A'.repeat(43)}`, { method }));
    for (let i = 0; i < 3; i++) expect((await get()).status).toBe(404);
    const r = await get('POST');
    expectRestProblem(r, 429, 'RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectPageHeaders(r);
    expect(Number((await get()).headers.get('retry-after'))).toBe(20);
    limited.clock.advance(20_000);
    expect((await get()).status).toBe(404);
    expect((await get()).status).toBe(429);
  });
});
