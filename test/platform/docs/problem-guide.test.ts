// Every problem code is explained (src/core/problem-guide.ts, src/modules/*/problems.ts, docs/problems.md), and a problem's `type`
// (§7) resolves on the server to a page about its code: HTML for a browser, JSON otherwise.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideOf, problemCodes } from '../../../src/http/problem-guides.js';
import { problemStatus } from '../../../src/core/problem.js';
import { loadTypeDefs } from '../../../src/graphql/type-defs.js';
import { renderProblemsDoc } from '../../../tools/problems-doc/render.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const get = (path: string, accept?: string) => fetch(server.url + path, { headers: accept ? { accept } : {} });

describe('the problem guide', () => {
  it('explains every code of the GraphQL ProblemCode enum and of problemStatus', () => {
    // The enum and its extensions, in every SDL file the service loads.
    const sdl = loadTypeDefs();
    const enumCodes = [...sdl.matchAll(/enum ProblemCode \{([^}]*)\}/g)].flatMap((m) => m[1]!.match(/[A-Z_]{3,}/g)!);
    expect([...problemCodes].sort()).toEqual([...enumCodes].sort());
    for (const code of problemCodes) {
      const g = guideOf(code);
      expect(g.status).toBe(problemStatus[code]);
      expect(g.when.length, code).toBeGreaterThan(20);
      expect(g.action.length, code).toBeGreaterThan(10);
    }
  });

  it('docs/problems.md is generated from it (npm run docs:problems)', () => {
    expect(fs.readFileSync(new URL('../../../docs/problems.md', import.meta.url), 'utf8')).toBe(renderProblemsDoc());
  });
});

describe('GET /problems/<code>', () => {
  it('answers JSON describing the code, unsigned', async () => {
    const res = await get('/problems/not-found');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ ...guideOf('NOT_FOUND'), type: '/problems/not-found', code: 'NOT_FOUND', status: 404, title: 'Not found' });
  });

  it('the code as problems write it (OPERATION_HASH_MISMATCH) answers as its type does, JSON and HTML', async () => {
    for (const accept of [undefined, 'text/html']) {
      const canonical = await get('/problems/operation-hash-mismatch', accept);
      const expected = { status: canonical.status, type: canonical.headers.get('content-type'), body: await canonical.text() };
      expect(expected.status).toBe(200);
      for (const spelling of ['OPERATION_HASH_MISMATCH', 'operation_hash_mismatch', 'Operation-Hash-Mismatch']) {
        const res = await get(`/problems/${spelling}`, accept);
        expect({ status: res.status, type: res.headers.get('content-type'), body: await res.text() }, spelling).toEqual(expected);
      }
    }
    expect((await get('/problems/NO_SUCH_CODE')).status).toBe(404);
  });

  it('answers HTML to a browser', async () => {
    const res = await get('/problems/auth-signature-invalid', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<code>AUTH_SIGNATURE_INVALID</code>');
    expect(html).toContain('canonicalString');
  });

  it('lists every code at /problems and /problems/', async () => {
    for (const path of ['/problems', '/problems/']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: { code: string }[] };
      expect(body.items.map((i) => i.code).sort()).toEqual([...problemCodes].sort());
    }
    expect((await get('/problems', 'text/html')).headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('an unknown code is a 404 problem; other methods are 405', async () => {
    const res = await get('/problems/no-such-code');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ type: '/problems/not-found', code: 'NOT_FOUND', status: 404 });
    const post = await fetch(`${server.url}/problems/not-found`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
  });

  it('the type of a real problem answer dereferences on the same server', async () => {
    const res = await fetch(`${server.url}/partner/v1/events`);
    expect(res.status).toBe(401);
    const problem = (await res.json()) as { type: string; code: string };
    expect(problem.code).toBe('AUTH_HEADERS_MISSING');
    const page = await get(problem.type);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ code: 'AUTH_HEADERS_MISSING', status: 401 });
  });
});
