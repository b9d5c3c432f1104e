// §14.8 the step's RETURNED ("Returned to sender", no ledger row): the account SUSPENDED now, the sender's
// normalised identifier on the bank deny list now (`partnerctl screening deny-bank|allow-bank`), or a
// credit that no longer fits §4's 38 digits; what counts is the state at the step, not at the simulation.
// And the step itself: a compare-and-set on PROCESSING, so two workers racing on one deposit apply it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowBank, denyBank } from '../../../src/modules/bank-accounts/operators.js';
import { fiatDepositStep } from '../../../src/modules/fiat-deposits/index.js';
import { FiatParty } from '../../helpers/fiat-accounts.js';
import { readFiatDeposit, SENDER_IBAN, simulateFiatDeposit } from '../../helpers/fiat-deposits.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { balanceOf, eventTrail, transactionsOf } from '../../helpers/lifecycle.js';

const MAX = '9'.repeat(38);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function party() {
  const f = await FiatParty.create(server);
  const eur = (await f.account('EUR')).fiatAccountId;
  return { f, client: f.s.client, customerId: f.customerId, eur };
}

const deny = (identifier: string) => server.operator((db) => denyBank(db, server.config.secretBox, identifier));
const allow = (identifier: string) => server.operator((db) => allowBank(db, server.config.secretBox, identifier));

/** A deposit RETURNED by its step: the answer, no ledger row, the events processing → returned. */
async function expectReturned(p: Awaited<ReturnType<typeof party>>, d: Record<string, unknown>) {
  const done = await readFiatDeposit(server, p.client, d.fiatDepositId as string);
  expect(done).toEqual({ ...d, status: 'RETURNED', statusInfo: 'Returned to sender', creditedAt: null, updatedAt: done.updatedAt });
  expect(done.updatedAt > (d.updatedAt as string)).toBe(true);
  expect(await transactionsOf(server, p.client, p.customerId, d.fiatDepositId as string)).toEqual([]);
  expect(await eventTrail(server, p.client, d.fiatDepositId as string)).toEqual([
    ['fiat_deposit.processing', 1],
    ['fiat_deposit.returned', 2],
  ]);
}

describe('the step returns the deposit (§14.8)', () => {
  it('the account SUSPENDED after the simulation, before the step → RETURNED; the balance unchanged', async () => {
    const p = await party();
    const d = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '4200' });
    await p.f.suspend(p.eur);
    await server.advanceWorker();
    await expectReturned(p, d);
    expect(await balanceOf(server, p.client, p.customerId, 'EUR')).toEqual({ availableMinor: '0', heldMinor: '0' });
  });

  it('a SUSPENDED account still takes the simulation (no status check in D), and the step returns it; reactivated before the step, it is credited', async () => {
    const p = await party();
    await p.f.suspend(p.eur);
    const returned = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '10' });
    expect(returned.status).toBe('PROCESSING');
    await server.advanceWorker();
    await expectReturned(p, returned);
    const credited = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '11' });
    await p.f.suspend(p.eur, false);
    await server.advanceWorker();
    expect((await readFiatDeposit(server, p.client, credited.fiatDepositId)).status).toBe('COMPLETED');
    expect(await balanceOf(server, p.client, p.customerId, 'EUR')).toEqual({ availableMinor: '11', heldMinor: '0' });
  });

  it('the sender deny-listed after the simulation, before the step (normalised either way) → RETURNED; allowed again, the next is credited', async () => {
    const p = await party();
    const d = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '777', senderAccountIdentifier: 'gb82west1234 5698 7654 32' });
    expect(await deny(SENDER_IBAN)).toEqual({ added: true });
    await server.advanceWorker();
    await expectReturned(p, d);
    expect(await allow('GB82WEST12345698765432')).toEqual({ removed: true });
    const next = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '778' });
    await server.advanceWorker();
    expect((await readFiatDeposit(server, p.client, next.fiatDepositId)).status).toBe('COMPLETED');
    expect(await balanceOf(server, p.client, p.customerId, 'EUR')).toEqual({ availableMinor: '778', heldMinor: '0' });
  });

  it('deny-listed at the simulation but allowed before the step → credited: the list as it stands at the step decides', async () => {
    const p = await party();
    const sender = 'NL91 ABNA 0417 1643 00';
    await deny(sender);
    const d = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '50', senderAccountIdentifier: sender });
    expect(d.status).toBe('PROCESSING');
    await allow(sender);
    await server.advanceWorker();
    expect((await readFiatDeposit(server, p.client, d.fiatDepositId)).status).toBe('COMPLETED');
    // Another sender's entry returns nothing of this one.
    await deny('DE89370400440532013000');
    const other = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '51', senderAccountIdentifier: sender });
    await server.advanceWorker();
    expect((await readFiatDeposit(server, p.client, other.fiatDepositId)).status).toBe('COMPLETED');
    await allow('DE89370400440532013000');
  });

  it('a credit that fit at the simulation but no longer fits §4’s 38 digits at the step → RETURNED; the earlier one credited', async () => {
    const p = await party();
    const first = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: MAX });
    const second = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '1' });
    // The worker runs a round's due steps concurrently, so which of two due deposits it credits first is not
    // fixed: the steps are taken one after the other here, the larger first.
    const due = new Date(Date.parse(second.createdAt) + server.config.sandboxStepDelayMs);
    for (const d of [first, second]) expect(await server.operator((db) => db.writer.run((tx) => fiatDepositStep(tx, d.fiatDepositId, due)))).toBe(true);
    expect((await readFiatDeposit(server, p.client, first.fiatDepositId)).status).toBe('COMPLETED');
    await expectReturned(p, second);
    expect(await balanceOf(server, p.client, p.customerId, 'EUR')).toEqual({ availableMinor: MAX, heldMinor: '0' });
  });
});

describe('the step is a compare-and-set on PROCESSING (§14.8, §10.7)', () => {
  it('two workers on one due deposit: one applies it, the other finds it COMPLETED; one ledger row, two events', async () => {
    const p = await party();
    const d = await simulateFiatDeposit(server, p.client, p.eur, { amountMinor: '321' });
    const now = new Date(Date.parse(d.createdAt) + server.config.sandboxStepDelayMs);
    // Not due a millisecond earlier: no step, nothing written.
    const early = new Date(now.getTime() - 1);
    expect(await server.operator((db) => db.writer.run((tx) => fiatDepositStep(tx, d.fiatDepositId, early)))).toBe(false);
    expect((await readFiatDeposit(server, p.client, d.fiatDepositId)).status).toBe('PROCESSING');
    // Two processes' workers (their own engines), at once.
    const taken = await Promise.all([1, 2].map(() => server.operator((db) => db.writer.run((tx) => fiatDepositStep(tx, d.fiatDepositId, now)))));
    expect(taken.sort()).toEqual([false, true]);
    const done = await readFiatDeposit(server, p.client, d.fiatDepositId);
    expect(done).toMatchObject({ status: 'COMPLETED', creditedAt: now.toISOString(), updatedAt: now.toISOString() });
    expect((await transactionsOf(server, p.client, p.customerId, d.fiatDepositId)).map((t) => [t.type, t.amountMinor])).toEqual([['FIAT_DEPOSIT', '321']]);
    expect(await eventTrail(server, p.client, d.fiatDepositId)).toEqual([
      ['fiat_deposit.processing', 1],
      ['fiat_deposit.completed', 2],
    ]);
    // The server's own worker finds nothing left to do for it; a late step changes nothing.
    await server.advanceWorker();
    expect(await server.operator((db) => db.writer.run((tx) => fiatDepositStep(tx, d.fiatDepositId, new Date(now.getTime() + 1))))).toBe(false);
    expect(await readFiatDeposit(server, p.client, d.fiatDepositId)).toEqual(done);
    expect(await balanceOf(server, p.client, p.customerId, 'EUR')).toEqual({ availableMinor: '321', heldMinor: '0' });
    expect(await eventTrail(server, p.client, d.fiatDepositId)).toHaveLength(2);
  });
});
