// §10.6–§10.8 the transfer pipeline run by the durable worker (§10.7) through the sandbox rail: every
// path of a withdrawal and of a refund, with exactly its ledger rows (§10.1) and events (§11.1–§11.2),
// its timing, its captured failure entry, a restart, and nothing moving outside sandbox mode.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRouteState } from '../../../src/cli/operators.js';
import { denyAddress } from '../../../src/modules/routes/operators.js';
import { generatedTxHash } from '../../../src/core/addresses/derive.js';
import { post } from '../../../src/modules/ledger/rules.js';
import { ETH_ADDRESS, evidenceFor, randomEthAddress, Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { COMPLETED_WITHDRAWAL_EVENTS, atServer, balanceOf, clearFailAddress, eventsOf, failAddress, fund, ledgerOf, Wd } from '../../helpers/withdrawals.js';

const DELAY = 600_000;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: String(DELAY) });
});
afterAll(() => server.stop());

const setup = async (address?: string, route: Parameters<typeof Scenario.create>[1] = {}) => Wd.create(await Scenario.create(server, route), address);

/** One step of every due record: the clock moves one step delay, the worker drains once. */
const step = () => server.advanceWorker(1);

/**
 * Every record to its end: four steps at most from entering the pipeline. A fixed number of rounds, not
 * "until a round applies none": the worker's own timer may take a due step first, and that round's
 * zero would stop the loop early.
 */
async function toTheEnd(): Promise<void> {
  for (let i = 0; i < 5; i++) await step();
}

const row = (withdrawalId: string) =>
  server.db.get<{ status: string; kyt_result: string; status_info: string; tx_hash: string | null; due_at: string | null; fail_at: string | null; completed_at: string | null; updated_at: string }>(
    'SELECT status, kyt_result, status_info, tx_hash, due_at, fail_at, completed_at, updated_at FROM crypto_withdrawals WHERE withdrawal_id = ?',
    withdrawalId,
  );

async function statusOf(id: string): Promise<[string, string, string]> {
  const r = (await row(id))!;
  return [r.status, r.kyt_result, r.status_info];
}

/** E3: a resource's sequences are 1..n in feed order, without gaps. */
function expectGapless(events: { sequence: number }[]): void {
  expect(events.map((e) => e.sequence)).toEqual(events.map((_e, i) => i + 1));
}

describe('withdrawal: SUBMITTED → SCREENING → BROADCASTING → CONFIRMING → COMPLETED', () => {
  it('each step in its own transaction, with its statusInfo, kytResult, txHash, event and, at the end, WITHDRAWAL then WITHDRAWAL_FEE', async () => {
    const wd = await setup();
    const w = await wd.submitted('1000000');
    const id = w.withdrawalId;
    expect(await statusOf(id)).toEqual(['SUBMITTED', 'PENDING', 'Submitted for processing']);

    await step();
    expect(await statusOf(id)).toEqual(['SCREENING', 'PENDING', 'Screening destination address']);
    expect((await row(id))!.tx_hash).toBeNull();

    await step();
    expect(await statusOf(id)).toEqual(['BROADCASTING', 'CLEARED', 'Broadcasting transaction']);
    const txHash = generatedTxHash('ETH', id);
    expect((await row(id))!.tx_hash).toBe(txHash);

    await step();
    expect(await statusOf(id)).toEqual(['CONFIRMING', 'CLEARED', 'Waiting for network confirmations']);
    expect(await ledgerOf(server, id)).toEqual([['HOLD', '1002500']]);

    await step();
    expect(await statusOf(id)).toEqual(['COMPLETED', 'CLEARED', 'Completed']);
    const final = (await row(id))!;
    expect(final).toMatchObject({ tx_hash: txHash, due_at: null, completed_at: final.updated_at });

    expect(await ledgerOf(server, id)).toEqual([['HOLD', '1002500'], ['WITHDRAWAL', '1000000'], ['WITHDRAWAL_FEE', '2500']]);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '0', held: '0' });

    const events = await eventsOf(server, id);
    expect(events.map((e) => e.type)).toEqual(COMPLETED_WITHDRAWAL_EVENTS);
    expectGapless(events);
    const view = await wd.view(id);
    expect(view).toMatchObject({ status: 'COMPLETED', txHash, completedAt: expect.stringMatching(ISO), submittedAt: expect.stringMatching(ISO) });
    expect(events.at(-1)!.data).toEqual(view);
    expect(events.at(-1)!.created_at).toBe(view.updatedAt);

    // E6: the record's event, then its ledger rows' events, in posting order.
    const tail = await server.db.all<{ type: string; resource_id: string }>(
      `SELECT type, resource_id FROM events WHERE customer_id = ? AND position >= (SELECT position FROM events WHERE resource_id = ? AND sequence = 6) ORDER BY position`,
      wd.customerId,
      id,
    );
    const postedIds = (await server.db.all<{ transaction_id: string }>(
      "SELECT transaction_id FROM ledger_transactions WHERE resource_id = ? AND type IN ('WITHDRAWAL', 'WITHDRAWAL_FEE') ORDER BY sequence",
      id,
    )).map((r) => r.transaction_id);
    expect(tail.map((e) => [e.type, e.resource_id])).toEqual([
      ['crypto_withdrawal.completed', id],
      ['transaction.posted', postedIds[0]],
      ['transaction.posted', postedIds[1]],
    ]);

    // REST keeps the document's fields; GET shows the hash.
    const rest = await wd.rest('GET', `/partner/v1/crypto/withdrawals/${id}`);
    expect(rest.body).toMatchObject({ status: 'COMPLETED', kytResult: 'CLEARED', statusInfo: 'Completed', txHash });
    expect(rest.body).not.toHaveProperty('completedAt');

    // Final: no further step.
    await step();
    expect((await eventsOf(server, id)).length).toBe(6);
  });

  it('a route without a fee settles with WITHDRAWAL alone', async () => {
    const wd = await setup(undefined, { feeMinor: '0' });
    const w = await wd.submitted('5000');
    await toTheEnd();
    expect((await row(w.withdrawalId))!.status).toBe('COMPLETED');
    expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '5000'], ['WITHDRAWAL', '5000']]);
  });

  it('never before its due time: a record leaves a state no earlier than the step delay after entering it', async () => {
    const wd = await setup();
    const w = await wd.submitted('1000');
    server.clock.advance(DELAY - 5_000);
    await server.service.worker.drain();
    expect((await row(w.withdrawalId))!.status).toBe('SUBMITTED');
    server.clock.advance(5_000);
    await server.service.worker.drain();
    const r = (await row(w.withdrawalId))!;
    expect(r.status).toBe('SCREENING');
    expect(Date.parse(r.due_at!) - Date.parse(r.updated_at)).toBe(DELAY);
    server.clock.advance(DELAY - 5_000);
    await server.service.worker.drain();
    expect((await row(w.withdrawalId))!.status).toBe('SCREENING');
  });

  it('a route disabled and the beneficiary removed after submission do not change the course', async () => {
    const wd = await setup();
    const w = await wd.submitted('1000');
    await server.operator((db) => setRouteState(db, wd.s.routeCode, false));
    await server.db.run("UPDATE wallet_beneficiaries SET beneficiary_status = 'REMOVED' WHERE wallet_beneficiary_id = ?", wd.beneficiaryId);
    await toTheEnd();
    expect((await row(w.withdrawalId))!.status).toBe('COMPLETED');
    expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '3500'], ['WITHDRAWAL', '1000'], ['WITHDRAWAL_FEE', '2500']]);
  });

  it('a restart resumes where the records are', async () => {
    const wd = await setup();
    const w = await wd.submitted('1000');
    await step();
    await step();
    expect((await row(w.withdrawalId))!.status).toBe('BROADCASTING');
    await server.restart();
    await toTheEnd();
    expect((await row(w.withdrawalId))!.status).toBe('COMPLETED');
    const events = await eventsOf(server, w.withdrawalId);
    expect(events.map((e) => e.type.split('.')[1])).toEqual(['approved', 'submitted', 'screening', 'broadcasting', 'confirming', 'completed']);
    expectGapless(events);
    expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '3500'], ['WITHDRAWAL', '1000'], ['WITHDRAWAL_FEE', '2500']]);
  });
});

describe('withdrawal: REJECTED and FAILED release the whole hold', () => {
  it('deny-listed before the step out of SCREENING → REJECTED, kytResult REJECTED, RELEASE of amount + fee', async () => {
    const address = randomEthAddress();
    const wd = await setup(address);
    const w = await wd.submitted('1000000', '1500000');
    await step(); // SCREENING
    await server.operator((db) => denyAddress(db, 'ETH', address));
    await step();
    expect(await statusOf(w.withdrawalId)).toEqual(['REJECTED', 'REJECTED', 'Destination address failed screening']);
    expect((await row(w.withdrawalId))!).toMatchObject({ tx_hash: null, due_at: null, completed_at: null });
    expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '1002500'], ['RELEASE', '1002500']]);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '1500000', held: '0' });
    const events = await eventsOf(server, w.withdrawalId);
    expect(events.map((e) => e.type)).toEqual(['crypto_withdrawal.approved', 'crypto_withdrawal.submitted', 'crypto_withdrawal.screening', 'crypto_withdrawal.rejected']);
    expectGapless(events);
    await toTheEnd();
    expect(await eventsOf(server, w.withdrawalId)).toHaveLength(4);
  });

  it('the deny list as it is at the step decides: denied at submission, cleared before screening → COMPLETED', async () => {
    const address = randomEthAddress();
    const wd = await setup(address);
    const w = await wd.draft({ amountMinor: '1000' });
    await server.operator((db) => denyAddress(db, 'ETH', address));
    await fund(wd.s, wd.customerId, '3500');
    expect((await wd.submitRest(w.withdrawalId)).status).toBe(200);
    await server.db.run('DELETE FROM screening_denylist WHERE blockchain = ? AND address_key = ?', 'ETH', address.toLowerCase());
    await toTheEnd();
    expect((await row(w.withdrawalId))!.status).toBe('COMPLETED');
  });

  it('fail entry at BROADCASTING → FAILED "Broadcast failed", txHash kept, RELEASE', async () => {
    const wd = await setup(ETH_ADDRESS);
    await failAddress(server, ETH_ADDRESS, 'BROADCASTING');
    try {
      const w = await wd.submitted('1000000', '1002500');
      expect((await row(w.withdrawalId))!.fail_at).toBe('BROADCASTING');
      await step();
      await step();
      expect((await row(w.withdrawalId))!.status).toBe('BROADCASTING');
      await step();
      expect(await statusOf(w.withdrawalId)).toEqual(['FAILED', 'CLEARED', 'Broadcast failed']);
      expect((await row(w.withdrawalId))!).toMatchObject({ tx_hash: generatedTxHash('ETH', w.withdrawalId), due_at: null, completed_at: null });
      expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '1002500'], ['RELEASE', '1002500']]);
      expect(await balanceOf(server, wd.customerId)).toEqual({ available: '1002500', held: '0' });
      const events = await eventsOf(server, w.withdrawalId);
      expect(events.map((e) => e.type.split('.')[1])).toEqual(['approved', 'submitted', 'screening', 'broadcasting', 'failed']);
      expectGapless(events);
    } finally {
      await clearFailAddress(server, ETH_ADDRESS);
    }
  });

  it('fail entry at CONFIRMING → FAILED "Transaction failed on chain", RELEASE', async () => {
    const address = randomEthAddress();
    const wd = await setup(address);
    await failAddress(server, address, 'CONFIRMING');
    const w = await wd.submitted('1000');
    await toTheEnd();
    expect(await statusOf(w.withdrawalId)).toEqual(['FAILED', 'CLEARED', 'Transaction failed on chain']);
    expect(await ledgerOf(server, w.withdrawalId)).toEqual([['HOLD', '3500'], ['RELEASE', '3500']]);
    const events = await eventsOf(server, w.withdrawalId);
    expect(events.map((e) => e.type.split('.')[1])).toEqual(['approved', 'submitted', 'screening', 'broadcasting', 'confirming', 'failed']);
  });

  it('the entry is captured at submission: added later, or removed later, it changes nothing', async () => {
    const a = randomEthAddress();
    const b = randomEthAddress();
    const wa = await setup(a);
    const wb = await setup(b);
    await failAddress(server, b, 'CONFIRMING');
    const x = await wa.submitted('1000');
    const y = await wb.submitted('1000');
    await failAddress(server, a, 'BROADCASTING');
    await clearFailAddress(server, b);
    await toTheEnd();
    expect((await row(x.withdrawalId))!.status).toBe('COMPLETED');
    expect(await statusOf(y.withdrawalId)).toEqual(['FAILED', 'CLEARED', 'Transaction failed on chain']);
    await clearFailAddress(server, a);
  });
});

describe('refund: CONFIRMED → SCREENING → BROADCASTING → CONFIRMING → COMPLETED', () => {
  /**
   * A CONFIRMED refund of `amountMinor` with its hold and its due time, as the refund operations leave it
   * (what they do not do yet is completed here, so that the pipeline's own part is what is tested).
   */
  async function confirmedRefund(wd: Wd, amountMinor: string, refundAddress: string, failAt: string | null = null): Promise<string> {
    const s = wd.s;
    const depositId = await fund(s, wd.customerId, '1000000');
    const draftInput: Record<string, unknown> = { amountMinor, refundAddress };
    draftInput.operationAuthorization = evidenceFor('CRYPTO_REFUND_CREATE', { depositId }, draftInput, { authorizedAt: server.clock.now() });
    const d = await wd.gql(
      `mutation($depositId: UUID!, $input: CreateCryptoRefundApprovalDraftInput!) { createCryptoRefundApprovalDraft(depositId: $depositId, input: $input) { refundId } }`,
      { depositId, input: draftInput },
    );
    expect(d.status, d.text).toBe(200);
    const refundId = d.body.data.createCryptoRefundApprovalDraft.refundId as string;
    for (const [field, type] of [['submitCryptoRefund', 'Submit'], ['confirmCryptoRefund', 'Confirm']] as const) {
      const input = { operationAuthorization: evidenceFor(`CRYPTO_REFUND_${type.toUpperCase()}`, { refundId }, {}, { authorizedAt: server.clock.now() }) };
      const r = await wd.gql(`mutation($refundId: UUID!, $input: ${type}CryptoRefundInput!) { ${field}(refundId: $refundId, input: $input) { status } }`, { refundId, input });
      expect(r.status, r.text).toBe(200);
    }
    const holds = await server.db.count("SELECT count(*) AS n FROM ledger_transactions WHERE resource_id = ? AND type = 'HOLD'", refundId);
    if (holds === 0)
      await server.operator((engine) =>
        engine.writer.run((tx) =>
          post(tx, { type: 'HOLD', customerId: wd.customerId, clientId: s.client.clientId, currency: 'USDT', currencyScale: 6, amountMinor: BigInt(amountMinor), resourceType: 'CRYPTO_REFUND', resourceId: refundId, at: server.clock.now().toISOString() }),
        ),
      );
    await server.db.run(
      'UPDATE crypto_refunds SET due_at = coalesce(due_at, ?), fail_at = ?, tx_hash = NULL WHERE refund_id = ?',
      new Date(server.clock.now().getTime() + DELAY).toISOString(),
      failAt,
      refundId,
    );
    return refundId;
  }

  const refundRow = (refundId: string) =>
    server.db.get<{ status: string; kyt_result: string; status_info: string; tx_hash: string | null; due_at: string | null; completed_at: string | null; updated_at: string }>(
      'SELECT status, kyt_result, status_info, tx_hash, due_at, completed_at, updated_at FROM crypto_refunds WHERE refund_id = ?',
      refundId,
    );

  const pipelineEvents = async (refundId: string) => {
    const events = await eventsOf(server, refundId);
    expectGapless(events);
    return events.map((e) => e.type).filter((t) => !['crypto_refund.approved', 'crypto_refund.awaiting_confirmation', 'crypto_refund.confirmed'].includes(t));
  };

  it('completes with REFUND of the amount, no fee; txHash from the refundId', async () => {
    const wd = await setup();
    const address = randomEthAddress();
    const refundId = await confirmedRefund(wd, '250000', address);
    const statuses: string[][] = [];
    for (let i = 0; i < 4; i++) {
      await step();
      const r = (await refundRow(refundId))!;
      statuses.push([r.status, r.kyt_result, r.status_info]);
    }
    expect(statuses).toEqual([
      ['SCREENING', 'PENDING', 'Screening destination address'],
      ['BROADCASTING', 'CLEARED', 'Broadcasting transaction'],
      ['CONFIRMING', 'CLEARED', 'Waiting for network confirmations'],
      ['COMPLETED', 'CLEARED', 'Completed'],
    ]);
    const r = (await refundRow(refundId))!;
    expect(r).toMatchObject({ tx_hash: generatedTxHash('ETH', refundId), due_at: null, completed_at: r.updated_at });
    expect(await ledgerOf(server, refundId)).toEqual([['HOLD', '250000'], ['REFUND', '250000']]);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '750000', held: '0' });
    expect(await pipelineEvents(refundId)).toEqual(['crypto_refund.screening', 'crypto_refund.broadcasting', 'crypto_refund.confirming', 'crypto_refund.completed']);
    const last = (await eventsOf(server, refundId)).at(-1)!;
    expect(last.data).toMatchObject({ refundId, status: 'COMPLETED', txHash: generatedTxHash('ETH', refundId) });
  });

  it('deny-listed refund address → REJECTED, RELEASE of the amount', async () => {
    const wd = await setup();
    const address = randomEthAddress();
    const refundId = await confirmedRefund(wd, '250000', address);
    await server.operator((db) => denyAddress(db, 'ETH', address));
    await toTheEnd();
    expect((await refundRow(refundId))!).toMatchObject({ status: 'REJECTED', kyt_result: 'REJECTED', status_info: 'Destination address failed screening', tx_hash: null });
    expect(await ledgerOf(server, refundId)).toEqual([['HOLD', '250000'], ['RELEASE', '250000']]);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '1000000', held: '0' });
    expect(await pipelineEvents(refundId)).toEqual(['crypto_refund.screening', 'crypto_refund.rejected']);
  });

  it('captured failure at BROADCASTING and at CONFIRMING → FAILED, RELEASE', async () => {
    const wd = await setup();
    const a = await confirmedRefund(wd, '100000', randomEthAddress(), 'BROADCASTING');
    const b = await confirmedRefund(wd, '200000', randomEthAddress(), 'CONFIRMING');
    await toTheEnd();
    expect((await refundRow(a))!).toMatchObject({ status: 'FAILED', status_info: 'Broadcast failed', tx_hash: generatedTxHash('ETH', a) });
    expect((await refundRow(b))!).toMatchObject({ status: 'FAILED', status_info: 'Transaction failed on chain' });
    expect(await ledgerOf(server, a)).toEqual([['HOLD', '100000'], ['RELEASE', '100000']]);
    expect(await ledgerOf(server, b)).toEqual([['HOLD', '200000'], ['RELEASE', '200000']]);
    expect(await balanceOf(server, wd.customerId)).toEqual({ available: '2000000', held: '0' });
    expect(await pipelineEvents(b)).toEqual(['crypto_refund.screening', 'crypto_refund.broadcasting', 'crypto_refund.confirming', 'crypto_refund.failed']);
  });
});

describe('outside sandbox mode', () => {
  it('submitted withdrawals stay SUBMITTED with their funds held; the failure list is ignored', async () => {
    const prod = await startTestServer({ PARTNER_SANDBOX: 'false', SANDBOX_STEP_DELAY_MS: String(DELAY) });
    try {
      const s = await Scenario.create(prod);
      const address = randomEthAddress();
      const wd = await Wd.create(s, address);
      await failAddress(prod, address, 'BROADCASTING');
      const w = await wd.draft({ amountMinor: '1000' });
      await prod.operator((engine) =>
        engine.writer.run((tx) =>
          post(tx, { type: 'DEPOSIT', customerId: wd.customerId, clientId: s.client.clientId, currency: 'USDT', currencyScale: 6, amountMinor: 3500n, resourceType: 'CRYPTO_DEPOSIT', resourceId: randomUUID(), at: prod.clock.now().toISOString() }),
        ),
      );
      const r = await wd.submitRest(w.withdrawalId);
      expect(r.status, r.text).toBe(200);
      expect(await prod.advanceWorker(5)).toBe(0);
      const stored = await prod.db.get<{ status: string; fail_at: string | null }>('SELECT status, fail_at FROM crypto_withdrawals WHERE withdrawal_id = ?', w.withdrawalId);
      expect(stored).toEqual({ status: 'SUBMITTED', fail_at: null });
      expect(await balanceOf(prod, wd.customerId)).toEqual({ available: '0', held: '3500' });
      const again = await wd.rest('GET', `/partner/v1/crypto/withdrawals/${w.withdrawalId}`, atServer(prod));
      expect(again.body.status).toBe('SUBMITTED');
    } finally {
      await prod.stop();
    }
  });
});
