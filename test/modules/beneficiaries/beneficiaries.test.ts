// Contract §4.3 (wallet beneficiaries) over the REST adapter (§6) and GraphQL, with the order of
// checks of §4, route rules of §4.2 and the problem documents of §7.
import { randomBytes, randomUUID } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { denyAddress } from '../../../src/modules/routes/operators.js';
import {
  BENEFICIARY_FIELDS,
  ETH_ADDRESS,
  ETH_ADDRESS_2,
  randomEthAddress,
  Scenario,
  startTestServer,
  type Reply,
  type RequestOptions,
  type TestServer,
} from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem, expectRestSuccess, expectValidationAt, pointersOf } from '../../helpers/problems.js';
import { linkedFile, uploadedFile } from '../../helpers/files.js';

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIELDS = BENEFICIARY_FIELDS.split(' ');

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const BTC_BECH32 = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_P2PKH = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';
const SOL_ADDRESS = 'So11111111111111111111111111111111111111112';
/** ETH_ADDRESS with the case of one letter flipped (a → A): mixed case, checksum broken. */
const ETH_BAD_CHECKSUM = '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const CREATE_GQL = `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { ${BENEFICIARY_FIELDS} } }`;
const GET_GQL = `query($id: UUID!) { cryptoWalletBeneficiary(walletBeneficiaryId: $id) { ${BENEFICIARY_FIELDS} } }`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const pathFor = (customerId: string) => `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`;
/** EIP-55 checksummed form of an ETH address. */
function toChecksum(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(hex))).toString('hex');
  return `0x${[...hex].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}
/** A fresh, valid, all-lowercase ETH address (no checksum to satisfy). */

async function setup(route: Parameters<typeof Scenario.create>[1] = {}) {
  const s = await Scenario.create(server, route);
  const customerId = await s.customer();
  return { s, customerId };
}

function post(s: Scenario, customerId: string, body: unknown, o: RequestOptions = {}): Promise<Reply> {
  return server.request(s.client, 'POST', pathFor(customerId), { body, ...o });
}

/** A beneficiary: 200 application/json with exactly the WalletBeneficiary fields. */
const expectSuccess = (r: Reply) => expectRestSuccess(r, FIELDS);

/**
 * §8: operator changes take effect within 5 seconds. Tries a fresh attempt, moving the server's clock
 * 250 ms after each miss, until it holds or 6 s of server time have passed.
 */
async function eventually<T>(attempt: () => Promise<T>, ok: (v: T) => boolean, ms = 6000): Promise<T> {
  for (let waited = 0; ; waited += 250) {
    const v = await attempt();
    if (ok(v) || waited >= ms) return v;
    server.clock.advance(250);
  }
}

describe('create over REST: success (§4.3, §6)', () => {
  it('answers 200 application/json with exactly the WalletBeneficiary fields', async () => {
    const { s, customerId } = await setup();
    const r = await s.beneficiary(customerId);
    const b = expectSuccess(r);
    expect(b).not.toHaveProperty('supportFiles');
    expect(b.walletBeneficiaryId).toMatch(UUID_RE);
    expect(b).not.toHaveProperty('customerId');
    expect(b).toMatchObject({
      routeCode: s.routeCode,
      label: 'Cold wallet',
      description: null,
      blockchain: 'ETH',
      walletAddress: ETH_ADDRESS,
      isOwner: true,
      walletType: 'PRIVATE_WALLET',
      ownerType: 'INDIVIDUAL',
      platformName: null,
      platformUserId: null,
      ownerInfo: null,
      purposeOfPayment: null,
      relationshipWithThirdParty: null,
      screeningStatus: 'CLEARED',
      beneficiaryStatus: 'ACTIVE',
      removedAt: null,
    });
    for (const f of ['createdAt', 'updatedAt', 'lastSyncedAt']) expect(b[f]).toMatch(ISO_MS);
    expect(b.lastSyncedAt).toBe(b.createdAt);
    expect(b.removedAt).toBeNull();
  });

  it('echoes every optional field (VASP wallet of a third party) and stays exactly the contract fields', async () => {
    const { s, customerId } = await setup();
    const input = s.beneficiaryInput({
      walletAddress: randomEthAddress(),
      label: 'L'.repeat(100),
      description: 'D'.repeat(500),
      isOwner: false,
      walletType: 'VASP_WALLET',
      ownerType: 'CORPORATE',
      platformName: 'Binance',
      platformUserId: 'user-777',
      ownerInfo: { name: 'Bob Ltd', country: 'GB' },
      purposeOfPayment: 99,
      relationshipWithThirdParty: 4,
    });
    const b = expectSuccess(await post(s, customerId, input));
    const { routeCode, label, description, walletAddress, isOwner, walletType, ownerType, platformName, platformUserId, ownerInfo } = input;
    expect(b).toMatchObject({ routeCode, label, description, walletAddress, isOwner, walletType, ownerType, platformName, platformUserId, ownerInfo });
    expect(b.purposeOfPayment).toBe(99);
    expect(b.relationshipWithThirdParty).toBe(4);
    expect(b.lastSyncedAt).toBe(b.createdAt);
  });

  it('accepts supportFiles (up to 10, the customer\'s UPLOADED or LINKED files, §16.8), leaves them out of the response and stores them with the record', async () => {
    const { s, customerId } = await setup();
    const ids = [await uploadedFile(server, s.client, customerId)];
    for (let i = 1; i < 10; i++) ids.push(await linkedFile(server, s.client, customerId));
    const supportFiles = ids.map((fileAssetId, i) => ({ fileAssetId, purpose: `proof-${i}` }));
    const b = expectSuccess(await s.beneficiary(customerId, { supportFiles }));
    expect(b).not.toHaveProperty('supportFiles');
    const row = await server.db.get<{ support_files: string | null }>(
      'select support_files from wallet_beneficiaries where wallet_beneficiary_id = ?',
      b.walletBeneficiaryId,
    );
    expect(row).toBeDefined();
    expect(row!.support_files).not.toBeNull();
    expect(JSON.parse(row!.support_files!)).toEqual(supportFiles);
  });

  it('reads back over GraphQL equal to the REST response', async () => {
    const { s, customerId } = await setup();
    const b = expectSuccess(await s.beneficiary(customerId));
    const q = await server.gql(s.client, GET_GQL, { id: b.walletBeneficiaryId });
    expect(q.status, q.text).toBe(200);
    expect(q.body.data.cryptoWalletBeneficiary).toEqual(b);
  });
});

describe('field validation → 400 VALIDATION_FAILED with pointers (§4.3, §6, §7)', () => {
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ["label ''", { label: '' }, '/label'],
    ['label of 101 characters', { label: 'x'.repeat(101) }, '/label'],
    ['description of 501 characters', { description: 'x'.repeat(501) }, '/description'],
    ["blockchain 'DOGE'", { blockchain: 'DOGE' }, '/blockchain'],
    ['walletType not in the list', { walletType: 'COLD_WALLET' }, '/walletType'],
    ['VASP_WALLET without platformName', { walletType: 'VASP_WALLET' }, '/platformName'],
    ['ownerType not in the list', { ownerType: 'TRUST' }, '/ownerType'],
    [
      'isOwner false without ownerInfo.name',
      { isOwner: false, relationshipWithThirdParty: 2, ownerInfo: { country: 'GB' } },
      /^\/ownerInfo(\/name)?$/,
    ],
    ['isOwner false without ownerInfo at all', { isOwner: false, relationshipWithThirdParty: 2 }, /^\/ownerInfo(\/name)?$/],
    ['isOwner false without relationshipWithThirdParty', { isOwner: false, ownerInfo: { name: 'Bob' } }, '/relationshipWithThirdParty'],
    ['purposeOfPayment 42', { purposeOfPayment: 42 }, '/purposeOfPayment'],
    ['relationshipWithThirdParty 42', { relationshipWithThirdParty: 42 }, '/relationshipWithThirdParty'],
    [
      'supportFiles with 11 items',
      { supportFiles: Array.from({ length: 11 }, () => ({ fileAssetId: randomUUID(), purpose: 'proof' })) },
      '/supportFiles',
    ],
    ['supportFiles item with a non-UUID fileAssetId', { supportFiles: [{ fileAssetId: 'nope', purpose: 'proof' }] }, '/supportFiles/0/fileAssetId'],
    ['supportFiles item without purpose', { supportFiles: [{ fileAssetId: randomUUID() }] }, '/supportFiles/0/purpose'],
    [
      'supportFiles item with an unknown field',
      { supportFiles: [{ fileAssetId: randomUUID(), purpose: 'proof', extra: 'x' }] },
      '/supportFiles/0/extra',
    ],
    ['an unknown body field', { foo: 1 }, '/foo'],
    ['isOwner "yes"', { isOwner: 'yes' }, '/isOwner'],
    ['label 5', { label: 5 }, '/label'],
    ['purposeOfPayment "1" (a string)', { purposeOfPayment: '1' }, '/purposeOfPayment'],
    ['ownerInfo with a non-string value', { ownerInfo: { name: 'Bob', age: 42 } }, '/ownerInfo'],
    ['ownerInfo that is an array', { ownerInfo: ['Bob'] }, '/ownerInfo'],
  ];
  for (const [name, patch, pointer] of cases) {
    it(`${name} → ${String(pointer)}`, async () => {
      const { s, customerId } = await setup();
      expectValidationAt(await s.beneficiary(customerId, patch), pointer);
    });
  }

  for (const field of ['routeCode', 'label', 'blockchain', 'walletAddress', 'isOwner', 'walletType', 'ownerType']) {
    it(`missing required ${field} → /${field}`, async () => {
      const { s, customerId } = await setup();
      const body = s.beneficiaryInput();
      delete body[field];
      expectValidationAt(await post(s, customerId, body), `/${field}`);
    });
  }

  it("blockchain ≠ the route's (TRON on an ETH route, valid TRON address) → /blockchain", async () => {
    const { s, customerId } = await setup();
    expectValidationAt(await s.beneficiary(customerId, { blockchain: 'TRON', walletAddress: TRON_ADDRESS }), '/blockchain');
  });

  it('a JSON array as body → 400 VALIDATION_FAILED', async () => {
    const { s, customerId } = await setup();
    const r = await post(s, customerId, [s.beneficiaryInput()]);
    const p = expectRestProblem(r, 400, 'VALIDATION_FAILED');
    expect(pointersOf(p).length).toBeGreaterThan(0);
  });

  it('JSON null / a string / a number as body → 400 VALIDATION_FAILED, never 5xx', async () => {
    const { s, customerId } = await setup();
    for (const raw of ['null', '"text"', '42', '{}']) {
      const r = await post(s, customerId, undefined, { rawBody: raw });
      expectRestProblem(r, 400, 'VALIDATION_FAILED');
    }
  });

  it('isOwner false with ownerInfo.name and relationshipWithThirdParty is accepted', async () => {
    const { s, customerId } = await setup();
    const b = expectSuccess(await s.beneficiary(customerId, { isOwner: false, ownerInfo: { name: 'Bob' }, relationshipWithThirdParty: 2 }));
    expect(b).toMatchObject({ isOwner: false, ownerInfo: { name: 'Bob' }, relationshipWithThirdParty: 2 });
  });

  it('a refused request stores nothing', async () => {
    const { s, customerId } = await setup();
    expectValidationAt(await s.beneficiary(customerId, { label: '' }), '/label');
    expectSuccess(await s.beneficiary(customerId));
  });
});

describe('wallet addresses → 400 INVALID_WALLET_ADDRESS (§4.3)', () => {
  it('refuses a mixed-case ETH address with a broken EIP-55 checksum', async () => {
    const { s, customerId } = await setup();
    const p = expectRestProblem(await s.beneficiary(customerId, { walletAddress: ETH_BAD_CHECKSUM }), 400, 'INVALID_WALLET_ADDRESS');
    if (p.errors) expect(pointersOf(p)).toContain('/walletAddress');
  });

  it('refuses an ETH address that is too short', async () => {
    const { s, customerId } = await setup();
    const p = expectRestProblem(await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS.slice(0, -1) }), 400, 'INVALID_WALLET_ADDRESS');
    if (p.errors) expect(pointersOf(p)).toContain('/walletAddress');
  });

  it('refuses other malformed ETH addresses, never with a 5xx', async () => {
    const { s, customerId } = await setup();
    for (const walletAddress of [
      ETH_ADDRESS.slice(2),
      `${ETH_ADDRESS}0`,
      '0xZZaeb6053f3e94c9b9a09f33669435e7ef1beaed',
      ` ${ETH_ADDRESS}`,
      'x'.repeat(5000),
      '',
    ]) {
      const r = await s.beneficiary(customerId, { walletAddress });
      expect(r.status, `${walletAddress.slice(0, 60)}: ${r.text}`).toBe(400);
      expect(['INVALID_WALLET_ADDRESS', 'VALIDATION_FAILED']).toContain(r.body.code);
      if (walletAddress.length > 0) expectRestProblem(r, 400, 'INVALID_WALLET_ADDRESS');
    }
  });

  it('accepts an all-lowercase ETH address', async () => {
    const { s, customerId } = await setup();
    const b = expectSuccess(await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS.toLowerCase() }));
    expect(b.walletAddress).toBe(ETH_ADDRESS.toLowerCase());
  });

  const chains: { blockchain: string; valid: string[]; invalid: string[] }[] = [
    {
      blockchain: 'TRON',
      valid: [TRON_ADDRESS],
      invalid: ['TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU8', BTC_P2PKH, ETH_ADDRESS],
    },
    {
      blockchain: 'BTC',
      valid: [BTC_BECH32, BTC_P2PKH],
      invalid: ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', TRON_ADDRESS],
    },
    {
      blockchain: 'SOL',
      valid: [SOL_ADDRESS],
      invalid: ['So1111111111111111111111111111111', ETH_ADDRESS, 'So11111111111111111111111111111111111111110'],
    },
  ];
  for (const { blockchain, valid, invalid } of chains) {
    describe(`${blockchain} route`, () => {
      for (const walletAddress of valid) {
        it(`accepts ${walletAddress}`, async () => {
          const { s, customerId } = await setup({ blockchain, currency: 'USDT', scale: 6 });
          const b = expectSuccess(await s.beneficiary(customerId, { blockchain, walletAddress }));
          expect(b).toMatchObject({ blockchain, walletAddress, beneficiaryStatus: 'ACTIVE', screeningStatus: 'CLEARED' });
        });
      }
      for (const walletAddress of invalid) {
        it(`refuses ${walletAddress}`, async () => {
          const { s, customerId } = await setup({ blockchain, currency: 'USDT', scale: 6 });
          expectRestProblem(await s.beneficiary(customerId, { blockchain, walletAddress }), 400, 'INVALID_WALLET_ADDRESS');
        });
      }
    });
  }
});

describe('customers and ownership (§4.1)', () => {
  it('unknown customer → 404 CUSTOMER_NOT_FOUND', async () => {
    const { s } = await setup();
    expectRestProblem(await s.beneficiary(randomUUID()), 404, 'CUSTOMER_NOT_FOUND');
  });

  it("another partner's customer → 403 FORBIDDEN", async () => {
    const owner = await setup();
    const other = await setup();
    expectRestProblem(await other.s.beneficiary(owner.customerId), 403, 'FORBIDDEN');
  });

  it('customerId that is not a UUID → 400 VALIDATION_FAILED', async () => {
    const { s } = await setup();
    const p = expectRestProblem(await s.beneficiary('not-a-uuid'), 400, 'VALIDATION_FAILED');
    if (p.errors) expect(pointersOf(p)).toContain('/customerId');
  });
});

describe('routes → 403 ROUTE_NOT_PERMITTED (§4.2)', () => {
  it('unknown route code', async () => {
    const { s, customerId } = await setup();
    expectRestProblem(await s.beneficiary(customerId, { routeCode: `NOPE-${randomBytes(4).toString('hex')}` }), 403, 'ROUTE_NOT_PERMITTED');
  });

  it('a route mapped to another partner', async () => {
    const { s, customerId } = await setup();
    const other = await Scenario.create(server);
    expectRestProblem(await s.beneficiary(customerId, { routeCode: other.routeCode }), 403, 'ROUTE_NOT_PERMITTED');
  });

  it('a disabled route is refused, and works again once re-enabled, without a restart', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId, { walletAddress: randomEthAddress() }));

    await server.operator((db) => setRouteState(db, s.routeCode, false));
    const refused = await eventually(
      () => s.beneficiary(customerId, { walletAddress: randomEthAddress() }),
      (r) => r.status === 403,
    );
    expectRestProblem(refused, 403, 'ROUTE_NOT_PERMITTED');

    await server.operator((db) => setRouteState(db, s.routeCode, true));
    const ok = await eventually(
      () => s.beneficiary(customerId, { walletAddress: randomEthAddress() }),
      (r) => r.status === 200,
    );
    expectSuccess(ok);
  });

  it('a route created disabled is refused', async () => {
    const { s, customerId } = await setup({ disabled: true });
    expectRestProblem(await s.beneficiary(customerId), 403, 'ROUTE_NOT_PERMITTED');
  });
});

describe('duplicates → 409 DUPLICATE_WALLET_BENEFICIARY (§4.3)', () => {
  it('same customer, chain and address', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId));
    expectRestProblem(await s.beneficiary(customerId, { label: 'Another label' }), 409, 'DUPLICATE_WALLET_BENEFICIARY');
  });

  it('also when the second differs only in ETH letter case', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId));
    expectRestProblem(await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS.toLowerCase() }), 409, 'DUPLICATE_WALLET_BENEFICIARY');
  });

  it('also when the first was lowercase and the second checksummed', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS_2.toLowerCase() }));
    expectRestProblem(await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS_2 }), 409, 'DUPLICATE_WALLET_BENEFICIARY');
  });

  it('a different customer may register the same address', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId));
    const second = await s.customer();
    expectSuccess(await s.beneficiary(second));
  });

  it('the same customer may register a different address', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId));
    expectSuccess(await s.beneficiary(customerId, { walletAddress: ETH_ADDRESS_2 }));
  });
});

describe('screening (§4.3)', () => {
  it('a denied address is created REJECTED / BLOCKED (200), and a BLOCKED one does not conflict', async () => {
    const s = await Scenario.create(server);
    const denied = randomEthAddress();
    await server.operator((db) => denyAddress(db, 'ETH', denied));
    // §8: operator changes apply within 5 s; each attempt uses a fresh customer.
    let customerId = '';
    const first = await eventually(
      async () => {
        customerId = await s.customer();
        return s.beneficiary(customerId, { walletAddress: denied });
      },
      (r) => r.body?.screeningStatus === 'REJECTED',
    );
    const b = expectSuccess(first);
    expect(b).toMatchObject({ walletAddress: denied, screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED', removedAt: null });
    expect(b.lastSyncedAt).toBe(b.createdAt);

    // Only ACTIVE beneficiaries conflict: a second create of the same denied address is 200 again.
    const again = expectSuccess(await s.beneficiary(customerId, { walletAddress: denied, label: 'again' }));
    expect(again).toMatchObject({ screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED' });
    expect(again.walletBeneficiaryId).not.toBe(b.walletBeneficiaryId);
  });

  it('the deny list matches ETH case-insensitively (denied lowercase, created checksummed)', async () => {
    const s = await Scenario.create(server);
    const denied = randomEthAddress();
    await server.operator((db) => denyAddress(db, 'ETH', denied));
    const r = await eventually(
      async () => s.beneficiary(await s.customer(), { walletAddress: toChecksum(denied) }),
      (x) => x.body?.screeningStatus === 'REJECTED',
    );
    expect(expectSuccess(r)).toMatchObject({ walletAddress: toChecksum(denied), screeningStatus: 'REJECTED', beneficiaryStatus: 'BLOCKED' });
  });
});

describe('order of checks (§4)', () => {
  it('bad field + unknown customer → 400', async () => {
    const { s } = await setup();
    expectValidationAt(await s.beneficiary(randomUUID(), { label: '' }), '/label');
  });

  it('bad auth + bad body → 401', async () => {
    const { s, customerId } = await setup();
    const wrong = { clientId: s.client.clientId, secret: 'not-the-secret' };
    const r1 = await post(s, customerId, s.beneficiaryInput({ label: '' }), { client: wrong });
    expectRestProblem(r1, 401, 'AUTH_SIGNATURE_INVALID');
    const r2 = await post(s, customerId, undefined, { client: wrong, rawBody: '{not json' });
    expectRestProblem(r2, 401, 'AUTH_SIGNATURE_INVALID');
    const r3 = await post(s, customerId, s.beneficiaryInput({ foo: 1 }), { sign: false });
    expectRestProblem(r3, 401, 'AUTH_HEADERS_MISSING');
  });

  it("unknown route + blockchain ≠ route's → 403 ROUTE_NOT_PERMITTED", async () => {
    const { s, customerId } = await setup();
    const r = await s.beneficiary(customerId, { routeCode: `NOPE-${randomBytes(4).toString('hex')}`, blockchain: 'TRON', walletAddress: TRON_ADDRESS });
    expectRestProblem(r, 403, 'ROUTE_NOT_PERMITTED');
  });

  it('unknown customer + unknown route → 404 CUSTOMER_NOT_FOUND (records before route mapping)', async () => {
    const { s } = await setup();
    expectRestProblem(await s.beneficiary(randomUUID(), { routeCode: 'NOPE-ROUTE' }), 404, 'CUSTOMER_NOT_FOUND');
  });

  it("another partner's customer + unknown route → 403 FORBIDDEN", async () => {
    const owner = await setup();
    const other = await setup();
    expectRestProblem(await other.s.beneficiary(owner.customerId, { routeCode: 'NOPE-ROUTE' }), 403, 'FORBIDDEN');
  });

  it("unknown customer + blockchain ≠ route's → 404 (route-dependent validation comes after records)", async () => {
    const { s } = await setup();
    expectRestProblem(await s.beneficiary(randomUUID(), { blockchain: 'TRON', walletAddress: TRON_ADDRESS }), 404, 'CUSTOMER_NOT_FOUND');
  });

  it('disabled route + duplicate address → 403 (route mapping before business rules)', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId));
    await server.operator((db) => setRouteState(db, s.routeCode, false));
    const r = await eventually(
      () => s.beneficiary(customerId),
      (x) => x.status === 403,
    );
    expectRestProblem(r, 403, 'ROUTE_NOT_PERMITTED');
  });
});

describe('GraphQL surface', () => {
  it('createCryptoWalletBeneficiary returns the same fields as REST', async () => {
    const { s, customerId } = await setup();
    const input = s.beneficiaryInput({ walletAddress: randomEthAddress() });
    const r = await server.gql(s.client, CREATE_GQL, { customerId, input });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors).toBeUndefined();
    const g = r.body.data.createCryptoWalletBeneficiary;
    expect(Object.keys(g).sort()).toEqual([...FIELDS].sort());
    expect(g).toMatchObject({ routeCode: s.routeCode, walletAddress: input.walletAddress, screeningStatus: 'CLEARED', beneficiaryStatus: 'ACTIVE', removedAt: null });
    expect(g.lastSyncedAt).toBe(g.createdAt);

    const rest = expectSuccess(await s.beneficiary(customerId, { walletAddress: randomEthAddress() }));
    expect(Object.keys(rest).sort()).toEqual(Object.keys(g).sort());
  });

  it('a duplicate over GraphQL after REST → 409 DUPLICATE_WALLET_BENEFICIARY in extensions', async () => {
    const { s, customerId } = await setup();
    expectSuccess(await s.beneficiary(customerId));
    const r = await server.gql(s.client, CREATE_GQL, { customerId, input: s.beneficiaryInput() });
    expectGraphQLProblem(r, 409, 'DUPLICATE_WALLET_BENEFICIARY');
  });

  it('an unknown input field over GraphQL → 400 VALIDATION_FAILED at the same pointer as REST', async () => {
    const { s, customerId } = await setup();
    const r = await server.gql(s.client, CREATE_GQL, { customerId, input: s.beneficiaryInput({ foo: 1 }) });
    expectValidationAt(r, '/foo');
  });

  it('cryptoWalletBeneficiary: unknown id → null (200)', async () => {
    const { s } = await setup();
    const q = await server.gql(s.client, GET_GQL, { id: randomUUID() });
    expect(q.status, q.text).toBe(200);
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.cryptoWalletBeneficiary).toBeNull();
  });

  it("cryptoWalletBeneficiary: another partner's → FORBIDDEN (403)", async () => {
    const owner = await setup();
    const b = expectSuccess(await owner.s.beneficiary(owner.customerId));
    const other = await setup();
    const q = await server.gql(other.s.client, GET_GQL, { id: b.walletBeneficiaryId });
    expectGraphQLProblem(q, 403, 'FORBIDDEN', { data: 'null-fields' });
  });
});

describe('REST plumbing (§6)', () => {
  it('a non-JSON body → 400 INVALID_REQUEST', async () => {
    const { s, customerId } = await setup();
    expectRestProblem(await post(s, customerId, undefined, { rawBody: '{"label": ' }), 400, 'INVALID_REQUEST');
    expectRestProblem(await post(s, customerId, undefined, { rawBody: 'hello' }), 400, 'INVALID_REQUEST');
  });

  it('content-type text/plain → 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const { s, customerId } = await setup();
    const r = await post(s, customerId, s.beneficiaryInput(), { headers: { 'content-type': 'text/plain' } });
    expectRestProblem(r, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over 64 KiB → 413 PAYLOAD_TOO_LARGE (problem+json)', async () => {
    const { s, customerId } = await setup();
    const body = s.beneficiaryInput({ description: 'x'.repeat(70 * 1024) });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(64 * 1024);
    expectRestProblem(await post(s, customerId, body), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body of just under 64 KiB is not refused as too large', async () => {
    const { s, customerId } = await setup();
    const base = JSON.stringify(s.beneficiaryInput({ ownerInfo: { name: 'Bob', note: '' } }));
    const pad = 64 * 1024 - Buffer.byteLength(base) - 10;
    const r = await post(s, customerId, s.beneficiaryInput({ ownerInfo: { name: 'Bob', note: 'n'.repeat(pad) } }));
    expect(r.status, r.text.slice(0, 300)).not.toBe(413);
    expect(r.status).toBeLessThan(500);
  });

  it('DELETE on the beneficiary collection (GET lists, POST creates) → 405 METHOD_NOT_ALLOWED with an Allow header', async () => {
    const { s, customerId } = await setup();
    const r = await server.request(s.client, 'DELETE', pathFor(customerId));
    expectRestProblem(r, 405, 'METHOD_NOT_ALLOWED');
    expect(r.headers.get('allow') ?? '').toMatch(/\bPOST\b/);
    expect(r.headers.get('allow') ?? '').toMatch(/\bGET\b/);
  });

  it('unknown path /partner/v1/nope → 404 NOT_FOUND', async () => {
    const { s } = await setup();
    expectRestProblem(await server.request(s.client, 'GET', '/partner/v1/nope'), 404, 'NOT_FOUND');
    expectRestProblem(await server.request(s.client, 'POST', '/partner/v1/nope', { body: {} }), 404, 'NOT_FOUND');
  });

  it('echoes X-Request-Id in the problem document', async () => {
    const { s } = await setup();
    const requestId = `req-${randomUUID()}`;
    const r = await s.server.request(s.client, 'POST', pathFor(randomUUID()), { body: s.beneficiaryInput(), headers: { 'x-request-id': requestId } });
    expectRestProblem(r, 404, 'CUSTOMER_NOT_FOUND');
    expect(r.body.requestId).toBe(requestId);
    expect(r.headers.get('x-request-id')).toBe(requestId);
  });

  it('never answers 5xx to hostile bodies', async () => {
    const { s, customerId } = await setup();
    const bodies: unknown[] = [
      s.beneficiaryInput({ ownerInfo: null, supportFiles: null, description: null }),
      s.beneficiaryInput({ supportFiles: {} }),
      s.beneficiaryInput({ supportFiles: [null] }),
      s.beneficiaryInput({ ownerInfo: 'Bob' }),
      s.beneficiaryInput({ purposeOfPayment: 1.5 }),
      s.beneficiaryInput({ purposeOfPayment: 2 ** 40 }),
      s.beneficiaryInput({ isOwner: null }),
      s.beneficiaryInput({ walletAddress: { a: 1 } }),
      s.beneficiaryInput({ label: '\u0000\uffff🙂' }),
    ];
    const raws = bodies.map((b) => JSON.stringify(b));
    const protoRaw = JSON.stringify(s.beneficiaryInput()).replace(/^\{/, '{"__proto__": {"x": 1}, "constructor": "x", ');
    raws.push(protoRaw);
    raws.push('{"label": "a", "label": "b"}', '[]', '[[[[[[[[[[]]]]]]]]]]', '""', 'true');
    for (const raw of raws) {
      const r = await post(s, customerId, undefined, { rawBody: raw });
      expect(r.status, `${raw.slice(0, 200)} → ${r.text}`).toBeLessThan(500);
      if (r.status !== 200) expectRestProblem(r, r.status, r.body.code);
    }
    const proto = await post(s, customerId, undefined, { rawBody: protoRaw });
    expect(proto.status, proto.text).toBe(400);
  });
});
