// test: slow — partnerctl bank-account and screening deny-bank|allow-bank, some as the real process
// §14.5, §14.8, §16.6 operator commands on bank accounts and the bank deny list, on the database of a
// running test server: disable / enable print the account in its GraphQL shape with its event; repeating
// writes nothing (E2); enable is refused with DUPLICATE_BANK_ACCOUNT while another ACTIVE account of the
// customer has the fingerprint; the deny list keeps fingerprints of normalised identifiers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankIdentifierDenied } from '../../../src/modules/bank-accounts/index.js';
import { setBankAccountEnabled } from '../../../src/modules/bank-accounts/operators.js';
import { Banks, IBAN } from '../../helpers/bank-accounts.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { partnerctlHere, partnerctlHereJson } from '../../helpers/partnerctl-here.js';
import { expectRefusal, expectUsage, processKit } from '../../helpers/processes.js';
import { expectRestProblem } from '../../helpers/problems.js';
import { eventsOf } from '../../helpers/withdrawals.js';

const { partnerctl, partnerctlJson } = processKit({ tempPrefix: 'partner-ctl-bank-' });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const ctl = (args: string[]) => partnerctlHere(server.databaseUrl, args);
const ctlJson = (args: string[]) => partnerctlHereJson(server.databaseUrl, args);
const types = async (id: string) => (await eventsOf(server, id)).map((e) => e.type);
const bankAccount = (verb: 'disable' | 'enable', id: string) => ['bank-account', verb, '--bank-account-id', id];

describe('§14.5 partnerctl bank-account disable|enable', () => {
  it('disable (the real process) prints the account as the API shows it, with its event; repeating writes nothing; enable brings it back', async () => {
    const b = await Banks.create(server);
    const a = await b.create();
    server.clock.advance(1000);
    const off = await partnerctlJson(server.databaseUrl, bankAccount('disable', a.bankAccountId));
    expect(off).toEqual({ ...a, status: 'DISABLED', updatedAt: expect.any(String) });
    expect(Object.keys(off)).toEqual(Object.keys(a));
    expect(off).toEqual((await b.get(a.bankAccountId)).body);
    expect(await ctlJson(bankAccount('disable', a.bankAccountId))).toEqual(off);
    expect(await types(a.bankAccountId)).toEqual(['bank_account.active', 'bank_account.disabled']);
    // E8: the event's data is the by-id view at the change.
    expect((await eventsOf(server, a.bankAccountId)).at(-1)!.data).toEqual(off);
    const on = await ctlJson(bankAccount('enable', a.bankAccountId));
    expect(on).toMatchObject({ bankAccountId: a.bankAccountId, status: 'ACTIVE' });
    expect(await ctlJson(bankAccount('enable', a.bankAccountId))).toEqual(on);
    expect(await types(a.bankAccountId)).toEqual(['bank_account.active', 'bank_account.disabled', 'bank_account.active']);
  });

  it('a DISABLED account does not count as a duplicate; enabling it while another ACTIVE one has its fingerprint is refused (exit 1), nothing written', async () => {
    const b = await Banks.create(server);
    const first = await b.create();
    await ctlJson(bankAccount('disable', first.bankAccountId));
    const second = await b.create(b.ibanInput({ iban: 'DE89 3704 0044 0532 0130 00', label: 'again' }));
    expect(second.fingerprint).toBe(first.fingerprint);
    const detail = expectRefusal(await partnerctl(server.databaseUrl, bankAccount('enable', first.bankAccountId)), 'DUPLICATE_BANK_ACCOUNT');
    expect(detail).not.toContain(IBAN);
    expect((await b.get(first.bankAccountId)).body.status).toBe('DISABLED');
    expect(await types(first.bankAccountId)).toEqual(['bank_account.active', 'bank_account.disabled']);
    // The listing shows both, one of each status.
    const items = (await b.list()).body.items as { bankAccountId: string; status: string }[];
    expect(items.map((i) => [i.bankAccountId, i.status])).toEqual([[second.bankAccountId, 'ACTIVE'], [first.bankAccountId, 'DISABLED']]);
    // Once the other is disabled, enable succeeds; then a create of the same account is the duplicate.
    await ctlJson(bankAccount('disable', second.bankAccountId));
    expect((await ctlJson(bankAccount('enable', first.bankAccountId))).status).toBe('ACTIVE');
    expectRestProblem(await b.createRest(b.ibanInput()), 409, 'DUPLICATE_BANK_ACCOUNT');
  });

  it('§16.4 an enable racing a create of the same account: exactly one ACTIVE account holds the fingerprint', async () => {
    const b = await Banks.create(server);
    const a = await b.create();
    await ctlJson(bankAccount('disable', a.bankAccountId));
    const [enabled, created] = await Promise.allSettled([server.operator((db) => setBankAccountEnabled(db, a.bankAccountId, true)), b.createRest(b.ibanInput())]);
    const active = await server.db.count("SELECT COUNT(*) AS n FROM bank_accounts WHERE customer_id = ? AND status = 'ACTIVE'", b.customerId);
    expect(active).toBe(1);
    const createdOk = created.status === 'fulfilled' && created.value.status === 200;
    expect(enabled.status === 'fulfilled').toBe(!createdOk);
    if (enabled.status === 'rejected') expect(String(enabled.reason)).toMatch(/fingerprint/);
    else expectRestProblem((created as PromiseFulfilledResult<Awaited<ReturnType<Banks['createRest']>>>).value, 409, 'DUPLICATE_BANK_ACCOUNT');
  });

  it('an unknown account is NOT_FOUND (exit 1); a missing option a usage error (exit 2)', async () => {
    expectRefusal(await ctl(bankAccount('disable', randomUUID())), 'NOT_FOUND');
    expectRefusal(await ctl(bankAccount('enable', 'not-a-uuid')), 'NOT_FOUND');
    expectUsage(await ctl(['bank-account', 'disable']));
    expectUsage(await ctl(['bank-account', 'remove', '--bank-account-id', randomUUID()]));
  });
});

describe('§14.8 partnerctl screening deny-bank|allow-bank', () => {
  const denied = (identifier: string) => server.operator((db) => bankIdentifierDenied(db.read, server.config.secretBox, identifier));

  it('deny-bank prints {added}; the entry matches the identifier however it is spaced or cased; allow-bank prints {removed}', async () => {
    const x = 'GB82 WEST 1234 5698 7654 32';
    expect(await denied('GB82WEST12345698765432')).toBe(false);
    expect(await partnerctlJson(server.databaseUrl, ['screening', 'deny-bank', '--account-identifier', x])).toEqual({ added: true });
    expect(await ctlJson(['screening', 'deny-bank', '--account-identifier', 'gb82west12345698765432'])).toEqual({ added: false });
    expect(await denied('GB82WEST12345698765432')).toBe(true);
    expect(await denied('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(await denied('GB82WEST12345698765433')).toBe(false);
    // Kept as the fingerprint only: the identifier is nowhere in the table.
    const rows = await server.db.all<Record<string, unknown>>('SELECT * FROM bank_deny_list');
    expect(JSON.stringify(rows)).not.toContain('GB82WEST');
    expect(await ctlJson(['screening', 'allow-bank', '--account-identifier', x])).toEqual({ removed: true });
    expect(await ctlJson(['screening', 'allow-bank', '--account-identifier', x])).toEqual({ removed: false });
    expect(await denied('GB82WEST12345698765432')).toBe(false);
  });

  it('a US identifier routing:account; a value breaking the rule is VALIDATION_FAILED (exit 1), a missing one a usage error', async () => {
    expect(await ctlJson(['screening', 'deny-bank', '--account-identifier', '021000021:987654321'])).toEqual({ added: true });
    expect(await denied('021000021:987654321')).toBe(true);
    for (const x of ['', '   ', 'DE89-3704', 'x'.repeat(35), 'DÉ89'])
      expectRefusal(await ctl(['screening', 'deny-bank', '--account-identifier', x]), 'VALIDATION_FAILED');
    expectRefusal(await partnerctl(server.databaseUrl, ['screening', 'allow-bank', '--account-identifier', '!']), 'VALIDATION_FAILED');
    expectUsage(await ctl(['screening', 'deny-bank']));
  });
});
