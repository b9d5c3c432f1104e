// test: slow — headless Chromium
// GraphiQL in a real browser: headless Chromium (Debian's package) opens /graphiql, runs a query through
// the development signing proxy, and the answer renders. Every request the page makes stays on the
// server's own origin (no CDN). A screenshot is kept in the server's temporary directory.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/cli/operators.js';
import { DEMO_CLIENT_ID } from '../../../src/http/dev-proxy.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
// CI installs it (.ci/run); a machine without it skips, saying why.
if (!present && process.env.CI) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);

describe.skipIf(!present)('GraphiQL at /graphiql in headless Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startTestServer();
    await server.operator((db) => createClient(db, server.config.secretBox, { name: 'Demo partner', clientId: DEMO_CLIENT_ID }));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('runs a query through /dev/graphql and renders the answer, loading nothing from elsewhere', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const origin = new URL(server.url).origin;
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    const query = '{ events(first: 1) { pageInfo { hasNextPage } } }';
    await page.goto(`${server.url}/graphiql?query=${encodeURIComponent(query)}`, { waitUntil: 'networkidle' });
    const answer = page.waitForResponse((r) => r.url() === `${origin}/dev/graphql` && (r.request().postData() ?? '').includes('hasNextPage'));
    await page.locator('.graphiql-execute-button').click();
    expect((await answer).status()).toBe(200);
    const result = page.locator('.graphiql-response .CodeMirror');
    await expect.poll(async () => (await result.textContent()) ?? '', { timeout: 10_000 }).toContain('"hasNextPage": false');

    await page.screenshot({ path: path.join(server.dir, 'graphiql.png') });
    expect(fs.statSync(path.join(server.dir, 'graphiql.png')).size).toBeGreaterThan(10_000);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('is absent in production', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production' });
    try {
      expect((await fetch(`${prod.url}/graphiql`)).status).toBe(404);
      expect((await fetch(`${prod.url}/graphiql/assets/graphiql.min.js`)).status).toBe(404);
    } finally {
      await prod.stop();
    }
  });
});
