// test: slow — headless Chromium
// §15.4 the hosted page in a real browser: headless Chromium (Debian's package, as the frontend example's
// test) opens a link's URL, the page shows the amount due, the address, the status and the sandbox notice,
// and its QR code — read back from a screenshot with `jsqr` — is exactly the payment URI it shows (§16.9).
// After a simulated payment the reloaded page shows the new status and amount due. Nothing else is
// loaded (no script, no external resource, the CSP refusing none). A screenshot is kept in the server's
// temporary directory (and, with SAVE_SCREENSHOTS=1, as docs/img/checkout-page.png).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { decodePngQr } from '../../helpers/qr-decode.js';
import { Co } from './checkouts.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
// CI installs it (.ci/run); a machine without it skips, saying why.
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe.skipIf(!present)('the hosted page in headless Chromium (§15.4)', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    server.clock.freeze();
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the amount due, address, status and a QR code of the payment URI; after a payment, the new status and amount', async () => {
    const co = await Co.create(server, { tokenContract: USDT });
    const c = await co.checkout({ amountMinor: '25000000', expiresInSeconds: 7200 });
    const link = await co.rest('POST', `/partner/v1/crypto/checkouts/${c.checkoutId}/links`);
    expect(link.status, link.text).toBe(200);
    // The link names the default base (http://localhost:<PORT>/pay); the test server listens on a port of its own.
    const token = new URL(link.body.url).pathname.split('/').pop()!;
    const url = `${server.url}/pay/${token}`;

    const page = await browser.newPage({ viewport: { width: 520, height: 900 } });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    const text = (selector: string) => page.locator(selector).innerText();

    const first = await page.goto(url);
    expect(first!.status()).toBe(200);
    expect(first!.headers()['content-type']).toBe('text/html; charset=utf-8');
    const uri = `ethereum:${USDT}@1/transfer?address=${c.address}&uint256=25000000`;
    expect(await text('#amount-due')).toBe('25 USDT');
    expect(await text('#address')).toBe(c.address);
    expect(await text('#status-info')).toBe('Awaiting payment');
    expect(await text('#sandbox-notice')).toBe('Sandbox address — do not send funds');
    expect(await text('#payment-uri')).toBe(uri);
    expect(decodePngQr(await page.locator('#qr svg').screenshot())).toEqual({ text: uri, modes: ['byte'] });

    // A payment of 10 USDT, detected then confirmed by the worker on the moved clock.
    await co.pay(c.address, '10000000');
    server.clock.advance(server.config.sandboxStepDelayMs);
    await server.service.worker.drain();
    expect((await co.view(c.checkoutId)).status).toBe('PARTIALLY_PAID');

    await page.reload();
    const rest = `ethereum:${USDT}@1/transfer?address=${c.address}&uint256=15000000`;
    expect(await text('#amount-due')).toBe('15 USDT');
    expect(await text('#status-info')).toBe('Partially paid');
    expect(await text('#payment-uri')).toBe(rest);
    expect(decodePngQr(await page.locator('#qr svg').screenshot())).toEqual({ text: rest, modes: ['byte'] });

    const shot = path.join(server.dir, 'checkout-page.png');
    await page.screenshot({ path: shot, fullPage: true });
    expect(fs.statSync(shot).size).toBeGreaterThan(5_000);
    if (process.env.SAVE_SCREENSHOTS === '1') {
      fs.mkdirSync(path.join(ROOT, 'docs', 'img'), { recursive: true });
      fs.copyFileSync(shot, path.join(ROOT, 'docs', 'img', 'checkout-page.png'));
    }

    // The page and nothing else, twice; no CSP violation or error in the console.
    expect(requests).toEqual([url, url]);
    expect(errors).toEqual([]);
  });
});
