// Contract §3 (Idempotency), checked over real HTTP on both surfaces, plus unit tests of the fingerprint.
// The first part holds for every operation of the registry, each with its example request
// (helpers/operation-cases.ts), so a new operation is covered with no edit here; the rest are the cases
// that need a particular operation (snapshots, restarts, concurrency, expiry).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { fingerprintOf } from '../../../src/core/idempotency.js';
import { signedHeaders } from '../../../src/http/signature.js';
import { descriptorOf } from '../../../src/graphql/registry.js';
import { purgeExpired } from '../../../src/service.js';
import {
  BENEFICIARY_FIELDS,
  CUSTOMER_FIELDS,
  DEPOSIT_FIELDS,
  ETH_ADDRESS_2,
  Scenario,
  WITHDRAWAL_FIELDS,
  startTestServer,
  type Client,
  type Reply,
  type TestServer,
} from '../../helpers/harness.js';
import { mutationNames, noCase, OperationCase, queryNames, tableCounts, World, type StepVisit } from '../../helpers/operation-cases.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { restFieldsOf } from '../../helpers/sdl-fields.js';

const CREATE_CUSTOMER = `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { ${CUSTOMER_FIELDS} } }`;
const CREATE_BENEFICIARY = `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { ${BENEFICIARY_FIELDS} } }`;
const CREATE_WITHDRAWAL = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${WITHDRAWAL_FIELDS} } }`;
const SIMULATE_DEPOSIT = `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { ${DEPOSIT_FIELDS} } }`;
const GET_DEPOSIT = `query($id: UUID!) { cryptoDeposit(depositId: $id) { ${DEPOSIT_FIELDS} } }`;
const GET_CUSTOMER = `query($id: UUID!) { customer(customerId: $id) { ${CUSTOMER_FIELDS} } }`;

const REPLAYED = 'idempotent-replayed';

const beneficiaryPath = (customerId: string) => `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
const withdrawalPath = (customerId: string) => `/partner/v1/customers/${customerId}/crypto-withdrawals`;
const customerInput = (o: Record<string, unknown> = {}) => ({ externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace', ...o });

function expectFresh(r: Reply): void {
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get(REPLAYED)).toBeNull();
}

function expectReplayOf(replay: Reply, first: Reply): void {
  expect(replay.status, replay.text).toBe(200);
  expect(replay.body).toEqual(first.body);
  expect(replay.text).toBe(first.text);
  expect(replay.headers.get(REPLAYED), 'Idempotent-Replayed header on the replay').toBe('true');
}

let server: TestServer;
let s: Scenario;

const records = (client: Client, key: string) =>
  server.db.count('SELECT COUNT(*) AS n FROM idempotency_records WHERE client_id = ? AND idempotency_key = ?', client.clientId, key);
const beneficiariesOf = (customerId: string) =>
  server.db.count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ?', customerId);
const customersWithRef = (client: Client, externalRef: string) =>
  server.db.count('SELECT COUNT(*) AS n FROM customers WHERE client_id = ? AND external_ref = ?', client.clientId, externalRef);

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
});
afterAll(() => server.stop());

// ---------------------------------------------------------------------------------------------
// Every operation of the registry, at its step of the scenario (the records it needs exist there).

/** What one mutation answered: refusals before its success, then the success and its replays. */
type MutationSeen = {
  case: OperationCase;
  key: string;
  before: Record<string, number>;
  refused: { what: string; surface: 'GraphQL' | 'REST'; reply: Reply; status: number; code: string }[];
  afterRefusals: Record<string, number>;
  first: Reply;
  afterFirst: Record<string, number>;
  replay: Reply;
  restReplay: Reply | undefined;
  afterReplays: Record<string, number>;
  records: number;
};
type QuerySeen = { case: OperationCase; graphql: Reply; rest: Reply | undefined };

describe('§3 for every operation of the registry', () => {
  const mutations = new Map<string, MutationSeen>();
  const queries = new Map<string, QuerySeen>();

  async function atMutation(v: StepVisit, usedKey: string): Promise<Reply> {
    const c = v.case;
    const before = await tableCounts(server);
    const refused: MutationSeen['refused'] = [];
    const refusals: [string, string | null, number, string][] = [
      ['no Idempotency-Key', null, 400, 'IDEMPOTENCY_KEY_MISSING'],
      ['a key with a space', 'key with space', 400, 'IDEMPOTENCY_KEY_INVALID'],
      ['a key of 256 characters', 'k'.repeat(256), 400, 'IDEMPOTENCY_KEY_INVALID'],
      ['a key already used for another request', usedKey, 409, 'IDEMPOTENCY_KEY_REUSED'],
    ];
    for (const [what, key, status, code] of refusals) {
      refused.push({ what, surface: 'GraphQL', reply: await c.graphql(server, v.client, { idempotencyKey: key }), status, code });
      if (c.rest) refused.push({ what, surface: 'REST', reply: await c.restRequest(server, v.client, { idempotencyKey: key }), status, code });
    }
    const afterRefusals = await tableCounts(server);
    const key = randomUUID();
    const first = await c.graphql(server, v.client, { idempotencyKey: key });
    const afterFirst = await tableCounts(server);
    const replay = await c.graphql(server, v.client, { idempotencyKey: key });
    // The same arguments on the other surface are the same request (§3: the fingerprint is of the operation and its arguments).
    const restReplay = c.rest ? await c.restRequest(server, v.client, { idempotencyKey: key }) : undefined;
    const afterReplays = await tableCounts(server);
    mutations.set(c.op, { case: c, key, before, refused, afterRefusals, first, afterFirst, replay, restReplay, afterReplays, records: await records(v.client, key) });
    return first;
  }

  beforeAll(async () => {
    let usedKey = '';
    await World.walk(server, {
      name: 'Idempotency partner',
      hook: async (v) => {
        if (!v.first) return;
        if (v.case.isMutation) {
          // The first mutation reuses a key of a request made for the purpose; later ones the previous mutation's.
          if (!usedKey) {
            usedKey = randomUUID();
            expectFresh(await server.gql(v.client, CREATE_CUSTOMER, { input: customerInput() }, { idempotencyKey: usedKey }));
          }
          const r = await atMutation(v, usedKey);
          usedKey = mutations.get(v.case.op)!.key;
          return r;
        }
        const c = v.case;
        queries.set(c.op, {
          case: c,
          graphql: await c.graphql(server, v.client, { idempotencyKey: randomUUID() }),
          rest: c.rest ? await c.restRequest(server, v.client, { idempotencyKey: randomUUID() }) : undefined,
        });
      },
    });
  }, 120_000);

  it.each(mutationNames())('%s: a missing, malformed or reused key is refused on both surfaces and writes nothing', (op) => {
    const m = mutations.get(op);
    if (!m) throw noCase(op, 'idempotency');
    expect(m.refused.length).toBeGreaterThanOrEqual(4);
    for (const r of m.refused) {
      const message = `${r.surface} ${op}, ${r.what}`;
      if (r.surface === 'REST') expectRestProblem(r.reply, r.status, r.code, { message });
      else expectGraphQLProblem(r.reply, r.status, r.code, { message });
    }
    expect(m.afterRefusals, `${op}: rows written by refusals`).toEqual(m.before);
  });

  it.each(mutationNames())('%s: the same key and request → the stored answer, byte for byte, with Idempotent-Replayed; one record, one effect', (op) => {
    const m = mutations.get(op);
    if (!m) throw noCase(op, 'idempotency');
    expectFresh(m.first);
    expect(m.first.body.errors, m.first.text).toBeUndefined();
    expect(m.afterFirst.idempotency_records, `${op}: one idempotency record for the success`).toBe(m.afterRefusals.idempotency_records! + 1);
    expectReplayOf(m.replay, m.first);
    expect(m.records).toBe(1);
    expect(m.afterReplays, `${op}: rows written by replays`).toEqual(m.afterFirst);
  });

  it.each(mutationNames().filter((op) => descriptorOf(op)?.rest))('%s: the same key and arguments on REST → a replay of the GraphQL success, in REST’s rendering', (op) => {
    const m = mutations.get(op);
    if (!m) throw noCase(op, 'idempotency');
    const r = m.restReplay!;
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get(REPLAYED), `${op}: Idempotent-Replayed header on the REST replay`).toBe('true');
    expect(Object.keys(r.body), `${op}: the REST body's members (§6)`).toEqual(restFieldsOf(op));
    const graphql = OperationCase.dataOf(op, m.first);
    expect(r.body).toEqual(Object.fromEntries(Object.keys(r.body).map((k) => [k, graphql[k]])));
  });

  it.each(queryNames())('%s: a query sent with an Idempotency-Key → 400 IDEMPOTENCY_SCOPE_INVALID on both surfaces', (op) => {
    const q = queries.get(op);
    if (!q) throw noCase(op, 'idempotency');
    expectGraphQLProblem(q.graphql, 400, 'IDEMPOTENCY_SCOPE_INVALID', { message: `GraphQL ${op}` });
    if (q.case.rest) expectRestProblem(q.rest!, 400, 'IDEMPOTENCY_SCOPE_INVALID', { message: `REST ${op}` });
  });
});

describe('§3 Idempotency-Key presence and format', () => {
  it('REST: a mutation without Idempotency-Key → 400 IDEMPOTENCY_KEY_MISSING, nothing created', async () => {
    const customerId = await s.customer();
    const r = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: null });
    expectRestProblem(r, 400, 'IDEMPOTENCY_KEY_MISSING');
    expect(await beneficiariesOf(customerId)).toBe(0);
  });

  it('GraphQL: createCustomer without Idempotency-Key → 400 IDEMPOTENCY_KEY_MISSING, nothing created', async () => {
    const input = customerInput();
    const r = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: null });
    expectGraphQLProblem(r, 400, 'IDEMPOTENCY_KEY_MISSING');
    expect(await customersWithRef(s.client, input.externalRef)).toBe(0);
  });

  const invalidKeys: [string, string][] = [
    ['256 characters', 'k'.repeat(256)],
    ['a space inside', 'key with space'],
    ['a non-ASCII character', 'clé-é'],
    ['an empty value', ''],
  ];

  for (const [what, key] of invalidKeys) {
    it(`REST: a key with ${what} → 400 IDEMPOTENCY_KEY_INVALID, nothing created`, async () => {
      const customerId = await s.customer();
      const r = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: key });
      expectRestProblem(r, 400, 'IDEMPOTENCY_KEY_INVALID');
      expect(await beneficiariesOf(customerId)).toBe(0);
    });
  }

  it('a key with a DEL (0x7F) character is refused with 400 and nothing is created', async () => {
    // fetch (and node:http) refuse to send DEL in a header value, so this goes over a raw socket.
    // DEL is not a valid field-value character in HTTP/1.1 either (RFC 9110 §5.5), so Node's own
    // parser may refuse the message before the application sees it: we require the 400 and no effect.
    const customerId = await s.customer();
    const path = beneficiaryPath(customerId);
    const body = JSON.stringify(s.beneficiaryInput());
    const key = 'key\x7fdel';
    const signed = signedHeaders(s.client.secret, { method: 'POST', path, clientId: s.client.clientId, idempotencyKey: key, body });
    const head = [
      `POST ${path} HTTP/1.1`,
      'host: 127.0.0.1',
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
      ...Object.entries(signed).map(([k, v]) => `${k}: ${v}`),
    ].join('\r\n');
    const response = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(server.service.port, '127.0.0.1');
      let data = '';
      socket.on('data', (c: Buffer) => (data += c.toString('latin1')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.end(Buffer.concat([Buffer.from(`${head}\r\n\r\n`, 'latin1'), Buffer.from(body)]));
    });
    expect(response).toMatch(/^HTTP\/1\.1 400 /);
    // Node's parser refuses the header before the service sees it: the answer is still a problem document.
    expect(response).toMatch(/content-type: application\/problem\+json/i);
    expect(response).toMatch(/"code":"(INVALID_REQUEST|IDEMPOTENCY_KEY_INVALID)"/);
    expect(await beneficiariesOf(customerId)).toBe(0);
    expect(await records(s.client, key)).toBe(0);
  });

  it('GraphQL: a key of 256 characters or with a space → 400 IDEMPOTENCY_KEY_INVALID', async () => {
    for (const key of ['k'.repeat(256), 'key with space', 'clé']) {
      const input = customerInput();
      const r = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
      expectGraphQLProblem(r, 400, 'IDEMPOTENCY_KEY_INVALID');
      expect(await customersWithRef(s.client, input.externalRef)).toBe(0);
    }
  });

  it('a key of 255 characters spanning 0x21–0x7E is accepted, stored and replayed', async () => {
    let key = '';
    for (let i = 0; key.length < 255; i++) key += String.fromCharCode(0x21 + (i % 94));
    expect(key).toHaveLength(255);
    expect(key).toContain('!');
    expect(key).toContain('~');
    const customerId = await s.customer();
    const body = s.beneficiaryInput();
    const first = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expectFresh(first);
    expect(first.body.walletAddress).toBe(body.walletAddress);
    expect(await records(s.client, key)).toBe(1);
    const replay = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expect(await beneficiariesOf(customerId)).toBe(1);
    expectReplayOf(replay, first);
  });

  it('a one-character key is accepted', async () => {
    const other = await server.newClient('One-char');
    const r = await server.gql(other, CREATE_CUSTOMER, { input: customerInput() }, { idempotencyKey: '~' });
    expectFresh(r);
  });
});

describe('§3 IDEMPOTENCY_SCOPE_INVALID', () => {
  it('a GraphQL query sent with an Idempotency-Key → 400', async () => {
    const customerId = await s.customer();
    const r = await server.gql(s.client, GET_CUSTOMER, { id: customerId }, { idempotencyKey: randomUUID() });
    expectGraphQLProblem(r, 400, 'IDEMPOTENCY_SCOPE_INVALID');
    // The same query without a key is fine.
    const ok = await server.gql(s.client, GET_CUSTOMER, { id: customerId });
    expect(ok.status).toBe(200);
    expect(ok.body.data.customer.customerId).toBe(customerId);
  });

  it('a GraphQL document with two mutation fields and a key → 400, nothing created', async () => {
    const a = customerInput();
    const b = customerInput();
    const doc = `mutation($a: CreateCustomerInput!, $b: CreateCustomerInput!) { a: createCustomer(input: $a) { customerId } b: createCustomer(input: $b) { customerId } }`;
    const key = randomUUID();
    const r = await server.gql(s.client, doc, { a, b }, { idempotencyKey: key });
    expectGraphQLProblem(r, 400, 'IDEMPOTENCY_SCOPE_INVALID');
    expect(await customersWithRef(s.client, a.externalRef)).toBe(0);
    expect(await customersWithRef(s.client, b.externalRef)).toBe(0);
    expect(await records(s.client, key)).toBe(0);
  });

  it('two different mutation fields with a key → 400, nothing created', async () => {
    const customerId = await s.customer();
    const a = customerInput();
    const doc = `mutation($a: CreateCustomerInput!, $customerId: UUID!, $d: SimulateCryptoDepositInput!) {
      createCustomer(input: $a) { customerId }
      simulateCryptoDeposit(customerId: $customerId, input: $d) { depositId }
    }`;
    const r = await server.gql(
      s.client,
      doc,
      { a, customerId, d: { routeCode: s.routeCode, amountMinor: '1000', fromAddress: ETH_ADDRESS_2 } },
      { idempotencyKey: randomUUID() },
    );
    expectGraphQLProblem(r, 400, 'IDEMPOTENCY_SCOPE_INVALID');
    expect(await customersWithRef(s.client, a.externalRef)).toBe(0);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId)).toBe(0);
  });
});

describe('§3 replay', () => {
  it('REST: same key + same request → 200, identical body, Idempotent-Replayed: true, one record', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput();
    const first = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expectFresh(first);
    expect(first.body).toMatchObject({ walletAddress: body.walletAddress, beneficiaryStatus: 'ACTIVE' });
    const second = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    const third = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expect(await beneficiariesOf(customerId)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
    expect(third.headers.get('content-type')).toMatch(/^application\/json/);
    expectReplayOf(second, first);
    expectReplayOf(third, first);
  });

  it('GraphQL: same key + same createCustomer → 200, identical body, header, one customer', async () => {
    const key = randomUUID();
    const input = customerInput();
    const first = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
    expectFresh(first);
    expect(first.body.errors).toBeUndefined();
    const second = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
    expectReplayOf(second, first);
    expect(second.body.data.createCustomer.customerId).toBe(first.body.data.createCustomer.customerId);
    expect(await customersWithRef(s.client, input.externalRef)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
  });

  it('the same logical request with JSON members in another order is a replay', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput({ description: 'Ledger' });
    const first = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expectFresh(first);
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const second = await server.request(s.client, 'POST', beneficiaryPath(customerId), { rawBody: JSON.stringify(reversed, null, 2), idempotencyKey: key });
    expect(await beneficiariesOf(customerId)).toBe(1);
    expectReplayOf(second, first);
  });

  it('a replay returns the snapshot, not the current state (refundableAmountMinor of a deposit)', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const variables = {
      customerId,
      input: { routeCode: s.routeCode, amountMinor: '1000000', fromAddress: ETH_ADDRESS_2, txHash: `0x${randomBytes(32).toString('hex')}` },
    };
    const first = await server.gql(s.client, SIMULATE_DEPOSIT, variables, { idempotencyKey: key });
    expectFresh(first);
    const deposit = first.body.data.simulateCryptoDeposit;
    expect(deposit).toMatchObject({ amountMinor: '1000000', refundableAmountMinor: '1000000', status: 'COMPLETED' });

    const refund = await s.refundDraft(deposit.depositId, { amountMinor: '250000' });
    expect(refund.status, refund.text).toBe(200);
    const now = await server.gql(s.client, GET_DEPOSIT, { id: deposit.depositId });
    expect(now.body.data.cryptoDeposit.refundableAmountMinor).toBe('750000');

    const replay = await server.gql(s.client, SIMULATE_DEPOSIT, variables, { idempotencyKey: key });
    expectReplayOf(replay, first);
    expect(replay.body.data.simulateCryptoDeposit.refundableAmountMinor).toBe('1000000');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId)).toBe(1);
  });

  it('replays survive a restart', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput();
    const first = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expectFresh(first);
    const gqlKey = randomUUID();
    const input = customerInput();
    const firstGql = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: gqlKey });
    expectFresh(firstGql);

    await server.restart();

    const replay = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    const replayGql = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: gqlKey });
    expect(await beneficiariesOf(customerId)).toBe(1);
    expect(await customersWithRef(s.client, input.externalRef)).toBe(1);
    expectReplayOf(replayGql, firstGql);
    expectReplayOf(replay, first);
  });
});

describe('§3 across surfaces', () => {
  it('beneficiary: REST with key K, then GraphQL createCryptoWalletBeneficiary with K → replay', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const input = s.beneficiaryInput({ description: 'Hardware wallet', ownerInfo: { name: 'Ada' } });
    const rest = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: input, idempotencyKey: key });
    expectFresh(rest);
    const gql = await server.gql(s.client, CREATE_BENEFICIARY, { customerId, input }, { idempotencyKey: key });
    expect(gql.status, gql.text).toBe(200);
    expect(gql.headers.get(REPLAYED)).toBe('true');
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.createCryptoWalletBeneficiary).toEqual(rest.body);
    expect(gql.body.data.createCryptoWalletBeneficiary.walletBeneficiaryId).toBe(rest.body.walletBeneficiaryId);
    expect(await beneficiariesOf(customerId)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
  });

  it('withdrawal draft: GraphQL createCryptoWithdrawalApprovalDraft with key K, then REST with K → replay', async () => {
    const customerId = await s.customer();
    const ben = await s.beneficiary(customerId);
    expect(ben.status, ben.text).toBe(200);
    const input = s.withdrawalInput(customerId, ben.body.walletBeneficiaryId);
    const key = randomUUID();
    const gql = await server.gql(s.client, CREATE_WITHDRAWAL, { customerId, input }, { idempotencyKey: key });
    expectFresh(gql);
    expect(gql.body.errors).toBeUndefined();
    const created = gql.body.data.createCryptoWithdrawalApprovalDraft;
    expect(created).toMatchObject({ status: 'APPROVED', walletBeneficiaryId: input.walletBeneficiaryId });

    const rest = await server.request(s.client, 'POST', withdrawalPath(customerId), { body: input, idempotencyKey: key });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.headers.get('content-type')).toMatch(/^application\/json/);
    expect(rest.body).toEqual(created);
    expect(rest.body.withdrawalId).toBe(created.withdrawalId);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_withdrawals WHERE customer_id = ?', customerId)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
    expect(rest.headers.get(REPLAYED), 'Idempotent-Replayed header on the REST replay').toBe('true');
  });

  it('a different body on the other surface with the same key → 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const rest = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: key });
    expectFresh(rest);
    const gql = await server.gql(s.client, CREATE_BENEFICIARY, { customerId, input: s.beneficiaryInput({ label: 'Other label' }) }, { idempotencyKey: key });
    expectGraphQLProblem(gql, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await beneficiariesOf(customerId)).toBe(1);
  });
});

describe('§3 IDEMPOTENCY_KEY_REUSED and scope per client', () => {
  it('REST: same key, different body → 409 problem+json, nothing more created', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const first = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: key });
    expectFresh(first);
    const requestId = `req-${randomUUID()}`;
    const r = await server.request(s.client, 'POST', beneficiaryPath(customerId), {
      body: s.beneficiaryInput({ label: 'Changed label', walletAddress: ETH_ADDRESS_2 }),
      idempotencyKey: key,
      headers: { 'x-request-id': requestId },
    });
    expectRestProblem(r, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(r.body.requestId).toBe(requestId);
    expect(r.body.errors).toBeUndefined();
    expect(Object.keys(r.body).sort()).toEqual(['code', 'detail', 'requestId', 'status', 'title', 'type']);
    expect(await beneficiariesOf(customerId)).toBe(1);
    // The stored result is untouched: the original request still replays.
    const replay = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: key });
    expectReplayOf(replay, first);
  });

  it('GraphQL: same key, different input → HTTP 409, extensions.code IDEMPOTENCY_KEY_REUSED', async () => {
    const key = randomUUID();
    const input = customerInput();
    const first = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
    expectFresh(first);
    const changed = { ...input, displayName: 'Grace Hopper' };
    const r = await server.gql(s.client, CREATE_CUSTOMER, { input: changed }, { idempotencyKey: key });
    expectGraphQLProblem(r, 409, 'IDEMPOTENCY_KEY_REUSED');
    // Leaving out an optional member is a different request too.
    const { displayName: _omit, ...withoutName } = input;
    const r2 = await server.gql(s.client, CREATE_CUSTOMER, { input: withoutName }, { idempotencyKey: key });
    expectGraphQLProblem(r2, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await customersWithRef(s.client, input.externalRef)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
  });

  it('the same key reused for a different operation → 409 on both surfaces', async () => {
    const key = randomUUID();
    const first = await server.gql(s.client, CREATE_CUSTOMER, { input: customerInput() }, { idempotencyKey: key });
    expectFresh(first);
    const customerId = first.body.data.createCustomer.customerId;

    const rest = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: key });
    expectRestProblem(rest, 409, 'IDEMPOTENCY_KEY_REUSED');
    const gql = await server.gql(
      s.client,
      SIMULATE_DEPOSIT,
      { customerId, input: { routeCode: s.routeCode, amountMinor: '1000', fromAddress: ETH_ADDRESS_2 } },
      { idempotencyKey: key },
    );
    expectGraphQLProblem(gql, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await beneficiariesOf(customerId)).toBe(0);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM crypto_deposits WHERE customer_id = ?', customerId)).toBe(0);
    expect(await records(s.client, key)).toBe(1);
  });

  it('keys are scoped per client: another client may use the same key independently', async () => {
    const other = await Scenario.create(server);
    const key = `shared-${randomUUID()}`;
    const input = customerInput();
    const mine = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
    expectFresh(mine);
    // Identical request, other client: a fresh effect, not a replay of the first client's result.
    const theirs = await server.gql(other.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
    expectFresh(theirs);
    expect(theirs.body.data.createCustomer.customerId).not.toBe(mine.body.data.createCustomer.customerId);
    // A different request under the same key, other client again: its own key space.
    const theirsB = await server.request(other.client, 'POST', beneficiaryPath(theirs.body.data.createCustomer.customerId), {
      body: other.beneficiaryInput(),
      idempotencyKey: `${key}-b`,
    });
    expectFresh(theirsB);
    expect(await records(s.client, key)).toBe(1);
    expect(await records(other.client, key)).toBe(1);
    expect(await customersWithRef(s.client, input.externalRef)).toBe(1);
    expect(await customersWithRef(other.client, input.externalRef)).toBe(1);
    // Each client replays its own result.
    expectReplayOf(await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key }), mine);
    expectReplayOf(await server.gql(other.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key }), theirs);
  });
});

describe('§3 only successes are stored', () => {
  it('404 CUSTOMER_NOT_FOUND stores nothing; the same key with the corrected request succeeds afresh', async () => {
    const key = randomUUID();
    const body = s.beneficiaryInput();
    const unknown = randomUUID();
    const refused = await server.request(s.client, 'POST', beneficiaryPath(unknown), { body, idempotencyKey: key });
    expectRestProblem(refused, 404, 'CUSTOMER_NOT_FOUND');
    expect(await records(s.client, key)).toBe(0);
    // Retried as is: evaluated again (still 404), not a stored answer and not 409.
    const again = await server.request(s.client, 'POST', beneficiaryPath(unknown), { body, idempotencyKey: key });
    expectRestProblem(again, 404, 'CUSTOMER_NOT_FOUND');

    const customerId = await s.customer();
    const ok = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expectFresh(ok);
    expect(ok.body.walletAddress).toBe(body.walletAddress);
    expect(await records(s.client, key)).toBe(1);
    expect(await beneficiariesOf(customerId)).toBe(1);
  });

  it('409 DUPLICATE_CUSTOMER stores nothing; the same key with a new externalRef succeeds afresh', async () => {
    const input = customerInput();
    const created = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: randomUUID() });
    expectFresh(created);
    const key = randomUUID();
    const dup = await server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key });
    expectGraphQLProblem(dup, 409, 'DUPLICATE_CUSTOMER');
    expect(await records(s.client, key)).toBe(0);

    const corrected = customerInput();
    const ok = await server.gql(s.client, CREATE_CUSTOMER, { input: corrected }, { idempotencyKey: key });
    expectFresh(ok);
    expect(ok.body.data.createCustomer.externalRef).toBe(corrected.externalRef);
    expect(await records(s.client, key)).toBe(1);
    expect(await customersWithRef(s.client, input.externalRef)).toBe(1);
  });

  it('403 ROUTE_NOT_PERMITTED stores nothing; the identical request with the same key succeeds once the route is enabled', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput();
    await server.operator((db) => setRouteState(db, s.routeCode, false));
    try {
      const refused = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
      expectRestProblem(refused, 403, 'ROUTE_NOT_PERMITTED');
      expect(await records(s.client, key)).toBe(0);
    } finally {
      await server.operator((db) => setRouteState(db, s.routeCode, true));
    }
    const ok = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key });
    expectFresh(ok);
    expect(await beneficiariesOf(customerId)).toBe(1);
  });

  it('400 validation failures store nothing either', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const bad = await server.request(s.client, 'POST', beneficiaryPath(customerId), {
      body: s.beneficiaryInput({ walletAddress: '0x1234' }),
      idempotencyKey: key,
    });
    expectRestProblem(bad, 400, 'INVALID_WALLET_ADDRESS');
    expect(await records(s.client, key)).toBe(0);
    const ok = await server.request(s.client, 'POST', beneficiaryPath(customerId), { body: s.beneficiaryInput(), idempotencyKey: key });
    expectFresh(ok);
  });
});

describe('§3 concurrency', () => {
  it('20 parallel identical REST requests with one key → all 200, one body, one record, one idempotency row', async () => {
    const customerId = await s.customer();
    const key = randomUUID();
    const body = s.beneficiaryInput();
    // Each request is signed on its own (fresh nonce and signature), as a retrying partner would.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => server.request(s.client, 'POST', beneficiaryPath(customerId), { body, idempotencyKey: key })),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const ids = new Set(replies.map((r) => r.body.walletBeneficiaryId));
    expect(ids.size).toBe(1);
    for (const r of replies) expect(r.body).toEqual(replies[0]!.body);
    expect(await beneficiariesOf(customerId)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
    for (const r of replies) if (r.headers.get(REPLAYED) !== null) expect(r.headers.get(REPLAYED)).toBe('true');
    const fresh = replies.filter((r) => r.headers.get(REPLAYED) !== 'true');
    expect(fresh.length, 'responses without Idempotent-Replayed: true').toBeLessThanOrEqual(1);
  });

  it('20 parallel identical GraphQL createCustomer requests with one key → one customer', async () => {
    const key = randomUUID();
    const input = customerInput();
    const replies = await Promise.all(Array.from({ length: 20 }, () => server.gql(s.client, CREATE_CUSTOMER, { input }, { idempotencyKey: key })));
    for (const r of replies) expect(r.status, r.text).toBe(200);
    expect(new Set(replies.map((r) => r.body.data.createCustomer.customerId)).size).toBe(1);
    expect(replies.filter((r) => r.headers.get(REPLAYED) !== 'true').length).toBeLessThanOrEqual(1);
    expect(await customersWithRef(s.client, input.externalRef)).toBe(1);
    expect(await records(s.client, key)).toBe(1);
  });
});

describe('§3 expiry (IDEMPOTENCY_TTL_HOURS)', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await startTestServer({ IDEMPOTENCY_TTL_HOURS: '0.0003' }); // ≈ 1.08 s
  });
  afterAll(() => short.stop());

  it('after the TTL the key is free again, and purgeExpired deletes expired records', async () => {
    const sc = await Scenario.create(short);
    const rows = (key: string) =>
      short.db.count('SELECT COUNT(*) AS n FROM idempotency_records WHERE client_id = ? AND idempotency_key = ?', sc.client.clientId, key);
    const k1 = randomUUID();
    const k2 = randomUUID();
    const input1 = customerInput();
    const input2 = customerInput();
    const first = await short.gql(sc.client, CREATE_CUSTOMER, { input: input1 }, { idempotencyKey: k1 });
    expectFresh(first);
    const second = await short.gql(sc.client, CREATE_CUSTOMER, { input: input2 }, { idempotencyKey: k2 });
    expectFresh(second);
    expect(await rows(k1)).toBe(1);
    expect(await rows(k2)).toBe(1);

    short.clock.advance(1500);

    // k1, expired: a different body is a fresh request, not 409.
    const other = customerInput();
    const fresh = await short.gql(sc.client, CREATE_CUSTOMER, { input: other }, { idempotencyKey: k1 });
    expectFresh(fresh);
    expect(fresh.body.data.createCustomer.externalRef).toBe(other.externalRef);
    expect(fresh.body.data.createCustomer.customerId).not.toBe(first.body.data.createCustomer.customerId);
    expect(await rows(k1)).toBe(1);

    // k2, expired: purged by purgeExpired (the fresh k1 record is not expired yet).
    const purged = await purgeExpired(short.service.engine, short.clock.now().getTime());
    expect(purged.idempotency).toBeGreaterThanOrEqual(1);
    expect(await rows(k2)).toBe(0);
    expect(await rows(k1)).toBe(1);

    // The same request with k2 is no longer replayed: it is evaluated afresh (the customer exists now).
    const again = await short.gql(sc.client, CREATE_CUSTOMER, { input: input2 }, { idempotencyKey: k2 });
    expectGraphQLProblem(again, 409, 'DUPLICATE_CUSTOMER');
  });
});

// ---------------------------------------------------------------------------------------------
// fingerprintOf: lowercase hex SHA-256 of JCS {"operation", "arguments"}, absent/null left out.

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const safeKey = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '__proto__');
const leaf = fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());

const { json: jsonValue } = fc.letrec<{ json: Json; obj: { [k: string]: Json }; arr: Json[] }>((tie) => ({
  json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('obj'), tie('arr')),
  obj: fc.dictionary(safeKey, tie('json'), { maxKeys: 5 }),
  arr: fc.array(fc.oneof(leaf, tie('obj')), { maxLength: 4 }),
}));

/** A random arguments object with at least one non-null leaf (so "changing a leaf" is possible). */
const argsArb = fc
  .tuple(fc.dictionary(safeKey, jsonValue, { maxKeys: 6 }), safeKey, leaf)
  .map(([o, k, v]) => define({ ...o }, `${k}!`, v) as { [k: string]: Json });

function define(o: Record<string, unknown>, k: string, v: unknown): Record<string, unknown> {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Same JSON with object keys in a shuffled order (deterministic from `seed`). */
function permute(v: Json, seed: number): Json {
  if (Array.isArray(v)) return v.map((x, i) => permute(x, seed + i));
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v);
    let r = seed >>> 0 || 1;
    for (let i = entries.length - 1; i > 0; i--) {
      r = (Math.imul(r, 1103515245) + 12345) >>> 0;
      const j = r % (i + 1);
      [entries[i], entries[j]] = [entries[j]!, entries[i]!];
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of entries) define(out, k, permute(x, seed * 31 + k.length));
    return out as Json;
  }
  return v;
}

/** Same JSON with null-valued members added to every object (and an undefined one). */
function addNulls(v: Json, names: string[]): Json {
  if (Array.isArray(v)) return v.map((x) => addNulls(x, names));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) define(out, k, addNulls(x, names));
    for (const n of names) if (!Object.prototype.hasOwnProperty.call(out, n)) define(out, n, null);
    define(out, '~absent~', undefined);
    return out as Json;
  }
  return v;
}

/** Paths to every non-null leaf. */
function leafPaths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leafPaths(x, [...at, i]));
  if (v !== null && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leafPaths(x, [...at, k]));
  return v === null ? [] : [at];
}

/** A deep copy with the leaf at `path` changed to a different non-null value. */
function changeLeaf(v: Json, path: (string | number)[]): Json {
  if (path.length === 0) {
    if (typeof v === 'string') return `${v}x`;
    if (typeof v === 'number') return v + 1;
    if (typeof v === 'boolean') return !v;
    throw new Error('not a leaf');
  }
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? changeLeaf(x, rest) : x));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, Json>)) define(out, k, k === head ? changeLeaf(x, rest) : x);
  return out as Json;
}

describe('fingerprintOf (§3)', () => {
  it('is lowercase hex SHA-256', () => {
    expect(fingerprintOf('createCustomer', { input: { externalRef: 'a', type: 'INDIVIDUAL' } })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('does not depend on the order of object keys', () => {
    const a = fingerprintOf('createCryptoWalletBeneficiary', {
      customerId: 'c-1',
      input: { routeCode: 'R', label: 'L', isOwner: true, ownerInfo: { name: 'Ada', country: 'GB' } },
    });
    const b = fingerprintOf('createCryptoWalletBeneficiary', {
      input: { ownerInfo: { country: 'GB', name: 'Ada' }, isOwner: true, label: 'L', routeCode: 'R' },
      customerId: 'c-1',
    });
    expect(b).toBe(a);
  });

  it('leaves out null and absent members (arguments and input fields)', () => {
    const plain = fingerprintOf('createCustomer', { input: { externalRef: 'a', type: 'INDIVIDUAL' } });
    expect(fingerprintOf('createCustomer', { input: { externalRef: 'a', type: 'INDIVIDUAL', displayName: null } })).toBe(plain);
    expect(fingerprintOf('createCustomer', { input: { externalRef: 'a', type: 'INDIVIDUAL', displayName: undefined } })).toBe(plain);
    expect(fingerprintOf('createCustomer', { input: { externalRef: 'a', type: 'INDIVIDUAL' }, extra: null })).toBe(plain);
    expect(fingerprintOf('createCustomer', { input: { externalRef: 'a', type: 'INDIVIDUAL', displayName: 'x' } })).not.toBe(plain);
  });

  it('depends on the operation name', () => {
    const args = { customerId: 'c-1', input: { routeCode: 'R' } };
    expect(fingerprintOf('createCryptoWalletBeneficiary', args)).not.toBe(fingerprintOf('createCryptoWithdrawalApprovalDraft', args));
  });

  it('equals sha256 of the JCS string built by hand', () => {
    const args = {
      input: {
        walletAddress: '0xAbC',
        label: 'Kälte "cold" \\ wallet\n€',
        isOwner: false,
        purposeOfPayment: 1,
        description: null,
        ownerInfo: { name: 'Ada', Country: 'GB' },
        supportFiles: [{ purpose: 'KYC', fileAssetId: 'f-1' }],
        currencyScale: 6,
      },
      customerId: 'c-1',
    };
    // RFC 8785: members sorted by UTF-16 code units (upper case before lower case), no whitespace,
    // strings escaped minimally (", \, control characters; other characters as they are).
    const byHand =
      '{"arguments":{"customerId":"c-1","input":{"currencyScale":6,"isOwner":false,"label":"Kälte \\"cold\\" \\\\ wallet\\n€",' +
      '"ownerInfo":{"Country":"GB","name":"Ada"},"purposeOfPayment":1,"supportFiles":[{"fileAssetId":"f-1","purpose":"KYC"}],' +
      '"walletAddress":"0xAbC"}},"operation":"createCryptoWalletBeneficiary"}';
    expect(fingerprintOf('createCryptoWalletBeneficiary', args)).toBe(sha256(byHand));
  });

  it('property: permuting keys or adding null members keeps the fingerprint; changing a leaf changes it', () => {
    fc.assert(
      fc.property(
        argsArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(safeKey, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        (args, seed, nullNames, pick) => {
          const base = fingerprintOf('op', args);
          expect(fingerprintOf('op', permute(args, seed) as Record<string, unknown>)).toBe(base);
          expect(fingerprintOf('op', addNulls(args, nullNames) as Record<string, unknown>)).toBe(base);
          expect(fingerprintOf('op', permute(addNulls(args, nullNames), seed) as Record<string, unknown>)).toBe(base);
          const paths = leafPaths(args);
          expect(paths.length).toBeGreaterThan(0);
          const changed = changeLeaf(args, paths[pick % paths.length]!) as Record<string, unknown>;
          expect(fingerprintOf('op', changed)).not.toBe(base);
        },
      ),
      { numRuns: 300 },
    );
  });
});
