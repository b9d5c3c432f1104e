// §3 on REST: an Idempotency-Key on a GET is 400 IDEMPOTENCY_SCOPE_INVALID in REST's words (a GET, a
// POST, the header), not the GraphQL guard's (mutation fields a REST caller never wrote).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
let s: Scenario;
beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
});
afterAll(() => server.stop());

describe('IDEMPOTENCY_SCOPE_INVALID speaks the surface of the request', () => {
  it.each(['/partner/v1/events?limit=1', `/partner/v1/crypto/withdrawals/${randomUUID()}`])('REST GET %s with a key: a GET and the header, no GraphQL', async (path) => {
    const p = expectRestProblem(await server.request(s.client, 'GET', path, { idempotencyKey: randomUUID() }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
    expect(p.detail).toBe('Idempotency-Key belongs on a POST: a GET changes nothing, so send it without the header.');
    expect(p.detail).not.toMatch(/mutation|field/i);
  });

  it('a query parameter fault still answers first (the request’s own shape, §4 order)', async () => {
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/events?expand=all', { idempotencyKey: randomUUID() }), 400, 'VALIDATION_FAILED', '/expand');
  });

  it('GraphQL keeps its own words', async () => {
    const r = await server.gql(s.client, '{ events(first: 1) { pageInfo { hasNextPage } } }', undefined, { idempotencyKey: randomUUID() });
    expectGraphQLProblem(r, 400, 'IDEMPOTENCY_SCOPE_INVALID');
    expect(r.body.errors[0].message).toMatch(/mutation field/);
  });
});
