// The development explorers: Apollo Sandbox at / (telemetry off, naming the local explorer) and GraphiQL
// at /graphiql, served from the installed packages; neither exists in production. test/browser.test.ts
// runs GraphiQL in a real browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const html = (path: string) => fetch(server.url + path, { headers: { accept: 'text/html' } });

describe('development explorers', () => {
  it('/ leads a browser to Apollo Sandbox, with telemetry off and a link to GraphiQL', async () => {
    const res = await html('/');
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${server.url}/dev/graphql`);
    const page = await res.text();
    expect(page).toContain('"runTelemetry":false');
    expect(page).toContain('<a href="/graphiql">GraphiQL</a>');
  });

  it('/graphiql loads only its own scripts and styles, served from the npm packages', async () => {
    const res = await html('/graphiql');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    const page = await res.text();
    const assets = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBe(5);
    for (const a of assets) {
      expect(a.startsWith('/graphiql/assets/'), a).toBe(true);
      const asset = await fetch(server.url + a);
      expect(asset.status, a).toBe(200);
      expect(asset.headers.get('content-type'), a).toMatch(a.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await asset.text()).length, a).toBeGreaterThan(a.endsWith('start.js') ? 100 : 1000);
    }
    expect((await fetch(`${server.url}/graphiql/assets/../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/graphiql/assets/nope.js`)).status).toBe(404);
  });
});
