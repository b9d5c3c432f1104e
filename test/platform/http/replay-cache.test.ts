// §3 replays answered from memory (src/http/replay-cache.ts): a byte-identical retry gets exactly the
// answer the full path gives, is audited and spends its nonce, and nothing else is answered from there.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BENEFICIARY_FIELDS,
  ETH_ADDRESS,
  ETH_ADDRESS_2,
  Scenario,
  randomEthAddress,
  startTestServer,
  type Reply,
  type TestServer,
} from '../../helpers/harness.js';

const CREATE_BENEFICIARY = `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { ${BENEFICIARY_FIELDS} } }`;
const beneficiaryPath = (customerId: string) => `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;

/** What a partner can see of an answer, minus what belongs to the one request (its id). */
function visible(r: Reply) {
  const headers = Object.fromEntries([...r.headers].filter(([k]) => !['x-request-id', 'date', 'connection', 'keep-alive'].includes(k)));
  return { status: r.status, headers, text: r.text };
}

type Sent = { path: string; raw: string; key: string };

async function send(server: TestServer, s: Scenario, sent: Sent, o: { contentType?: string; requestId?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (o.contentType) headers['content-type'] = o.contentType;
  if (o.requestId) headers['x-request-id'] = o.requestId;
  return server.request(s.client, 'POST', sent.path, { rawBody: sent.raw, idempotencyKey: sent.key, headers });
}

function restCreate(s: Scenario, customerId: string, address = randomEthAddress()): Sent {
  return { path: beneficiaryPath(customerId), raw: JSON.stringify(s.beneficiaryInput({ walletAddress: address })), key: randomUUID() };
}

function graphqlCreate(s: Scenario, customerId: string, address = randomEthAddress()): Sent {
  return {
    path: '/graphql',
    raw: JSON.stringify({ query: CREATE_BENEFICIARY, variables: { customerId, input: s.beneficiaryInput({ walletAddress: address }) } }),
    key: randomUUID(),
  };
}

const auditOf = (server: TestServer, requestId: string) =>
  server.db.all('SELECT status, result_id, CASE WHEN replayed THEN 1 ELSE 0 END AS replayed, operation FROM audit_events WHERE request_id = ?', requestId);

for (const entries of ['10000', '0']) {
  describe(`byte-identical retries, REPLAY_CACHE_ENTRIES=${entries}`, () => {
    let server: TestServer;
    let s: Scenario;
    let customerId: string;
    const cached = entries !== '0';

    beforeAll(async () => {
      server = await startTestServer({ REPLAY_CACHE_ENTRIES: entries });
      s = await Scenario.create(server);
      customerId = await s.customer();
    });
    afterAll(() => server.stop());

    for (const [surface, make] of [
      ['REST', restCreate],
      ['GraphQL', graphqlCreate],
    ] as const) {
      it(`${surface}: the retry is the first answer with Idempotent-Replayed, its own request id, audited as a replay`, async () => {
        const sent = make(s, customerId);
        const first = await send(server, s, sent);
        expect(first.status, first.text).toBe(200);
        expect(first.headers.get('idempotent-replayed')).toBeNull();
        const hitsBefore = server.service.stats().replayCacheHits;
        const noncesBefore = await server.db.count('SELECT COUNT(*) AS n FROM nonces WHERE client_id = ?', s.client.clientId);
        const requestId = `retry-${randomUUID()}`;
        const retry = await send(server, s, sent, { requestId });
        expect(retry.headers.get('x-request-id')).toBe(requestId);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        const { headers: firstHeaders, ...firstRest } = visible(first);
        expect(visible(retry)).toEqual({ ...firstRest, headers: { ...firstHeaders, 'idempotent-replayed': 'true' } });
        expect(server.service.stats().replayCacheHits - hitsBefore).toBe(cached ? 1 : 0);
        // The retry spent its nonce and left one audit row: a 200 replay of the same resource.
        expect(await server.db.count('SELECT COUNT(*) AS n FROM nonces WHERE client_id = ?', s.client.clientId)).toBe(noncesBefore + 1);
        const id = surface === 'REST' ? first.body.walletBeneficiaryId : first.body.data.createCryptoWalletBeneficiary.walletBeneficiaryId;
        expect(await auditOf(server, requestId)).toEqual([{ status: 200, result_id: id, replayed: 1, operation: 'createCryptoWalletBeneficiary' }]);
        expect(await server.db.count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE wallet_beneficiary_id = ?', id)).toBe(1);
      });
    }

    it('the same arguments in other bytes still replay (through the full path), and so does the other surface', async () => {
      const address = randomEthAddress();
      const sent = restCreate(s, customerId, address);
      const first = await send(server, s, sent);
      expect(first.status, first.text).toBe(200);
      const reordered = { ...sent, raw: JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(sent.raw)).reverse())) };
      expect(reordered.raw).not.toBe(sent.raw);
      const hitsBefore = server.service.stats().replayCacheHits;
      const again = await send(server, s, reordered);
      expect(again.status, again.text).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      const gql = await server.gql(s.client, CREATE_BENEFICIARY, { customerId, input: JSON.parse(sent.raw) }, { idempotencyKey: sent.key });
      expect(gql.status, gql.text).toBe(200);
      expect(gql.headers.get('idempotent-replayed')).toBe('true');
      expect(gql.body.data.createCryptoWalletBeneficiary).toEqual(first.body);
      expect(server.service.stats().replayCacheHits).toBe(hitsBefore);
    });

    it('the same key with another body is still 409 IDEMPOTENCY_KEY_REUSED after a cached answer', async () => {
      const sent = restCreate(s, customerId);
      expect((await send(server, s, sent)).status).toBe(200);
      expect((await send(server, s, sent)).status).toBe(200);
      const other = await send(server, s, { ...sent, raw: JSON.stringify(s.beneficiaryInput({ walletAddress: randomEthAddress() })) });
      expect(other.status, other.text).toBe(409);
      expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('the same key and bytes on another path are not this answer', async () => {
      const otherCustomer = await s.customer();
      const sent = restCreate(s, customerId);
      expect((await send(server, s, sent)).status).toBe(200);
      const moved = await send(server, s, { ...sent, path: beneficiaryPath(otherCustomer) });
      expect(moved.status, moved.text).toBe(409);
      expect(moved.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('a retry in a non-JSON media type is 415, not a replay', async () => {
      const sent = restCreate(s, customerId);
      expect((await send(server, s, sent)).status).toBe(200);
      const r = await send(server, s, sent, { contentType: 'text/plain' });
      expect(r.status, r.text).toBe(415);
      expect(r.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it("another partner's identical bytes under the same key are that partner's own request (403), never the first one's answer", async () => {
      const sent = restCreate(s, customerId);
      const first = await send(server, s, sent);
      expect(first.status).toBe(200);
      const other = await Scenario.create(server);
      const r = await server.request(other.client, 'POST', sent.path, { rawBody: sent.raw, idempotencyKey: sent.key });
      expect(r.status, r.text).toBe(403);
      expect(r.body.code).toBe('FORBIDDEN');
      expect(r.text).not.toContain(first.body.walletBeneficiaryId);
    });

    it('a refused request is never kept: its retry is evaluated afresh', async () => {
      const sent = restCreate(s, customerId, ETH_ADDRESS);
      const dup = restCreate(s, customerId, ETH_ADDRESS);
      expect((await send(server, s, sent)).status).toBe(200);
      const refused = await send(server, s, dup);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.code).toBe('DUPLICATE_WALLET_BENEFICIARY');
      const hitsBefore = server.service.stats().replayCacheHits;
      const again = await send(server, s, dup);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('DUPLICATE_WALLET_BENEFICIARY');
      expect(server.service.stats().replayCacheHits).toBe(hitsBefore);
    });
  });
}

describe('replay cache bounds', () => {
  it('after the record expires, the same bytes are a fresh request, not the old answer', async () => {
    const server = await startTestServer({ IDEMPOTENCY_TTL_HOURS: '0.0003' }); // ≈ 1.08 s
    try {
      const s = await Scenario.create(server);
      const customerId = await s.customer();
      const sent = restCreate(s, customerId, ETH_ADDRESS_2);
      const first = await send(server, s, sent);
      expect(first.status).toBe(200);
      expect((await send(server, s, sent)).headers.get('idempotent-replayed')).toBe('true');
      server.clock.advance(1300);
      // The key is free again: the same request runs afresh, and meets the beneficiary it made before.
      const late = await send(server, s, sent);
      expect(late.status, late.text).toBe(409);
      expect(late.body.code).toBe('DUPLICATE_WALLET_BENEFICIARY');
    } finally {
      await server.stop();
    }
  });

  it('keeps at most REPLAY_CACHE_ENTRIES answers; an evicted one still replays from the database', async () => {
    const server = await startTestServer({ REPLAY_CACHE_ENTRIES: '2' });
    try {
      const s = await Scenario.create(server);
      const customerId = await s.customer();
      const sent = [restCreate(s, customerId), restCreate(s, customerId), restCreate(s, customerId)];
      const firsts = [];
      for (const x of sent) firsts.push(await send(server, s, x));
      expect(server.service.stats().replayCacheEntries).toBe(2);
      const hitsBefore = server.service.stats().replayCacheHits;
      const oldest = await send(server, s, sent[0]!);
      expect(oldest.headers.get('idempotent-replayed')).toBe('true');
      expect(oldest.text).toBe(firsts[0]!.text);
      expect(server.service.stats().replayCacheHits).toBe(hitsBefore);
      const newest = await send(server, s, sent[2]!);
      expect(newest.text).toBe(firsts[2]!.text);
      expect(server.service.stats().replayCacheHits).toBe(hitsBefore + 1);
    } finally {
      await server.stop();
    }
  });

  it('a restart empties it; the stored result still replays, identically', async () => {
    const server = await startTestServer();
    try {
      const s = await Scenario.create(server);
      const customerId = await s.customer();
      const sent = graphqlCreate(s, customerId);
      const first = await send(server, s, sent);
      const warm = await send(server, s, sent);
      await server.restart();
      expect(server.service.stats().replayCacheEntries).toBe(0);
      const cold = await send(server, s, sent);
      expect(server.service.stats().replayCacheHits).toBe(0);
      expect(visible(cold)).toEqual(visible(warm));
      expect(cold.body).toEqual(first.body);
    } finally {
      await server.stop();
    }
  });
});
