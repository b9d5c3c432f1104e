// §10.4 crypto deposits: what the API shows of one, and the effects shared by arrival and Travel Rule
// release (the deny list decides FROZEN; a credit is one DEPOSIT row after the deposit's own event).
import type { Exec } from '../../db/exec.js';
import type { CryptoDepositRow } from './tables.js';
import { depositWalletAddress, generatedTxHash } from '../../core/addresses/derive.js';
import { normalizeAddressForComparison, type Blockchain } from '../../core/addresses/index.js';
import { hook } from '../../core/hook.js';
import { recordEvent } from '../events/index.js';
import { post } from '../ledger/index.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { isDenied } from '../routes/index.js';
import { cryptoDepositRecord } from './records.js';
import { transitionDeposit } from './repository.js';

export const DEPOSIT_STATUSES = cryptoDepositRecord.statuses;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** §10.10: the exact statusInfo of each status. */
export const DEPOSIT_STATUS_INFO: Record<DepositStatus, string> = {
  // §18 C6: EVM deposits before their block is final, and after a reorganisation removed them.
  CONFIRMING: 'Waiting for network confirmations',
  DROPPED: 'Removed from the chain',
  PENDING_TRAVEL_RULE: 'Awaiting Travel Rule information',
  FROZEN: 'Source address failed screening',
  COMPLETED: 'Credited',
};

/** A deposit's status changes (§10.10): its event renders the view (E4), then its credit. */
export const depositLifecycle: Lifecycle<CryptoDepositRow> = {
  record: cryptoDepositRecord,
  statusInfo: DEPOSIT_STATUS_INFO,
  compareAndSet: transitionDeposit,
  view: (tx, row) => depositView(tx, row),
};

/**
 * PartnerCryptoDeposit as GraphQL shows it: exactly its fields, so that nothing else (the sealed
 * originator, the client id) reaches a response, a stored idempotent result or an event.
 */
export type DepositView = {
  depositId: string;
  customerId: string;
  routeCode: string;
  blockchain: string;
  amountMinor: string;
  currency: string;
  currencyScale: number;
  fromAddress: string;
  toAddress: string;
  txHash: string;
  status: DepositStatus;
  statusInfo: string;
  travelRuleRequired: boolean;
  travelRuleSubmittedAt: string | null;
  refundableAmountMinor: string;
  creditedAt: string | null;
  blockNumber: number | null;
  finalizedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/**
 * §10.4 the amounts of a deposit's refunds that count against it (all but REJECTED and FAILED ones). The
 * refunds module answers (a refund is of a deposit: it is above this one).
 */
export const refundAmountsOf = hook<(tx: Exec, depositId: string) => Promise<string[]>>(
  'the refunds that count against a deposit (refunds: refundAmountsOfDeposit)',
);

/** §10.4 refundable = amount less the refunds that are not REJECTED or FAILED, when COMPLETED; else 0. */
export async function refundableOf(tx: Exec, deposit: CryptoDepositRow): Promise<bigint> {
  if (deposit.status !== 'COMPLETED') return 0n;
  const refunded = (await refundAmountsOf(tx, deposit.depositId)).reduce((sum, a) => sum + BigInt(a), 0n);
  return BigInt(deposit.amountMinor) - refunded;
}

export async function depositView(tx: Exec, d: CryptoDepositRow): Promise<DepositView> {
  const status = d.status as DepositStatus;
  const chain = d.blockchain as Blockchain;
  return {
    depositId: d.depositId,
    customerId: d.customerId,
    routeCode: d.routeCode,
    blockchain: d.blockchain,
    amountMinor: d.amountMinor,
    currency: d.currency,
    currencyScale: d.currencyScale,
    fromAddress: d.fromAddress,
    // The §10.11 upgrade fills these on older rows; derived here too, so a row it has not reached yet
    // still renders as the contract says.
    toAddress: d.toAddress ?? depositWalletAddress(chain, d.routeCode, d.customerId),
    txHash: d.txHash ?? generatedTxHash(chain, d.depositId),
    status,
    statusInfo: d.statusInfo ?? DEPOSIT_STATUS_INFO[status],
    travelRuleRequired: d.travelRuleRequired,
    travelRuleSubmittedAt: d.travelRuleSubmittedAt,
    refundableAmountMinor: (await refundableOf(tx, d)).toString(),
    creditedAt: d.creditedAt ?? (status === 'COMPLETED' ? d.createdAt : null),
    blockNumber: d.blockNumber,
    finalizedAt: d.finalizedAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt ?? d.createdAt,
  };
}

/** §10.2: a route's threshold holds a deposit of at least that amount; null holds none. */
export function travelRuleRequired(route: { travelRuleThresholdMinor: string | null }, amountMinor: string): boolean {
  return route.travelRuleThresholdMinor !== null && BigInt(amountMinor) >= BigInt(route.travelRuleThresholdMinor);
}

/**
 * §10.4 row 8, first matching: a deny-listed source → FROZEN; held for the Travel Rule → PENDING_TRAVEL_RULE;
 * else COMPLETED. At arrival on the sandbox rail, at finality on the EVM rail (§18 C6).
 */
export async function arrivalStatus(
  tx: Exec,
  d: { blockchain: string; fromAddress: string; travelRuleRequired: boolean },
): Promise<'FROZEN' | 'PENDING_TRAVEL_RULE' | 'COMPLETED'> {
  if (await sourceDenied(tx, d.blockchain, d.fromAddress)) return 'FROZEN';
  return d.travelRuleRequired ? 'PENDING_TRAVEL_RULE' : 'COMPLETED';
}

/** The screening deny list, on the chain's canonical form of the source address. */
export function sourceDenied(tx: Exec, blockchain: string, fromAddress: string): Promise<boolean> {
  return isDenied(tx, blockchain, normalizeAddressForComparison(blockchain as Blockchain, fromAddress));
}

/**
 * E1/E6: a new deposit's event, then, when it arrived credited, its one DEPOSIT row (§10.1). Returns
 * the view the operation answers with. Later changes are transitions (depositLifecycle).
 */
export async function publishNewDeposit(tx: Exec, d: CryptoDepositRow): Promise<DepositView> {
  const view = await depositView(tx, d);
  await recordEvent(tx, {
    resourceType: 'CRYPTO_DEPOSIT',
    resourceId: d.depositId,
    clientId: d.clientId,
    customerId: d.customerId,
    resource: view,
    status: view.status,
    previousStatus: null,
    at: view.updatedAt,
  });
  if (view.status === 'COMPLETED')
    await post(tx, {
      type: 'DEPOSIT',
      customerId: d.customerId,
      clientId: d.clientId,
      currency: d.currency,
      currencyScale: d.currencyScale,
      amountMinor: BigInt(d.amountMinor),
      resourceType: 'CRYPTO_DEPOSIT',
      resourceId: d.depositId,
      at: view.creditedAt ?? view.updatedAt,
    });
  return view;
}
