// test: slow — the README's examples, run as processes
// The README's end-to-end examples (examples/withdrawal.ts, refund.ts, onboarding.ts, checkout.ts, fiat.ts) run against a real server
// on both surfaces, as a partner would run them, so the documented lifecycle cannot drift from the service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';
import { cleanEnv, run } from '../../helpers/processes.js';
import { createPair, setRate } from '../../../src/modules/conversion/operators.js';
import { enableRail } from '../../../src/modules/fiat-rails/operators.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_STEP_DELAY_MS: '20', WORKER_POLL_INTERVAL_MS: '10' });
});
afterAll(() => server.stop());

/** The example's output: each `## step` heading with the JSON printed under it. */
function sections(stdout: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const part of stdout.split(/^## /m).slice(1)) {
    const [title, ...rest] = part.split('\n');
    // Pretty-printed JSON closes its top level at column 0; progress lines follow.
    const end = rest.findIndex((l) => l === '}' || l === ']');
    const json = rest.slice(0, end + 1).join('\n');
    out.set(title!.trim(), JSON.parse(json));
  }
  return out;
}

async function runExample(file: string, surface: 'graphql' | 'rest', provision?: (s: Scenario) => Promise<void>) {
  const s = await Scenario.create(server, { feeMinor: '1500000', minMinor: '1000000', maxMinor: '1000000000000' });
  await provision?.(s);
  const r = await run(
    process.execPath,
    ['--import', 'tsx', file],
    cleanEnv({ BASE: server.url, CLIENT_ID: s.client.clientId, PARTNER_SECRET: s.client.secret, ROUTE_CODE: s.routeCode, SURFACE: surface }),
    60_000,
  );
  expect(r.code, r.stderr).toBe(0);
  return { stdout: r.stdout, out: sections(r.stdout) };
}

describe('first-call.ts', () => {
  it('answers a signed query', async () => {
    const { out, stdout } = await runExample('examples/first-call.ts', 'graphql');
    expect(out.get('events')).toEqual({ events: { items: [], pageInfo: { hasNextPage: false, endCursor: null } } });
    expect(stdout).toContain('Signed call answered: 0 event(s).');
  }, 60_000);
});

describe.each(['graphql', 'rest'] as const)('examples on %s', (surface) => {
  it('withdrawal.ts: deposit → beneficiary → quote → draft → submit → COMPLETED, with its events and ledger rows', async () => {
    const { stdout, out } = await runExample('examples/withdrawal.ts', surface);
    expect(stdout).toMatch(/ → COMPLETED \(Completed\)/);
    const types = (out.get('events') as { type: string }[]).map((e) => e.type);
    expect(types).toEqual(['approved', 'submitted', 'screening', 'broadcasting', 'confirming', 'completed'].map((t) => `crypto_withdrawal.${t}`));
    // 25 USDT in, 10 USDT out with a fee of 1.5.
    expect(out.get('balances')).toMatchObject([{ currency: 'USDT', availableMinor: '13500000', heldMinor: '0' }]);
  }, 90_000);

  it('refund.ts: deposit → refund draft → submit → confirm → COMPLETED, with its events and ledger rows', async () => {
    const { stdout, out } = await runExample('examples/refund.ts', surface);
    expect(stdout).toMatch(/ → COMPLETED \(Completed\)/);
    const types = (out.get('events') as { type: string }[]).map((e) => e.type);
    expect(types[0]).toBe('crypto_refund.approved');
    expect(types.at(-1)).toBe('crypto_refund.completed');
    // 25 USDT in, 5 USDT back; refunds carry no fee (D10).
    expect(out.get('balances')).toMatchObject([{ currency: 'USDT', availableMinor: '20000000', heldMinor: '0' }]);
  }, 90_000);

  it('checkout.ts: checkout → link → the hosted page → an overpayment → PAID → its refund → COMPLETED; a collection wallet paid', async () => {
    const { stdout, out } = await runExample('examples/checkout.ts', surface);
    const checkout = out.get('checkout') as { address: string };
    expect(checkout).toMatchObject({ status: 'OPEN', statusInfo: 'Awaiting payment', amountMinor: '25000000', amountDueMinor: '25000000', paidAt: null });
    expect(out.get('pos payment request')).toMatchObject({ terminalRef: 'till-3', address: checkout.address, amountDueMinor: '25000000' });
    expect(out.get('hosted page')).toMatchObject({ status: 'OPEN', amountMinor: '25000000', amountDueMinor: '25000000', address: checkout.address, paymentUri: expect.any(String) });
    expect(out.get('payment detected')).toMatchObject({ targetType: 'CHECKOUT', status: 'DETECTED', late: false, amountMinor: '30000000' });
    expect(out.get('payment completed')).toMatchObject({ status: 'COMPLETED', refundableAmountMinor: '30000000' });
    // §15.3: 30 paid of 25 → PAID, "Overpaid" by 5.
    expect(out.get('checkout paid')).toMatchObject({
      status: 'PAID', statusInfo: 'Overpaid', amountPaidMinor: '30000000', amountPendingMinor: '0', amountDueMinor: '0', overpaidMinor: '5000000', paidAt: expect.any(String),
    });
    expect(out.get('hosted page after payment')).toMatchObject({ status: 'PAID', statusInfo: 'Overpaid', amountDueMinor: '0', paymentUri: null });
    expect(out.get('refund draft')).toMatchObject({ status: 'APPROVED', amountMinor: '5000000', refundAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' });
    expect(stdout).toMatch(/ → COMPLETED \(Completed\)/);
    expect(out.get('payment after the refund')).toMatchObject({ status: 'COMPLETED', refundableAmountMinor: '25000000' });
    expect(out.get('collection wallet')).toMatchObject({ status: 'ACTIVE', amountReceivedMinor: '10000000' });
    // The checkout's events: created, a payment pending (amounts changed, status not), then paid.
    expect((out.get('events') as { type: string }[]).map((e) => e.type)).toEqual(['crypto_checkout.open', 'crypto_checkout.updated', 'crypto_checkout.paid']);
    // 30 USDT in by the checkout, 5 back, 10 in by the wallet; collections and refunds carry no fee.
    expect(out.get('balances')).toMatchObject([{ currency: 'USDT', availableMinor: '35000000', heldMinor: '0' }]);
  }, 90_000);

  it('fiat.ts: application → EUR account → deposit instructions → a transfer in → bank account → SEPA activated → quote → draft → submit → COMPLETED', async () => {
    // What the README has an operator run first (§14.1): SEPA for the partner, with a fee.
    const provision = async (s: Scenario) => {
      await server.operator((db) => enableRail(db, { clientId: s.client.clientId, rail: 'SEPA', withdrawalFeeMinor: '150' }, server.clock.now()));
    };
    const { stdout, out } = await runExample('examples/fiat.ts', surface, provision);
    expect(out.get('application decided')).toMatchObject({ currency: 'EUR', status: 'APPROVED', statusInfo: 'Approved', fiatAccountId: expect.any(String) });
    expect(out.get('deposit instructions')).toMatchObject({ currency: 'EUR', rails: ['SEPA'], beneficiaryName: 'Example Customer', bankName: 'Sandbox Bank', bic: 'SNDBDEFFXXX', iban: expect.stringMatching(/^DE\d{20}$/) });
    expect(out.get('deposit credited')).toMatchObject({ status: 'COMPLETED', statusInfo: 'Credited', amountMinor: '50000', senderAccountLast4: '6199' });
    // Only the last four characters and the fingerprint of the customer's own IBAN come back.
    expect(out.get('bank account')).toMatchObject({ accountType: 'IBAN', accountIdentifierLast4: '3000', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), status: 'ACTIVE' });
    expect(stdout).not.toContain('370400440532013000');
    expect(out.get('capability')).toMatchObject({ rail: 'SEPA', status: 'ACTIVE', railEnabled: true, feeAmountMinor: '150' });
    expect(out.get('quote')).toMatchObject({ amountMinor: '15000', feeAmountMinor: '150', totalAmountMinor: '15150' });
    expect(out.get('draft')).toMatchObject({ status: 'APPROVED', feeAmountMinor: '150' });
    expect(out.get('submitted')).toEqual({ status: 'SUBMITTED', statusInfo: 'Submitted for processing' });
    expect(out.get('withdrawal')).toMatchObject({ status: 'COMPLETED', statusInfo: 'Completed', bankAccountLast4: '3000', bankReference: expect.stringMatching(/^SBX[0-9A-F]{16}$/) });
    expect((out.get('events') as { type: string }[]).map((e) => e.type)).toEqual([
      'fiat_withdrawal.approved', 'fiat_withdrawal.submitted', 'fiat_withdrawal.compliance_review', 'fiat_withdrawal.sent_to_bank', 'fiat_withdrawal.completed',
    ]);
    // 500.00 in; 150.00 paid out and the 1.50 fee: held at submission, settled when sent to the bank.
    expect(out.get('balances')).toMatchObject([{ currency: 'EUR', availableMinor: '34850', heldMinor: '0' }]);
  }, 90_000);

  it('onboarding.ts: customer → file upload → KYC evidence → VERIFIED → deposit → quote → conversion, with its ledger rows', async () => {
    // What the README has an operator run first (§13.1): the pair and a rate.
    const provision = (s: Scenario) =>
      server.operator(async (db) => {
        await setRate(db, { base: 'USDT', quote: 'EUR', rate: '0.92' }, server.clock.now());
        await createPair(db, { clientId: s.client.clientId, source: 'USDT', target: 'EUR', spreadBps: '50' });
      });
    const { out } = await runExample('examples/onboarding.ts', surface, provision);
    expect(out.get('uploaded')).toEqual({ status: 'UPLOADED' });
    expect(out.get('evidence submitted')).toMatchObject({ verificationStatus: 'PENDING_REVIEW', verificationReviewPending: true });
    expect(out.get('reviewed')).toMatchObject({ verificationStatus: 'VERIFIED', verificationReviewPending: false });
    // 10 USDT at 0.92 less 50 bps: 9.154 EUR floored to cents, the spread 0.046 EUR (§13.1's first vector).
    expect(out.get('conversion')).toMatchObject({ status: 'COMPLETED', sourceAmountMinor: '10000000', targetAmountMinor: '915', spreadAmountMinor: '5' });
    expect(out.get('balances')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ currency: 'USDT', availableMinor: '15000000', heldMinor: '0' }),
        expect.objectContaining({ currency: 'EUR', availableMinor: '915', heldMinor: '0' }),
      ]),
    );
  }, 90_000);
});
