// §9.3 page size written inline: `events(first: 5000)` gets the answer `events(first: $first)` gets with
// 5000 in the variables (400 VALIDATION_FAILED at /first), not the cost limit's QUERY_TOO_COMPLEX.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem } from '../../helpers/problems.js';

let server: TestServer;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.newClient();
});
afterAll(() => server.stop());

const SELECTION = '{ items { eventId type data } pageInfo { hasNextPage endCursor } }';

/** What a partner compares: status, and the problem (message and extensions but the request id). */
function answerOf(r: Reply) {
  const [first, ...rest] = r.body.errors;
  const { requestId: _id, ...extensions } = first.extensions;
  return { status: r.status, errors: 1 + rest.length, message: first.message, extensions };
}

describe('a literal page size out of range answers as a variable does (§9.3)', () => {
  for (const first of [5000, 101, 1_000_000, 0, -1]) {
    it(`events(first: ${first})`, async () => {
      const literal = await server.gql(client, `{ events(first: ${first}) ${SELECTION} }`);
      const variable = await server.gql(client, `query($first: Int) { events(first: $first) ${SELECTION} }`, { first });
      expectGraphQLProblem(variable, 400, 'VALIDATION_FAILED', '/first');
      expectGraphQLProblem(literal, 400, 'VALIDATION_FAILED', '/first');
      expect(answerOf(literal)).toEqual(answerOf(variable));
      expect(answerOf(literal).extensions.errors).toEqual([{ pointer: '/first', detail: 'must be between 1 and 100' }]);
    });
  }

  it('inside a fragment, on another list (customerTransactions)', async () => {
    const r = await server.gql(
      client,
      `query Feed { ...F } fragment F on Query { events(first: 20) { pageInfo { hasNextPage } } customerTransactions(customerId: "00000000-0000-4000-8000-000000000000", first: 5000) { pageInfo { hasNextPage } } }`,
    );
    expectGraphQLProblem(r, 400, 'VALIDATION_FAILED', '/first');
  });

  it('in range, inline, still succeeds; an unrelated limit still answers QUERY_TOO_COMPLEX', async () => {
    const ok = await server.gql(client, `{ events(first: 100) ${SELECTION} }`);
    expect(ok.status, ok.text).toBe(200);
    const aliases = Array.from({ length: 6 }, (_, i) => `a${i}: events(first: 1) { pageInfo { hasNextPage } }`).join(' ');
    expectGraphQLProblem(await server.gql(client, `{ ${aliases} }`), 400, 'QUERY_TOO_COMPLEX');
  });
});
