// Inputs a hostile partner sends that must be refused cleanly or compared in their canonical form:
// bech32 addresses in upper case (§4.3), bytes that are not UTF-8 and strings that are not Unicode (§6).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bech32 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denyAddress } from '../../../src/modules/routes/operators.js';
import { sqliteDatabaseAt } from '../../helpers/migrations-at.js';
import { openDatabase } from '../../../src/db/open.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A fresh P2WPKH address (bech32, witness version 0), in lower case. */
const randomBech32 = () => bech32.encode('bc', [0, ...bech32.toWords(randomBytes(20))]);



describe('§4.3 a bech32 address is one address in either case', () => {
  const btc = () => Scenario.create(server, { blockchain: 'BTC', currency: 'USDT', scale: 6 });

  it('denied in lower case, registered in upper case → REJECTED / BLOCKED, and a withdrawal draft to it is refused', async () => {
    const s = await btc();
    const customerId = await s.customer();
    const address = randomBech32();
    await server.operator((db) => denyAddress(db, 'BTC', address));
    const b = await s.beneficiary(customerId, { blockchain: 'BTC', walletAddress: address.toUpperCase() });
    expect(b.status, b.text).toBe(200);
    expect(b.body).toMatchObject({ walletAddress: address.toUpperCase(), screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED' });
    const w = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto-withdrawals`, {
      body: s.withdrawalInput(customerId, b.body.walletBeneficiaryId),
    });
    expectRestProblem(w, 409, 'BENEFICIARY_NOT_ACTIVE');
  });

  it('denied in upper case, registered in lower case → REJECTED / BLOCKED', async () => {
    const s = await btc();
    const customerId = await s.customer();
    const address = randomBech32();
    await server.operator((db) => denyAddress(db, 'BTC', address.toUpperCase()));
    const b = await s.beneficiary(customerId, { blockchain: 'BTC', walletAddress: address });
    expect(b.body).toMatchObject({ screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED' });
  });

  it('the upper-case form of an active beneficiary’s address → 409 DUPLICATE_WALLET_BENEFICIARY', async () => {
    const s = await btc();
    const customerId = await s.customer();
    const address = randomBech32();
    expect((await s.beneficiary(customerId, { blockchain: 'BTC', walletAddress: address })).status).toBe(200);
    expectRestProblem(await s.beneficiary(customerId, { blockchain: 'BTC', walletAddress: address.toUpperCase() }), 409, 'DUPLICATE_WALLET_BENEFICIARY');
  });
});

describe('§4.3 upgrade: stored bech32 keys become canonical', () => {
  it('the migration lowers upper-case bech32 keys of the deny list, merging a key with its lower-case twin', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'partner-upgrade-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      const a = randomBech32();
      const b = randomBech32();
      // SQLite-specific: a database as written before the canonical form (migrations up to 0001 only),
      // keys stored as sent; opening it applies 0002 and those after it.
      const h = sqliteDatabaseAt(file, '0001_hardening');
      const deny = h.prepare(`INSERT INTO screening_denylist (blockchain, address_key, created_at) VALUES ('BTC', ?, '2026-01-01T00:00:00.000Z')`);
      deny.run(a.toUpperCase());
      deny.run(b.toUpperCase());
      deny.run(b);
      h.close();
      const upgraded = openDatabase(file);
      const keys = upgraded.sqlite.prepare(`SELECT address_key AS k FROM screening_denylist ORDER BY k`).all().map((r) => (r as { k: string }).k);
      upgraded.close();
      expect(keys).toEqual([a, b].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('§6 bodies that are not UTF-8, strings that are not Unicode', () => {
  const invalidUtf8 = (json: string) => Buffer.concat([Buffer.from(json.slice(0, -2)), Buffer.from([0xc3, 0x28]), Buffer.from(json.slice(-2))]);

  it('REST: bytes that are not UTF-8 → 400 INVALID_REQUEST, nothing stored', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const before = await server.db.count('SELECT count(*) AS n FROM wallet_beneficiaries');
    const raw = invalidUtf8(JSON.stringify(s.beneficiaryInput({ label: 'Cold wallet x' })));
    const r = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { rawBody: raw });
    expectRestProblem(r, 400, 'INVALID_REQUEST');
    expect(r.body.detail).toMatch(/UTF-8/);
    expect(await server.db.count('SELECT count(*) AS n FROM wallet_beneficiaries')).toBe(before);
  });

  it('GraphQL: bytes that are not UTF-8 → 400 INVALID_REQUEST', async () => {
    const s = await Scenario.create(server);
    const raw = invalidUtf8(JSON.stringify({ query: '{ customer(customerId: "00000000-0000-4000-8000-000000000000") { customerId } }', x: 'ab' }));
    expectGraphQLProblem(await server.request(s.client, 'POST', '/graphql', { rawBody: raw }), 400, 'INVALID_REQUEST');
  });

  it('REST: a lone surrogate in a string → 400 VALIDATION_FAILED at its pointer, also inside a StringMap', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const path = `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
    const label = JSON.stringify(s.beneficiaryInput()).replace('"Cold wallet"', '"Cold \\ud800 wallet"');
    expectRestProblem(await server.request(s.client, 'POST', path, { rawBody: label }), 400, 'VALIDATION_FAILED', '/label');
    const owner = JSON.stringify(s.beneficiaryInput({ isOwner: false, relationshipWithThirdParty: 2, ownerInfo: { name: 'BOB' } })).replace('"BOB"', '"\\udfff"');
    expectRestProblem(await server.request(s.client, 'POST', path, { rawBody: owner }), 400, 'VALIDATION_FAILED', '/ownerInfo/name');
    expect(await server.db.count('SELECT count(*) AS n FROM wallet_beneficiaries WHERE customer_id = ?', customerId)).toBe(0);
  });

  it('GraphQL: a lone surrogate in a variable → 400 VALIDATION_FAILED at its pointer', async () => {
    const s = await Scenario.create(server);
    const body = JSON.stringify({
      query: 'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }',
      variables: { input: { externalRef: 'REF', type: 'INDIVIDUAL' } },
    }).replace('"REF"', '"x\\ud83dy"');
    expectGraphQLProblem(await server.request(s.client, 'POST', '/graphql', { rawBody: body, idempotencyKey: `k-${randomBytes(8).toString('hex')}` }), 400, 'VALIDATION_FAILED', '/externalRef');
  });

  it('REST: U+0000 in a string → 400 VALIDATION_FAILED at its pointer (PostgreSQL text cannot hold it; one rule for both engines)', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const raw = JSON.stringify(s.beneficiaryInput({ label: 'Cold\u0000wallet' }));
    expectRestProblem(await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, { rawBody: raw }), 400, 'VALIDATION_FAILED', '/label');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM wallet_beneficiaries WHERE customer_id = ?', customerId)).toBe(0);
  });

  it('GraphQL: U+0000 written inline in the document (not a variable) → 400 VALIDATION_FAILED', async () => {
    const s = await Scenario.create(server);
    const nul = await server.gql(s.client, 'mutation { createCustomer(input: { externalRef: "a\\u0000b", type: "INDIVIDUAL" }) { customerId } }');
    expectGraphQLProblem(nul, 400, 'VALIDATION_FAILED', '/externalRef');
    const query = await server.gql(s.client, '{ customer(customerId: "00000000-0000-4000-8000-000000000000") { customerId } }');
    expect(query.status, query.text).toBe(200);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM customers WHERE client_id = ?', s.client.clientId)).toBe(0);
  });

  it('a well-formed astral character (a surrogate pair) is accepted', async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const r = await s.beneficiary(customerId, { label: 'Wallet 🚀' });
    expect(r.status, r.text).toBe(200);
    expect(r.body.label).toBe('Wallet 🚀');
  });
});
