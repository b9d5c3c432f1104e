// §14.5 bank accounts on both surfaces: creation of both types, stage B (INVALID_BANK_ACCOUNT alone, else
// VALIDATION_FAILED listing all), the order D customer → H gate → DUPLICATE_BANK_ACCOUNT, the by-id read
// (404 BANK_ACCOUNT_NOT_FOUND) and the list's filters, the event (E8), and the partial unique index under
// concurrent creates (§16.4).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { bankFingerprint } from '../../../src/modules/bank-accounts/rules.js';
import { ACCOUNT_NUMBER, Banks, IBAN, ROUTING } from '../../helpers/bank-accounts.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectProblem, expectRestProblem, expectValidationAt } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const fingerprint = (n: string) => bankFingerprint(server.config.secretBox, n);
const pointers = (p: { errors?: { pointer: string }[] }) => (p.errors ?? []).map((e) => e.pointer).sort();

describe('createBankAccount (§14.5)', () => {
  it('an IBAN account on GraphQL: normalised, shown as last 4 and fingerprint; ACTIVE with its event; read back on both surfaces', async () => {
    const b = await Banks.create(server);
    const r = await b.createGql(b.ibanInput({ iban: 'de89 3704 0044 0532 0130 00', bic: 'coba de ff xxx', bankName: 'Commerzbank', label: 'Main' }));
    const a = r.body.data.createBankAccount;
    expect(a).toEqual({
      bankAccountId: expect.stringMatching(UUID), customerId: b.customerId, accountType: 'IBAN', currency: 'EUR',
      holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', holderAddress: null, isOwner: true,
      relationshipWithThirdParty: null, otherRelationship: null, accountIdentifierLast4: '3000', fingerprint: fingerprint(IBAN),
      ibanCountry: 'DE', bic: 'COBADEFFXXX', routingNumber: null, usAccountKind: null, bankName: 'Commerzbank', label: 'Main',
      status: 'ACTIVE', createdAt: expect.stringMatching(ISO), updatedAt: a.createdAt,
    });
    const events = await eventsOf(server, a.bankAccountId);
    expect(events.map((e) => e.type)).toEqual(['bank_account.active']);
    // E8: the event's data is the by-id view.
    const rest = await b.get(a.bankAccountId);
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(a);
    expect(events[0]!.data).toEqual(a);
    expect((await b.getGql(a.bankAccountId)).body.data.bankAccount).toEqual(a);
  });

  it('a US account on REST, a third party’s with its relationship and address; the fingerprint is of routing:account', async () => {
    const b = await Banks.create(server);
    const holderAddress = { line1: '1 Main Street', city: 'New York', postalCode: '10001', region: 'NY', country: 'US' };
    const r = await b.createRest(b.usInput({ holderAddress, isOwner: false, relationshipWithThirdParty: 99, otherRelationship: 'Trustee', usAccountKind: 'SAVINGS' }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      accountType: 'US_ABA', currency: 'USD', holderAddress: { ...holderAddress, line2: null }, isOwner: false, relationshipWithThirdParty: 99,
      otherRelationship: 'Trustee', accountIdentifierLast4: '6789', fingerprint: fingerprint(`${ROUTING}:${ACCOUNT_NUMBER}`),
      ibanCountry: null, bic: null, routingNumber: ROUTING, usAccountKind: 'SAVINGS', bankName: null, label: null, status: 'ACTIVE',
    });
    // Every field of the GraphQL type is rendered on REST (§9.4).
    expect(Object.keys(r.body)).toEqual(Object.keys((await b.getGql(r.body.bankAccountId)).body.data.bankAccount));
  });

  it('B: identifier faults alone are INVALID_BANK_ACCOUNT (each at its pointer, the value never quoted); with other faults VALIDATION_FAILED lists all', async () => {
    const b = await Banks.create(server);
    const bad = 'DE89370400440532013001';
    const one = expectRestProblem(await b.createRest(b.ibanInput({ iban: bad })), 400, 'INVALID_BANK_ACCOUNT', { pointer: '/iban' });
    expect(JSON.stringify(one)).not.toContain(bad);
    expect(one.errors![0]!.detail).toMatch(/mod 97/);
    const both = expectRestProblem(await b.createRest(b.ibanInput({ iban: 'XK051212012345678906', bic: 'COBAXKFF' })), 400, 'INVALID_BANK_ACCOUNT');
    expect(pointers(both)).toEqual(['/bic', '/iban']);
    expectGraphQLProblem(await b.createGql(b.ibanInput({ iban: 'DE99370400440532013014' })), 400, 'INVALID_BANK_ACCOUNT', { pointer: '/iban' });
    const us = expectRestProblem(await b.createRest(b.usInput({ routingNumber: '131000018', accountNumber: '123' })), 400, 'INVALID_BANK_ACCOUNT');
    expect(pointers(us)).toEqual(['/accountNumber', '/routingNumber']);
    expectGraphQLProblem(await b.createGql(b.usInput({ routingNumber: '021000022' })), 400, 'INVALID_BANK_ACCOUNT', { pointer: '/routingNumber' });
    // Mixed with another fault: VALIDATION_FAILED, listing the identifier's too.
    const mixed = expectRestProblem(await b.createRest(b.ibanInput({ iban: bad, holderName: '' })), 400, 'VALIDATION_FAILED');
    expect(pointers(mixed)).toEqual(['/holderName', '/iban']);
  });

  it('B: the other rules, every fault at once (VALIDATION_FAILED)', async () => {
    const b = await Banks.create(server);
    // §16.9: an IBAN account in USD, a US one in EUR.
    expectValidationAt(await b.createRest(b.ibanInput({ currency: 'USD' })), '/currency');
    expectValidationAt(await b.createGql(b.usInput({ currency: 'EUR' })), '/currency');
    const r = expectRestProblem(
      await b.createRest({
        accountType: 'IBAN', currency: 'GBP', holderName: 'x'.repeat(141), holderType: 'PERSON', holderCountry: 'XX', isOwner: false,
        relationshipWithThirdParty: 7, routingNumber: ROUTING, accountNumber: ACCOUNT_NUMBER, usAccountKind: 'CHECKING',
        bankName: 'b'.repeat(141), label: 'l'.repeat(101),
        holderAddress: { line1: '', city: '', postalCode: '123456789012345678901', country: 'us', line2: 'x'.repeat(141), region: 'r'.repeat(101) },
      }),
      400,
      'VALIDATION_FAILED',
    );
    expect(pointers(r)).toEqual(
      [
        '/accountNumber', '/bankName', '/currency', '/holderAddress/city', '/holderAddress/country', '/holderAddress/line1', '/holderAddress/line2',
        '/holderAddress/postalCode', '/holderAddress/region', '/holderCountry', '/holderName', '/holderType', '/iban', '/label',
        '/relationshipWithThirdParty', '/routingNumber', '/usAccountKind',
      ].sort(),
    );
    // isOwner false needs the relationship; 99 needs otherRelationship (1–500).
    expectValidationAt(await b.createRest(b.ibanInput({ isOwner: false })), '/relationshipWithThirdParty');
    expectValidationAt(await b.createRest(b.ibanInput({ isOwner: false, relationshipWithThirdParty: 99 })), '/otherRelationship');
    expectValidationAt(await b.createRest(b.ibanInput({ isOwner: false, relationshipWithThirdParty: 99, otherRelationship: 'o'.repeat(501) })), '/otherRelationship');
    // US_ABA: iban and bic refused, the three US fields required.
    const us = expectRestProblem(await b.createRest({ ...b.usInput({ iban: IBAN, bic: 'COBADEFF' }), routingNumber: null, accountNumber: undefined, usAccountKind: 'BROKERAGE' }), 400, 'VALIDATION_FAILED');
    expect(pointers(us)).toEqual(['/accountNumber', '/bic', '/iban', '/routingNumber', '/usAccountKind']);
  });

  it('order of checks: D customer (404, 403) → H gate (SUSPENDED, NOT_VERIFIED) → DUPLICATE_BANK_ACCOUNT; the same account for another customer is its own', async () => {
    const b = await Banks.create(server);
    expectRestProblem(await b.createRest(b.ibanInput(), randomUUID()), 404, 'CUSTOMER_NOT_FOUND');
    const other = await Banks.create(server);
    expectRestProblem(await b.createRest(b.ibanInput(), other.customerId), 403, 'FORBIDDEN');
    expectGraphQLProblem(await b.createGql(b.ibanInput(), other.customerId), 403, 'FORBIDDEN');
    const unverified = await b.s.customer();
    expectRestProblem(await b.createRest(b.ibanInput(), unverified), 409, 'CUSTOMER_NOT_VERIFIED');
    const first = await b.create();
    // The same IBAN written differently has the same fingerprint.
    expectRestProblem(await b.createRest(b.ibanInput({ iban: 'de89 3704 0044 0532 0130 00' })), 409, 'DUPLICATE_BANK_ACCOUNT');
    expectGraphQLProblem(await b.createGql(b.ibanInput({ holderName: 'Someone Else' })), 409, 'DUPLICATE_BANK_ACCOUNT');
    await server.operator((db) => suspendCustomer(db, b.customerId, true));
    expectRestProblem(await b.createRest(b.ibanInput()), 409, 'CUSTOMER_SUSPENDED');
    await server.operator((db) => suspendCustomer(db, b.customerId, false));
    // Another customer of the same partner may hold the same account: its own ACTIVE record, same fingerprint.
    const second = await b.s.verifiedCustomer();
    const mine = await b.create(b.ibanInput(), second);
    expect(mine.fingerprint).toBe(first.fingerprint);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM bank_accounts WHERE customer_id = ?', b.customerId)).toBe(1);
  });

  it('§16.4 uq_bank_account_active_fingerprint: concurrent creates of one account on both surfaces: one wins, the others 409', async () => {
    const b = await Banks.create(server);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? b.createRest(b.ibanInput({ label: `r${i}` })) : b.createGql(b.ibanInput({ label: `g${i}` })))),
    );
    const won = replies.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of replies.filter((x) => x.status !== 200)) expectProblem(r, 409, 'DUPLICATE_BANK_ACCOUNT');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM bank_accounts WHERE customer_id = ?', b.customerId)).toBe(1);
    expect(await server.db.count("SELECT COUNT(*) AS n FROM events WHERE type = 'bank_account.active' AND customer_id = ?", b.customerId)).toBe(1);
  });

  it('idempotency: a replay answers the stored account; no second record', async () => {
    const b = await Banks.create(server);
    const key = randomUUID();
    const first = await b.rest('POST', `/partner/v1/customers/${b.customerId}/fiat/bank-accounts`, b.ibanInput(), { idempotencyKey: key });
    const again = await b.rest('POST', `/partner/v1/customers/${b.customerId}/fiat/bank-accounts`, b.ibanInput(), { idempotencyKey: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM bank_accounts WHERE customer_id = ?', b.customerId)).toBe(1);
  });
});

describe('bankAccount and bankAccounts (§14.2)', () => {
  it('unknown: GraphQL null, REST 404 BANK_ACCOUNT_NOT_FOUND; another partner’s: 403 on both', async () => {
    const b = await Banks.create(server);
    const unknown = randomUUID();
    const g = await b.getGql(unknown);
    expect(g.status).toBe(200);
    expect(g.body.data.bankAccount).toBeNull();
    expectRestProblem(await b.get(unknown), 404, 'BANK_ACCOUNT_NOT_FOUND');
    const other = await Banks.create(server);
    const foreign = await other.create();
    expectRestProblem(await b.get(foreign.bankAccountId), 403, 'FORBIDDEN');
    expectGraphQLProblem(await b.getGql(foreign.bankAccountId), 403, 'FORBIDDEN', { data: 'null-fields' });
    expectRestProblem(await b.list('', other.customerId), 403, 'FORBIDDEN');
    expectRestProblem(await b.list('', randomUUID()), 404, 'CUSTOMER_NOT_FOUND');
  });

  it('newest first, filtered by statuses and currency, in pages', async () => {
    const b = await Banks.create(server);
    const eur = await b.create();
    server.clock.advance(1000);
    const usd = await b.create(b.usInput());
    server.clock.advance(1000);
    const gb = await b.create(b.ibanInput({ iban: 'GB82WEST12345698765432', holderCountry: 'GB' }));
    const ids = async (q: string) => ((await b.list(q)).body.items as { bankAccountId: string }[]).map((i) => i.bankAccountId);
    expect(await ids('')).toEqual([gb.bankAccountId, usd.bankAccountId, eur.bankAccountId]);
    expect(await ids('?currency=EUR')).toEqual([gb.bankAccountId, eur.bankAccountId]);
    expect(await ids('?currency=USD&statuses=ACTIVE')).toEqual([usd.bankAccountId]);
    expect(await ids('?statuses=DISABLED')).toEqual([]);
    const page = await b.list('?limit=2');
    expect(page.body.items).toEqual([gb, usd]);
    expect(page.body.pageInfo.hasNextPage).toBe(true);
    const next = await b.list(`?limit=2&cursor=${encodeURIComponent(page.body.pageInfo.endCursor)}`);
    expect(next.body.items).toEqual([eur]);
    // §9.3 B: a filter of the wrong form.
    expectValidationAt(await b.list(`?currency=${'X'.repeat(17)}`), '/currency');
    expectValidationAt(await b.list('?statuses=CLOSED'), /statuses/);
  });
});
