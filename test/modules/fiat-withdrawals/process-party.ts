// Fiat withdrawals against servers run as processes (the crash and cross-process suites, §14.7, §16.4):
// a VERIFIED customer with an ACTIVE EUR account funded by a fiat deposit, IBAN bank accounts whose
// sandbox outcomes (§14.3) give each path — passed (COMPLETED), REJECTED at the review, RETURNED after
// SENT_TO_BANK — and its SEPA capability activated through the API (§14.6); and the check that a
// withdrawal has exactly its path's ledger rows (§14.9) and events (one per change, gapless).
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { SecretBox } from '../../../src/core/secret-box.js';
import { databaseTargetFromUrl, openEngine } from '../../../src/db/engine.js';
import { verificationDecide } from '../../../src/modules/customers/operators.js';
import { enableRail } from '../../../src/modules/fiat-rails/operators.js';
import { sandboxFiatWithdrawalOutcome } from '../../../src/modules/fiat-withdrawals/operators.js';
import { evidenceFor, signedFetch, sleep, toReply, type Client } from '../../helpers/harness.js';
import type { TestDb } from '../../helpers/test-db.js';

export const FEE = 25n;

/** The paths, by the bank account's identifier (valid IBANs; the outcome is captured at submission). */
export const PATHS = [
  { path: 'COMPLETED', iban: 'DE89370400440532013000' },
  { path: 'REJECTED', iban: 'GB82WEST12345698765432' },
  { path: 'RETURNED', iban: 'NL91ABNA0417164300' },
] as const;
export type PathName = (typeof PATHS)[number]['path'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any; text: string };

/** A signed request with the given Idempotency-Key (a resend with the same key and body replays). */
export async function send(url: string, client: Client, method: string, p: string, key: string | null, payload?: unknown): Promise<Answer> {
  const { res } = await signedFetch(url, client, {
    method,
    path: p,
    idempotencyKey: key,
    body: payload === undefined ? undefined : JSON.stringify(payload),
    signal: AbortSignal.timeout(15_000),
  });
  const r = await toReply(res);
  return { status: r.status, body: r.body, text: r.text };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, tries = 600): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await probe();
    if (v !== undefined) return v;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

export type Party = { customerId: string; fiatAccountId: string; bankAccounts: Record<PathName, string> };

/**
 * Through a running server (`url`) and the operator's code on `databaseUrl`: the customer, SEPA enabled
 * with fee FEE, its EUR account (application approved by the worker), its bank accounts and sandbox
 * outcomes, the SEPA capability activated and reviewed, and `fundMinor` credited by a fiat deposit.
 */
export async function makeParty(url: string, databaseUrl: string, client: Client, fundMinor: bigint): Promise<Party> {
  const c = await send(url, client, 'POST', '/graphql', randomUUID(), {
    query: 'mutation($i: CreateCustomerInput!) { createCustomer(input: $i) { customerId } }',
    variables: { i: { externalRef: `fw-${randomUUID()}`, type: 'INDIVIDUAL' } },
  });
  expect(c.status, c.text).toBe(200);
  const customerId: string = c.body.data.createCustomer.customerId;
  const e = await openEngine(databaseTargetFromUrl(databaseUrl), { poolSize: 1 });
  try {
    await verificationDecide(e, customerId, 'VERIFIED', undefined);
    await enableRail(e, { clientId: client.clientId, rail: 'SEPA', withdrawalFeeMinor: FEE.toString() });
    await sandboxFiatWithdrawalOutcome(e, SecretBox.development(), PATHS[1].iban, { outcome: 'REJECTED', clear: false });
    await sandboxFiatWithdrawalOutcome(e, SecretBox.development(), PATHS[2].iban, { outcome: 'RETURNED', returnReason: 'ACCOUNT_CLOSED', clear: false });
  } finally {
    await e.close();
  }
  const app = await send(url, client, 'POST', `/partner/v1/customers/${customerId}/fiat/account-applications`, randomUUID(), {
    currency: 'EUR', accountHolderName: 'Ada Lovelace', expectedMonthlyVolumeMinor: '500000', sourceOfFunds: 'Salary', accountPurpose: 'Savings',
  });
  expect(app.status, app.text).toBe(200);
  const fiatAccountId = await until('the application approved', async () => {
    const r = await send(url, client, 'GET', `/partner/v1/fiat/account-applications/${app.body.applicationId}`, null);
    return r.body?.status === 'APPROVED' ? (r.body.fiatAccountId as string) : undefined;
  });
  const bankAccounts = {} as Record<PathName, string>;
  for (const { path, iban } of PATHS) {
    const b = await send(url, client, 'POST', `/partner/v1/customers/${customerId}/fiat/bank-accounts`, randomUUID(), {
      accountType: 'IBAN', currency: 'EUR', holderName: 'Ada Lovelace', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true, iban,
    });
    expect(b.status, b.text).toBe(200);
    bankAccounts[path] = b.body.bankAccountId;
  }
  // §14.6 the SEPA capability, activated as a partner does: the activation, then its review by the worker.
  const act = await send(url, client, 'POST', `/partner/v1/customers/${customerId}/fiat/withdrawal-capabilities/SEPA/activation`, randomUUID(), {
    expectedMonthlyVolumeMinor: '250000', withdrawalPurpose: 'Paying suppliers',
  });
  expect(act.status, act.text).toBe(200);
  await until('the SEPA capability ACTIVE', async () => {
    const r = await send(url, client, 'GET', `/partner/v1/customers/${customerId}/fiat/withdrawal-capabilities`, null);
    return r.body?.items?.find((c: { rail: string; status: string }) => c.rail === 'SEPA')?.status === 'ACTIVE' ? true : undefined;
  });
  const dep = await send(url, client, 'POST', `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-simulations`, randomUUID(), {
    amountMinor: fundMinor.toString(), senderName: 'Charles Babbage', senderAccountIdentifier: 'GB82 WEST 1234 5698 7654 32',
  });
  expect(dep.status, dep.text).toBe(200);
  await until('the deposit credited', async () => {
    const r = await send(url, client, 'GET', `/partner/v1/fiat/deposits/${dep.body.fiatDepositId}`, null);
    return r.body?.status === 'COMPLETED' ? true : undefined;
  });
  return { customerId, fiatAccountId, bankAccounts };
}

/** A draft's request: its path, key and body (the evidence authorized now), for the SEPA rail. */
export function draftRequest(party: Party, path: PathName, amountMinor: bigint) {
  const input: Record<string, unknown> = {
    rail: 'SEPA', bankAccountId: party.bankAccounts[path], amountMinor: amountMinor.toString(), currency: 'EUR', currencyScale: 2,
    paymentReference: 'Invoice 1', clientReference: `fw-${randomUUID()}`,
  };
  input.operationAuthorization = evidenceFor('FIAT_WITHDRAWAL_CREATE', { customerId: party.customerId }, input);
  return { path: `/partner/v1/customers/${party.customerId}/fiat/withdrawals`, key: randomUUID(), body: input };
}

/** A submission's request for the withdrawal: its path, key and body. */
export function submitRequest(fiatWithdrawalId: string) {
  return {
    path: `/partner/v1/fiat/withdrawals/${fiatWithdrawalId}/submission`,
    key: randomUUID(),
    body: { operationAuthorization: evidenceFor('FIAT_WITHDRAWAL_SUBMIT', { fiatWithdrawalId }, {}) },
  };
}

/** The withdrawals of the customer not yet at rest (a worker step may still move them). */
export const moving = (db: TestDb, customerId: string) =>
  db.count(`SELECT COUNT(*) AS n FROM fiat_withdrawals WHERE customer_id = ? AND status IN ('SUBMITTED', 'COMPLIANCE_REVIEW', 'SENT_TO_BANK')`, customerId);

/** Waits (bounded) until no withdrawal of the customer may still move by a worker step. */
export async function settled(db: TestDb, customerId: string): Promise<void> {
  await until('the withdrawals at rest', async () => ((await moving(db, customerId)) === 0 ? true : undefined), 1200);
}

const EVENTS: Record<string, string[]> = {
  APPROVED: ['approved'],
  COMPLETED: ['approved', 'submitted', 'compliance_review', 'sent_to_bank', 'completed'],
  REJECTED: ['approved', 'submitted', 'compliance_review', 'rejected'],
  RETURNED: ['approved', 'submitted', 'compliance_review', 'sent_to_bank', 'returned'],
};

/**
 * The withdrawal's status, and its ledger rows and events are exactly those of its path: a draft never
 * submitted (APPROVED) has none but its approval; COMPLETED, REJECTED and RETURNED as §14.7, §14.9 say.
 * Returns the status and what it paid out (amount + fee when it ended COMPLETED).
 */
export async function checkWithdrawal(db: TestDb, id: string, amount: bigint, expectedPath: PathName): Promise<{ status: string; paidOut: bigint }> {
  const w = await db.get<{ status: string; amount_minor: string; fee_amount_minor: string }>(
    'SELECT status, amount_minor, fee_amount_minor FROM fiat_withdrawals WHERE fiat_withdrawal_id = ?', id,
  );
  expect(w, id).toBeDefined();
  const status = w!.status;
  expect([id, status]).toEqual([id, status === 'APPROVED' ? 'APPROVED' : expectedPath]);
  expect([id, w!.amount_minor, w!.fee_amount_minor]).toEqual([id, amount.toString(), FEE.toString()]);
  const total = (amount + FEE).toString();
  const rows = (await db.all<{ type: string; amount_minor: string }>('SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ? ORDER BY customer_id, sequence', id)).map(
    (r) => [r.type, r.amount_minor],
  );
  const expectedRows: Record<string, string[][]> = {
    APPROVED: [],
    COMPLETED: [['HOLD', total], ['FIAT_WITHDRAWAL', amount.toString()], ['FIAT_WITHDRAWAL_FEE', FEE.toString()]],
    REJECTED: [['HOLD', total], ['RELEASE', total]],
    RETURNED: [
      ['HOLD', total], ['FIAT_WITHDRAWAL', amount.toString()], ['FIAT_WITHDRAWAL_FEE', FEE.toString()],
      ['FIAT_WITHDRAWAL_RETURN', amount.toString()], ['FIAT_WITHDRAWAL_FEE_REFUND', FEE.toString()],
    ],
  };
  expect([id, status, rows]).toEqual([id, status, expectedRows[status]]);
  const events = await db.all<{ type: string; sequence: number | string }>(
    `SELECT type, sequence FROM events WHERE resource_id = ? AND type LIKE 'fiat_withdrawal.%' ORDER BY position`, id,
  );
  expect([id, events.map((e) => e.type)]).toEqual([id, EVENTS[status]!.map((t) => `fiat_withdrawal.${t}`)]);
  expect([id, events.map((e) => Number(e.sequence))]).toEqual([id, events.map((_, i) => i + 1)]);
  return { status, paidOut: status === 'COMPLETED' ? amount + FEE : 0n };
}
