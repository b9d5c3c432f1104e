// Withdrawals, quotes and the transfer pipeline (§10.5–§10.7) as a partner drives them, and the test's
// own look at the ledger and the events they write. Every request is signed at the server's clock, so a
// suite may move the clock (advanceWorker) and keep talking to the server.
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { post } from '../../src/modules/ledger/rules.js';
import { selectionOf } from './sdl-fields.js';
import { evidenceFor, randomEthAddress, type Reply, type RequestOptions, type Scenario, type TestServer } from './harness.js';

/** The interface document's fields plus GraphQL's own (quoteId, submittedAt, completedAt, …). */
export const WITHDRAWAL_ALL_FIELDS = selectionOf('CryptoWithdrawal');
export const QUOTE_FIELDS = selectionOf('PartnerCryptoWithdrawalQuote');

export const SUBMIT_MUTATION = `mutation($withdrawalId: UUID!, $input: SubmitCryptoWithdrawalInput!) {
  submitCryptoWithdrawal(withdrawalId: $withdrawalId, input: $input) { ${WITHDRAWAL_ALL_FIELDS} } }`;
export const QUOTE_MUTATION = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalQuoteInput!) {
  createCryptoWithdrawalQuote(customerId: $customerId, input: $input) { ${QUOTE_FIELDS} } }`;
export const DRAFT_MUTATION = `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalApprovalDraftInput!) {
  createCryptoWithdrawalApprovalDraft(customerId: $customerId, input: $input) { ${WITHDRAWAL_ALL_FIELDS} } }`;
export const WITHDRAWAL_QUERY = `query($id: UUID!) { cryptoWithdrawal(withdrawalId: $id) { ${WITHDRAWAL_ALL_FIELDS} } }`;

/** Request options signed at the server's clock (it may be ahead of real time). */
export const atServer = (server: TestServer, o: RequestOptions = {}): RequestOptions => ({ timestamp: server.clock.now().toISOString(), ...o });

/** A partner's view of the world at the server's clock: REST and GraphQL calls signed at its time. */
export class Wd {
  constructor(
    readonly s: Scenario,
    readonly customerId: string,
    readonly beneficiaryId: string,
  ) {}

  get server(): TestServer {
    return this.s.server;
  }

  /** A partner with a route (defaults of Scenario: fee 2500, bounds 100–1000000000), a customer and an ACTIVE beneficiary at `address`. */
  static async create(s: Scenario, address = randomEthAddress()): Promise<Wd> {
    const server = s.server;
    const c = await server.gql(
      s.client,
      `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }`,
      { input: { externalRef: `ext-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } },
      atServer(server),
    );
    if (c.status !== 200 || c.body.errors) throw new Error(`createCustomer failed: ${c.text}`);
    const customerId = c.body.data.createCustomer.customerId as string;
    const b = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, atServer(server, {
      body: s.beneficiaryInput({ walletAddress: address }),
    }));
    if (b.status !== 200) throw new Error(`beneficiary failed: ${b.text}`);
    return new Wd(s, customerId, b.body.walletBeneficiaryId);
  }

  rest(method: string, path: string, o: RequestOptions = {}): Promise<Reply> {
    return this.server.request(this.s.client, method, path, atServer(this.server, o));
  }

  gql(query: string, variables?: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
    return this.server.gql(this.s.client, query, variables, atServer(this.server, o));
  }

  /** The draft's input, its evidence authorized at the server's clock. */
  draftInput(o: Record<string, unknown> = {}, customerId = this.customerId): Record<string, unknown> {
    return this.s.withdrawalInput(customerId, this.beneficiaryId, o, { authorizedAt: this.server.clock.now() });
  }

  async draft(o: Record<string, unknown> = {}): Promise<Record<string, unknown> & { withdrawalId: string }> {
    const r = await this.rest('POST', `/partner/v1/customers/${this.customerId}/crypto-withdrawals`, { body: this.draftInput(o) });
    expect(r.status, r.text).toBe(200);
    return r.body;
  }

  submitInput(withdrawalId: string, o: { authorizedAt?: Date; operationHash?: string; operationType?: string } = {}) {
    const ev = evidenceFor(o.operationType ?? 'CRYPTO_WITHDRAWAL_SUBMIT', { withdrawalId }, {}, { authorizedAt: this.server.clock.now(), ...o });
    return { operationAuthorization: ev };
  }

  submitRest(withdrawalId: string, body: unknown = this.submitInput(withdrawalId), o: RequestOptions = {}): Promise<Reply> {
    return this.rest('POST', `/partner/v1/crypto/withdrawals/${withdrawalId}/submission`, { body, ...o });
  }

  submitGql(withdrawalId: string, input: unknown = this.submitInput(withdrawalId), o: RequestOptions = {}): Promise<Reply> {
    return this.gql(SUBMIT_MUTATION, { withdrawalId, input }, o);
  }

  /** The withdrawal as GraphQL shows it, every field. */
  async view(withdrawalId: string): Promise<Record<string, unknown>> {
    const r = await this.gql(WITHDRAWAL_QUERY, { id: withdrawalId });
    expect(r.status, r.text).toBe(200);
    expect(r.body.errors, r.text).toBeUndefined();
    return r.body.data.cryptoWithdrawal;
  }

  /** A submitted withdrawal of `amountMinor` (fee: the route's), funded first with `funds` (default: exactly amount + fee). */
  async submitted(amountMinor = '1000000', funds?: string): Promise<Record<string, unknown> & { withdrawalId: string }> {
    const w = await this.draft({ amountMinor });
    await fund(this.s, this.customerId, funds ?? (BigInt(amountMinor) + BigInt(w.feeAmountMinor as string)).toString());
    const r = await this.submitRest(w.withdrawalId);
    expect(r.status, r.text).toBe(200);
    return r.body;
  }
}

/**
 * Credits a customer: a sandbox deposit on the scenario's route, and its DEPOSIT ledger row. Until the
 * deposit simulation posts that row itself, the helper posts it (as the operator's engine would).
 */
export async function fund(s: Scenario, customerId: string, amountMinor: string, currency = 'USDT', currencyScale = 6): Promise<string> {
  const server = s.server;
  const r = await server.gql(
    s.client,
    `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId } }`,
    { customerId, input: { routeCode: s.routeCode, amountMinor, fromAddress: randomEthAddress(), txHash: `0x${randomBytes(32).toString('hex')}` } },
    atServer(server),
  );
  if (r.status !== 200 || r.body.errors) throw new Error(`simulateCryptoDeposit failed: ${r.text}`);
  const depositId = r.body.data.simulateCryptoDeposit.depositId as string;
  const posted = await server.db.count(`SELECT count(*) AS n FROM ledger_transactions WHERE resource_id = ? AND type = 'DEPOSIT'`, depositId);
  if (posted === 0)
    await server.operator((engine) =>
      engine.writer.run((tx) =>
        post(tx, {
          type: 'DEPOSIT',
          customerId,
          clientId: s.client.clientId,
          currency,
          currencyScale,
          amountMinor: BigInt(amountMinor),
          resourceType: 'CRYPTO_DEPOSIT',
          resourceId: depositId,
          at: server.clock.now().toISOString(),
        }),
      ),
    );
  return depositId;
}

export type BalanceRowView = { available: string; held: string };

export async function balanceOf(server: TestServer, customerId: string, currency = 'USDT'): Promise<BalanceRowView> {
  const row = await server.db.get<{ available_minor: string; held_minor: string }>(
    'SELECT available_minor, held_minor FROM balances WHERE customer_id = ? AND currency = ?',
    customerId,
    currency,
  );
  return { available: row?.available_minor ?? '0', held: row?.held_minor ?? '0' };
}

/** A record's ledger rows in posting order: [type, amountMinor]. */
export async function ledgerOf(server: TestServer, resourceId: string): Promise<[string, string][]> {
  const rows = await server.db.all<{ type: string; amount_minor: string }>(
    'SELECT type, amount_minor FROM ledger_transactions WHERE resource_id = ? ORDER BY sequence',
    resourceId,
  );
  return rows.map((r) => [r.type, r.amount_minor]);
}

/** §11.2 the events of a withdrawal from approval to COMPLETED, in order (both rails; EVM adds `updated` for statusInfo and txHash changes). */
export const COMPLETED_WITHDRAWAL_EVENTS = [
  'crypto_withdrawal.approved',
  'crypto_withdrawal.submitted',
  'crypto_withdrawal.screening',
  'crypto_withdrawal.broadcasting',
  'crypto_withdrawal.confirming',
  'crypto_withdrawal.completed',
];

export type EventRowView = { type: string; sequence: number; data: Record<string, unknown>; created_at: string };

/** A resource's events in feed order. */
export async function eventsOf(server: TestServer, resourceId: string): Promise<EventRowView[]> {
  const rows = await server.db.all<{ type: string; sequence: number | string; data: string; created_at: string }>(
    'SELECT type, sequence, data, created_at FROM events WHERE resource_id = ? ORDER BY position',
    resourceId,
  );
  return rows.map((r) => ({ type: r.type, sequence: Number(r.sequence), data: JSON.parse(r.data) as Record<string, unknown>, created_at: r.created_at }));
}

/** §10.7 `partnerctl sandbox fail-address`, written straight into its table. */
export async function failAddress(server: TestServer, address: string, at: 'BROADCASTING' | 'CONFIRMING', blockchain = 'ETH'): Promise<void> {
  const key = blockchain === 'ETH' ? address.toLowerCase() : address;
  await server.db.run('DELETE FROM sandbox_failures WHERE blockchain = ? AND address_key = ?', blockchain, key);
  await server.db.run('INSERT INTO sandbox_failures (blockchain, address_key, fail_at, created_at) VALUES (?, ?, ?, ?)', blockchain, key, at, new Date().toISOString());
}

export async function clearFailAddress(server: TestServer, address: string, blockchain = 'ETH'): Promise<void> {
  await server.db.run('DELETE FROM sandbox_failures WHERE blockchain = ? AND address_key = ?', blockchain, blockchain === 'ETH' ? address.toLowerCase() : address);
}
