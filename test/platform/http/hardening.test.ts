// Hardened GraphQL. Limits on depth, aliases, directives, cost and tokens (→ 400
// QUERY_TOO_COMPLEX), no batching, no automatic persisted queries, and in production no introspection,
// no landing page, no field suggestions and no /dev/graphql. Every refusal is a clean 4xx with a problem
// code (§7); nothing a caller sends is ever a 5xx (§6).
import { randomUUID } from 'node:crypto';
import { Lexer, Source, TokenKind } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProblemCode } from '../../../src/core/problem.js';
import { QUERY_LIMITS } from '../../../src/graphql/limits.js';
import { sha256Hex } from '../../../src/core/canonical.js';
import { Scenario, startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectSomeGraphQLProblem } from '../../helpers/problems.js';

// ---------------------------------------------------------------------------------------------------
// Helpers

/** Every reply of this file, to check at the end that none was a 5xx. */
const seen: { what: string; status: number; text: string }[] = [];
function track(what: string, r: Reply): Reply {
  seen.push({ what, status: r.status, text: r.text.slice(0, 300) });
  return r;
}

function tokenCount(doc: string): number {
  const lexer = new Lexer(new Source(doc));
  let n = 0;
  while (lexer.advance().kind !== TokenKind.EOF) n++;
  return n;
}

/** `{ customer(customerId: "…") { ... on PartnerCustomer { … customerId … } } }`: depth 2 + `fragments`. */
function inlineFragmentDepthQuery(customerId: string, fragments: number): string {
  return `{ customer(customerId: "${customerId}") { ${'... on PartnerCustomer { '.repeat(fragments)}customerId ${'} '.repeat(fragments)}} }`;
}

/** The same nesting through named fragments: F0 spreads F1, …, the last selects customerId. */
function namedFragmentDepthQuery(customerId: string, fragments: number): string {
  const defs = Array.from({ length: fragments }, (_, i) =>
    i === fragments - 1 ? `fragment F${i} on PartnerCustomer { customerId }` : `fragment F${i} on PartnerCustomer { ...F${i + 1} }`,
  );
  return `{ customer(customerId: "${customerId}") { ...F0 } } ${defs.join(' ')}`;
}

function aliasQuery(customerId: string, aliases: number): string {
  return `{ ${Array.from({ length: aliases }, (_, i) => `a${i}: customer(customerId: "${customerId}") { customerId }`).join(' ')} }`;
}

/** One directive per selection (a non-repeatable directive may appear once per location). */
function directiveQuery(customerId: string, directives: number): string {
  return `{ customer(customerId: "${customerId}") { ${'customerId @include(if: true) '.repeat(directives)}} }`;
}

/**
 * graphql-armor cost: an object field costs 2 plus 1.5× each child, times a literal `first`; a scalar
 * costs 1. So a page of 100 ledger rows selecting `n` scalars (repeated, no aliases) costs
 * 100 × (2 + 1.5 × (2 + 1.5 n)) = 500 + 225 n: 42 → 9,950, 43 → 10,175.
 */
function costQuery(customerId: string, scalars: number): string {
  return `{ customerTransactions(customerId: "${customerId}", first: 100) { items { ${'transactionId '.repeat(scalars)}} } }`;
}
const costOf = (scalars: number) => 500 + 225 * scalars;

/** A document of exactly `tokens` tokens, each operation cheap enough for the cost limit; runs Q0. */
function tokenQuery(customerId: string, tokens: number): string {
  const head = (i: number) => `query Q${i} { customer(customerId: "${customerId}") { `;
  const perOp = 12; // query Q { customer ( customerId : "…" ) { … } }
  const ops: string[] = [];
  let left = tokens;
  for (let i = 0; left > 0; i++) {
    // Small operations: graphql-js bounds the (quadratic) work of merging repeated fields per document.
    // Leave either nothing or room for a whole operation (perOp + 1 field) after this one.
    let fields = Math.min(88, left - perOp);
    if (left - perOp - fields > 0 && left - perOp - fields < perOp + 1) fields -= perOp + 1;
    if (fields < 1) throw new Error('token budget does not fit');
    ops.push(`${head(i)}${'customerId '.repeat(fields)}} }`);
    left -= perOp + fields;
  }
  return ops.join('\n');
}

// ---------------------------------------------------------------------------------------------------

describe('GraphQL limits (development server)', () => {
  let server: TestServer;
  let client: Client;
  let customerId: string;

  const ask = async (what: string, query: string, operationName?: string) =>
    track(what, await server.request(client, 'POST', '/graphql', { body: { query, operationName }, idempotencyKey: null }));

  beforeAll(async () => {
    server = await startTestServer();
    const sc = await Scenario.create(server);
    client = sc.client;
    customerId = await sc.customer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('the limits are the ones this suite was written for', () => {
    expect(QUERY_LIMITS).toEqual({ maxTokens: 2000, maxDepth: 8, maxAliases: 5, maxDirectives: 10, maxCost: 10_000 });
  });

  describe('depth', () => {
    it(`depth ${QUERY_LIMITS.maxDepth} (6 nested inline fragments) succeeds`, async () => {
      const r = await ask('depth at limit', inlineFragmentDepthQuery(customerId, QUERY_LIMITS.maxDepth - 2));
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { customer: { customerId } } });
    });

    it(`depth ${QUERY_LIMITS.maxDepth + 1} (7 nested inline fragments) → 400 QUERY_TOO_COMPLEX`, async () => {
      const r = await ask('depth over limit', inlineFragmentDepthQuery(customerId, QUERY_LIMITS.maxDepth - 1));
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX');
    });

    it('deep nesting through named fragments → 400 QUERY_TOO_COMPLEX', async () => {
      const r = await ask('depth named fragments', namedFragmentDepthQuery(customerId, 12));
      // Over the depth limit and so over the cost limit too: one error for each.
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX', { errors: 'some' });
    });

    it('much deeper (50 levels) is refused just the same, never a 5xx', async () => {
      const r = await ask('depth 52', inlineFragmentDepthQuery(customerId, 50));
      // Over the depth limit and so over the cost limit too: one error for each.
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX', { errors: 'some' });
    });
  });

  describe('aliases', () => {
    it(`${QUERY_LIMITS.maxAliases} aliases succeed`, async () => {
      const r = await ask('aliases at limit', aliasQuery(customerId, QUERY_LIMITS.maxAliases));
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body.data)).toHaveLength(QUERY_LIMITS.maxAliases);
    });

    it(`${QUERY_LIMITS.maxAliases + 1} aliases → 400 QUERY_TOO_COMPLEX`, async () => {
      const r = await ask('aliases over limit', aliasQuery(customerId, QUERY_LIMITS.maxAliases + 1));
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX');
    });
  });

  describe('directives', () => {
    it(`${QUERY_LIMITS.maxDirectives} directives succeed`, async () => {
      const r = await ask('directives at limit', directiveQuery(customerId, QUERY_LIMITS.maxDirectives));
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { customer: { customerId } } });
    });

    it(`${QUERY_LIMITS.maxDirectives + 1} directives → 400 QUERY_TOO_COMPLEX`, async () => {
      const r = await ask('directives over limit', directiveQuery(customerId, QUERY_LIMITS.maxDirectives + 1));
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX');
    });
  });

  describe('cost', () => {
    it('the cost queries stay inside every other limit', () => {
      for (const n of [42, 43]) expect(tokenCount(costQuery(customerId, n))).toBeLessThan(QUERY_LIMITS.maxTokens);
      expect(costOf(42)).toBeLessThanOrEqual(QUERY_LIMITS.maxCost);
      expect(costOf(43)).toBeGreaterThan(QUERY_LIMITS.maxCost);
    });

    it('a page of 100 costing 9,950 (no aliases, depth 3) succeeds', async () => {
      const r = await ask('cost at limit', costQuery(customerId, 42));
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { customerTransactions: { items: [] } } });
    });

    it('a page of 100 costing 10,175 (no aliases, depth 3, no directives) → 400 QUERY_TOO_COMPLEX', async () => {
      const r = await ask('cost over limit', costQuery(customerId, 43));
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX');
    });
  });

  describe('tokens', () => {
    it(`a document of exactly ${QUERY_LIMITS.maxTokens} tokens succeeds`, async () => {
      const doc = tokenQuery(customerId, QUERY_LIMITS.maxTokens);
      expect(tokenCount(doc)).toBe(QUERY_LIMITS.maxTokens);
      const r = await ask('tokens at limit', doc, 'Q0');
      expect(r.status, r.text).toBe(200);
      expect(r.body).toEqual({ data: { customer: { customerId } } });
    });

    it(`a document of ${QUERY_LIMITS.maxTokens + 1} tokens → 400 QUERY_TOO_COMPLEX (not 500, not a plain syntax error)`, async () => {
      const doc = tokenQuery(customerId, QUERY_LIMITS.maxTokens + 1);
      expect(tokenCount(doc)).toBe(QUERY_LIMITS.maxTokens + 1);
      const r = await ask('tokens over limit', doc, 'Q0');
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX');
    });

    it('a huge document (20,000 tokens, under 64 KiB) → 400 QUERY_TOO_COMPLEX', async () => {
      const r = await ask('tokens huge', `{ customer(customerId: "${customerId}") { ${'customerId '.repeat(5_000)}} }`);
      expectGraphQLProblem(r, 400, 'QUERY_TOO_COMPLEX');
    });
  });

  describe('request shapes that are refused', () => {
    it('a batched request (JSON array body) → 400 INVALID_REQUEST', async () => {
      const q = { query: `{ customer(customerId: "${customerId}") { customerId } }` };
      const r = track('batch', await server.request(client, 'POST', '/graphql', { body: [q, q], idempotencyKey: null }));
      expectGraphQLProblem(r, 400, 'INVALID_REQUEST');
    });

    it('a batch of one is refused too', async () => {
      const r = track(
        'batch of one',
        await server.request(client, 'POST', '/graphql', { body: [{ query: '{ __typename }' }], idempotencyKey: null }),
      );
      expectGraphQLProblem(r, 400, 'INVALID_REQUEST');
    });

    it('§7: the batch refusal carries the requestId (and its status) in extensions like every other problem', async () => {
      const r = track(
        'batch envelope',
        await server.request(client, 'POST', '/graphql', { body: [{ query: '{ __typename }' }], idempotencyKey: null }),
      );
      expectGraphQLProblem(r, 400, 'INVALID_REQUEST');
    });

    it('an automatic persisted query (hash, no query) → 4xx with a problem code', async () => {
      const r = track(
        'apq hash only',
        await server.request(client, 'POST', '/graphql', {
          body: { extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex('{ __typename }') } } },
          idempotencyKey: null,
        }),
      );
      expectSomeGraphQLProblem(r);
    });

    it('registering a persisted query (hash and query) is refused too: APQ is off', async () => {
      const query = `{ customer(customerId: "${customerId}") { customerId } }`;
      const r = track(
        'apq register',
        await server.request(client, 'POST', '/graphql', {
          body: { query, extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } } },
          idempotencyKey: null,
        }),
      );
      expectSomeGraphQLProblem(r);
    });

    it('a GraphQL syntax error → 400 INVALID_REQUEST', async () => {
      const r = await ask('syntax error', `{ customer(customerId: "${customerId}") { customerId `);
      expectGraphQLProblem(r, 400, 'INVALID_REQUEST');
    });

    it('a misspelled field in development names a suggestion ("Did you mean")', async () => {
      const r = await ask('misspelled dev', `{ customr(customerId: "${customerId}") { customerId } }`);
      expectSomeGraphQLProblem(r);
      expect(r.text).toMatch(/Did you mean/);
    });

    it('introspection works in development (signed)', async () => {
      const r = await ask('introspection dev', '{ __schema { queryType { name } } }');
      expect(r.status, r.text).toBe(200);
      expect(r.body.data.__schema.queryType.name).toBe('Query');
    });
  });
});

describe('production (NODE_ENV=production)', () => {
  let server: TestServer;
  let client: Client;
  let customerId: string;

  const ask = async (what: string, query: string) =>
    track(what, await server.request(client, 'POST', '/graphql', { body: { query }, idempotencyKey: null }));

  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'production' });
    const sc = await Scenario.create(server);
    client = sc.client;
    customerId = await sc.customer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an ordinary signed query still works', async () => {
    const r = await ask('prod query', `{ customer(customerId: "${customerId}") { customerId } }`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ data: { customer: { customerId } } });
  });

  it('a signed introspection query (__schema) is refused: 4xx with a problem code, no schema', async () => {
    const r = await ask('prod __schema', '{ __schema { types { name fields { name } } } }');
    expectSomeGraphQLProblem(r);
    expect(r.body.data ?? null).toBeNull();
    expect(r.text).not.toContain('CreateCustomerInput');
  });

  it('a signed __type query is refused too', async () => {
    const r = await ask('prod __type', '{ __type(name: "PartnerCustomer") { name fields { name } } }');
    expectSomeGraphQLProblem(r);
    expect(r.text).not.toContain('externalRef');
  });

  it('Sandbox-style introspection (a fragment and __schema) is refused', async () => {
    const r = await ask(
      'prod sandbox introspection',
      'query IntrospectionQuery { __schema { ...S } } fragment S on __Schema { queryType { name } types { name } }',
    );
    expectSomeGraphQLProblem(r);
  });

  it('unsigned introspection is 401 in production (no development exemption)', async () => {
    const r = track(
      'prod unsigned introspection',
      await server.request(client, 'POST', '/graphql', { body: { query: '{ __schema { queryType { name } } }' }, sign: false }),
    );
    expectGraphQLProblem(r, 401, 'AUTH_HEADERS_MISSING');
  });

  it('a misspelled root field errors without "Did you mean" suggestions', async () => {
    const r = await ask('prod misspelled root', `{ customr(customerId: "${customerId}") { customerId } }`);
    expectSomeGraphQLProblem(r);
    expect(r.text).not.toMatch(/Did you mean/i);
    expect(r.text).not.toContain('"customer"');
  });

  it('a misspelled nested field and argument error without suggestions', async () => {
    const r1 = await ask('prod misspelled field', `{ customer(customerId: "${customerId}") { customerid } }`);
    expectSomeGraphQLProblem(r1);
    expect(r1.text).not.toMatch(/Did you mean/i);
    const r2 = await ask('prod misspelled arg', `{ customer(customerID: "${customerId}") { customerId } }`);
    expectSomeGraphQLProblem(r2);
    expect(r2.text).not.toMatch(/Did you mean/i);
  });

  it('GET /graphql with Accept: text/html is no landing page (signed or not)', async () => {
    const signed = track('prod GET html signed', await server.request(client, 'GET', '/graphql', { headers: { accept: 'text/html' } }));
    const unsigned = track(
      'prod GET html unsigned',
      await server.request(client, 'GET', '/graphql', { headers: { accept: 'text/html' }, sign: false }),
    );
    for (const r of [signed, unsigned]) {
      expect(r.status, r.text).toBeGreaterThanOrEqual(400);
      expect(r.status, r.text).toBeLessThan(500);
      expect(r.headers.get('content-type') ?? '').not.toMatch(/html/);
      expect(r.text).not.toMatch(/<html|<!doctype|sandbox/i);
      expect(r.headers.get('location')).toBeNull();
    }
    expectGraphQLProblem(unsigned, 401, 'AUTH_HEADERS_MISSING');
    expect(isProblemCode(signed.body?.errors?.[0]?.extensions?.code), signed.text).toBe(true);
  });

  it('§7: the signed GET text/html refusal names its HTTP status and requestId in extensions', async () => {
    const r = track('prod GET html envelope', await server.request(client, 'GET', '/graphql', { headers: { accept: 'text/html' } }));
    expectSomeGraphQLProblem(r);
  });

  it('GET / is no landing page or redirect', async () => {
    const r = track('prod GET /', await server.request(client, 'GET', '/', { headers: { accept: 'text/html' }, sign: false }));
    expect(r.status).toBe(404);
    expect(r.headers.get('location')).toBeNull();
    expect(r.body?.code).toBe('NOT_FOUND');
  });

  it('POST /dev/graphql → 404 NOT_FOUND (the signing proxy does not exist)', async () => {
    const r = track(
      'prod dev proxy',
      await fetch(`${server.url}/dev/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ customer(customerId: "${customerId}") { customerId } }` }),
      }).then(async (res) => ({ status: res.status, headers: res.headers, text: await res.text(), body: undefined as unknown }) as Reply),
    );
    expect(r.status, r.text).toBe(404);
    expect(JSON.parse(r.text)).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(r.text).not.toContain(customerId);
  });

  it('GET /dev/graphql (Accept text/html) → 404', async () => {
    const r = track(
      'prod dev GET',
      await server.request(client, 'GET', '/dev/graphql', { headers: { accept: 'text/html' }, sign: false }),
    );
    expect(r.status).toBe(404);
    expect(r.body?.code).toBe('NOT_FOUND');
  });

  it('the depth limit holds in production → 400 QUERY_TOO_COMPLEX', async () => {
    expectGraphQLProblem(await ask('prod depth', inlineFragmentDepthQuery(customerId, 10)), 400, 'QUERY_TOO_COMPLEX');
  });

  it('the alias limit holds in production → 400 QUERY_TOO_COMPLEX', async () => {
    expectGraphQLProblem(await ask('prod aliases', aliasQuery(customerId, 6)), 400, 'QUERY_TOO_COMPLEX');
  });

  it('the token limit holds in production → 400 QUERY_TOO_COMPLEX', async () => {
    expectGraphQLProblem(await ask('prod tokens', tokenQuery(customerId, 2500)), 400, 'QUERY_TOO_COMPLEX');
  });

  it('a batch and a syntax error are clean 400s in production too', async () => {
    const batch = track(
      'prod batch',
      await server.request(client, 'POST', '/graphql', { body: [{ query: '{ __typename }' }], idempotencyKey: null }),
    );
    expectGraphQLProblem(batch, 400, 'INVALID_REQUEST');
    expectGraphQLProblem(await ask('prod syntax', '{ customer('), 400, 'INVALID_REQUEST');
  });

  it('an unknown id is null, not an error (sanity: the production schema answers)', async () => {
    const r = await ask('prod unknown id', `{ customer(customerId: "${randomUUID()}") { customerId } }`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { customer: null } });
  });
});

describe('no response anywhere', () => {
  it('was a 5xx', () => {
    expect(seen.length).toBeGreaterThan(20);
    const fives = seen.filter((s) => s.status >= 500);
    expect(fives, JSON.stringify(fives, null, 2)).toEqual([]);
  });
});
