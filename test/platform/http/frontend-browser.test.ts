// test: slow — headless Chromium and the frontend example's backend
// The partner frontend example (examples/frontend/, §17) in a real browser: headless Chromium (Debian's
// package) opens the page the example backend serves on its own origin; the page gets a session from
// that backend and reads the API cross-origin with the bearer token (CORS, §17.3) and follows the live
// stream (§17.4). Money moves through the signed API — a deposit from the page's simulate form, a
// withdrawal as a curl to the backend would ask — and both show in the live event list, in the feed's
// order with the feed's cursors, and in the tables. Nothing the page loads or calls leaves this machine.
// A screenshot is kept in the server's temporary directory (and, with SAVE_SCREENSHOTS=1, as
// docs/img/frontend-example.png).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/cli/operators.js';
import { DEMO_CLIENT_ID } from '../../../src/http/dev-proxy.js';
import { addOrigin } from '../../../src/modules/frontend/index.js';
import { startBackend, type RunningBackend } from '../../../examples/frontend/partner-backend.js';
import { startTestServer, type Client, type TestServer } from '../../helpers/harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
// CI installs it (.ci/run); a machine without it skips, saying why.
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');

describe.skipIf(!present)('the partner frontend example in headless Chromium (§17)', () => {
  let server: TestServer;
  let client: Client;
  let backend: RunningBackend;
  let browser: Browser;
  beforeAll(async () => {
    // Worker steps 1 s apart, so moving the clock through a withdrawal's steps keeps the session (§17.5: 900 s) alive.
    server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '1000' });
    client = await server.operator((db) => createClient(db, server.config.secretBox, { name: 'Demo partner', clientId: DEMO_CLIENT_ID }));
    const routeCode = await server.newRoute(client, { code: 'USDT-ETH' });
    backend = await startBackend({ baseUrl: server.url, ...client, routeCode, port: 0, publicHost: '127.0.0.1', now: server.clock.now });
    // What `partnerctl client origin add` does (§17.3): the page's origin, registered for the client.
    await server.operator((db) => db.writer.run((tx) => addOrigin(tx, client.clientId, backend.origin, new Date().toISOString())));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await backend?.close();
    await server?.stop();
  });

  it('shows a deposit and a withdrawal live, in the event list and the tables, calling nothing but this machine', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const text = (selector: string) => page.locator(selector).allTextContents();
    const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
    // The stream's indicator, with the page's problem when it shows one (a refused session, a stopped stream).
    const state = async () => {
      const live = await page.locator('#live').textContent();
      const problem = (await page.locator('#problem').isVisible()) ? await page.locator('#problem').textContent() : '';
      return problem ? `${live}: ${problem}` : live;
    };

    await page.goto(`${backend.origin}/`);
    await poll(state).toBe('live');
    expect(await page.locator('#customer').textContent()).toContain(backend.customerId);
    expect(await text('#balances tbody tr')).toEqual([]);

    // A deposit from the page's form: the backend's signed simulateCryptoDeposit.
    await page.fill('input[name=amountMinor]', '25000000');
    await page.click('button[value=deposit]');
    await poll(() => text('#events li .type')).toContain('crypto_deposit.completed');
    await poll(() => text('#balances tbody tr[data-currency=USDT] td')).toEqual(['USDT', '25.00', '0.00', '25.00']);

    // A withdrawal of 10 USDT (fee 0.0025, the route's) as a tool would ask the backend for it.
    const res = await fetch(`${backend.origin}/demo/withdrawal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amountMinor":"10000000"}' });
    const withdrawal = (await res.json()) as { withdrawalId: string; status: string };
    expect(res.status, JSON.stringify(withdrawal)).toBe(200);
    expect(withdrawal.status).toBe('SUBMITTED');
    const row = `#withdrawals tbody tr[data-withdrawal-id="${withdrawal.withdrawalId}"]`;
    await poll(() => page.locator(row).getAttribute('data-status')).toBe('SUBMITTED');
    await poll(() => text('#balances tbody tr[data-currency=USDT] td')).toEqual(['USDT', '14.9975', '10.0025', '25.00']);

    // The worker takes it to COMPLETED (§10.7); each step reaches the page by itself.
    await server.advanceWorker();
    await poll(() => page.locator(row).getAttribute('data-status')).toBe('COMPLETED');
    await poll(() => text('#balances tbody tr[data-currency=USDT] td')).toEqual(['USDT', '14.9975', '0.00', '14.9975']);
    await poll(() => text('#events li .type')).toContain('crypto_withdrawal.completed');
    expect(await state()).toBe('live');

    // The list is the customer's feed (§11.3), newest first: its types in the feed's order and, as ids,
    // the feed's cursors, the newest one the feed's end.
    const feed = await server.gql(client, `query($c: UUID!) { events(customerId: $c, first: 100) { items { type } pageInfo { endCursor } } }`, { c: backend.customerId });
    const feedTypes = (feed.body.data.events.items as { type: string }[]).map((e) => e.type);
    const shown = await page.locator('#events li').evaluateAll((lis) => lis.map((li) => ({ type: li.getAttribute('data-type')!, id: li.getAttribute('data-id')! })));
    expect(shown.map((e) => e.type).reverse()).toEqual(feedTypes.slice(feedTypes.length - shown.length));
    expect(feedTypes.slice(0, feedTypes.length - shown.length).filter((t) => /^(crypto_deposit|crypto_withdrawal|transaction)\./.test(t))).toEqual([]);
    expect(shown[0]!.id).toBe(feed.body.data.events.pageInfo.endCursor);
    expect(new Set(shown.map((e) => e.id)).size).toBe(shown.length);
    expect(await text('#events li .cursor')).toEqual(shown.map((e) => e.id));

    const shot = path.join(server.dir, 'frontend-example.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(fs.statSync(shot).size).toBeGreaterThan(10_000);
    if (process.env.SAVE_SCREENSHOTS === '1') {
      fs.mkdirSync(path.join(ROOT, 'docs', 'img'), { recursive: true });
      fs.copyFileSync(shot, path.join(ROOT, 'docs', 'img', 'frontend-example.png'));
    }

    const elsewhere = requests.filter((u) => !u.startsWith('data:') && !['127.0.0.1', 'localhost'].includes(new URL(u).hostname));
    expect(elsewhere).toEqual([]);
    // The page, its modules, the session, and the API on the server's origin (queries and the stream).
    expect(requests.some((u) => u.startsWith(`${server.url}/partner/v1/frontend/events/stream`))).toBe(true);
    expect(requests.some((u) => u === `${server.url}/graphql`)).toBe(true);
    expect(errors).toEqual([]);
  }, 90_000);
});
