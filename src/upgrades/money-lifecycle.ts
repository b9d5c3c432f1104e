// §10.11: a database the previous release wrote, brought to the money lifecycle in one transaction.
// The SQL migrations added the columns; what they cannot compute is done here: deposit wallets (§10.3),
// transaction hashes (§10.4), the ledger rows of the money already in (§10.1) and one event per record
// and per row (§11.1–§11.2). Runs once per database (src/upgrades/index.ts keeps the marker).
import { depositWalletAddress, generatedTxHash, storedTxHash } from '../core/addresses/derive.js';
import { isBlockchain, type Blockchain } from '../core/addresses/index.js';
import type { WalletBeneficiaryRow } from '../modules/beneficiaries/index.js';
import type { CryptoDepositRow } from '../modules/deposits/index.js';
import type { CryptoRefundRow } from '../modules/refunds/index.js';
import type { CryptoWithdrawalRow } from '../modules/withdrawals/index.js';
import type { Exec } from '../db/exec.js';
import { allBeneficiaries } from '../modules/beneficiaries/index.js';
import { allDeposits, depositView, setDeposit } from '../modules/deposits/index.js';
import { recordEvent } from '../modules/events/index.js';
import { post } from '../modules/ledger/index.js';
import { allRefunds, setRefund } from '../modules/refunds/index.js';
import { allWithdrawals } from '../modules/withdrawals/index.js';
import type { Upgrade, UpgradeContext } from './upgrade.js';

/** §10.10 statusInfo of a deposit (the previous release wrote COMPLETED ones only). */
const DEPOSIT_STATUS_INFO: Record<string, string> = {
  COMPLETED: 'Credited',
  PENDING_TRAVEL_RULE: 'Awaiting Travel Rule information',
  FROZEN: 'Source address failed screening',
};

/** §10.8: the refund states whose amount is held (L3) among those the previous release knew. */
const HELD_REFUND_STATES = new Set(['AWAITING_CONFIRMATION', 'CONFIRMED']);

type Record_ =
  | { kind: 0; row: WalletBeneficiaryRow }
  | { kind: 1; row: CryptoDepositRow }
  | { kind: 2; row: CryptoWithdrawalRow }
  | { kind: 3; row: CryptoRefundRow };

const idOf = (r: Record_): string =>
  r.kind === 0 ? r.row.walletBeneficiaryId : r.kind === 1 ? r.row.depositId : r.kind === 2 ? r.row.withdrawalId : r.row.refundId;

/**
 * Every record in `createdAt` order (§10.11). On a tie, a deposit comes before a refund (a deposit always
 * precedes its refunds, so L1 holds row by row), then by id.
 */
function inCreationOrder(records: Record_[]): Record_[] {
  return records.sort((a, b) =>
    a.row.createdAt < b.row.createdAt ? -1 : a.row.createdAt > b.row.createdAt ? 1 : a.kind - b.kind || (idOf(a) < idOf(b) ? -1 : 1),
  );
}

function chainOf(blockchain: string): Blockchain {
  if (!isBlockchain(blockchain)) throw new Error(`upgrade: unknown blockchain ${blockchain}`);
  return blockchain;
}

/**
 * §10.4's stored form of the hash the partner gave (kept as given when it is not in the chain's form: the
 * previous release took any text), or the generated one when none was given. One (chain, hash, wallet)
 * holds one deposit (§10.4 check 7, a unique index): a later deposit that repeats an earlier one's hash
 * into the same wallet (the previous release did not check) gets the generated hash instead.
 */
function depositTxHash(d: CryptoDepositRow, chain: Blockchain, toAddress: string, taken: Set<string>): string {
  const given = d.txHash === null ? undefined : (storedTxHash(chain, d.txHash) ?? d.txHash);
  let txHash = given ?? generatedTxHash(chain, d.depositId);
  if (taken.has(`${chain}\n${txHash}\n${toAddress}`)) txHash = generatedTxHash(chain, d.depositId);
  taken.add(`${chain}\n${txHash}\n${toAddress}`);
  return txHash;
}

async function upgradeDeposit(tx: Exec, d: CryptoDepositRow, taken: Set<string>): Promise<void> {
  const chain = chainOf(d.blockchain);
  const toAddress = depositWalletAddress(chain, d.routeCode, d.customerId);
  const completed = d.status === 'COMPLETED';
  const row = await setDeposit(tx, d.depositId, {
    toAddress,
    txHash: depositTxHash(d, chain, toAddress, taken),
    statusInfo: DEPOSIT_STATUS_INFO[d.status] ?? d.status,
    creditedAt: completed ? d.createdAt : null,
    updatedAt: d.createdAt,
  });
  await recordEvent(tx, {
    resourceType: 'CRYPTO_DEPOSIT',
    resourceId: row.depositId,
    clientId: row.clientId,
    customerId: row.customerId,
    resource: await depositView(tx, row),
    status: row.status,
    previousStatus: null,
    at: row.updatedAt!,
  });
  if (completed)
    await post(tx, {
      type: 'DEPOSIT',
      customerId: row.customerId,
      clientId: row.clientId,
      currency: row.currency,
      currencyScale: row.currencyScale,
      amountMinor: BigInt(row.amountMinor),
      resourceType: 'CRYPTO_DEPOSIT',
      resourceId: row.depositId,
      at: row.createdAt,
    });
}

/**
 * Every refund: kytResult PENDING. Held ones: the HOLD the previous release never wrote, and no txHash
 * (its submission wrote a placeholder; §10.8 assigns the hash when the transfer broadcasts). CONFIRMED
 * ones enter the pipeline (§10.7): due one step delay from now, no sandbox failure captured (the list
 * is new, so it is empty).
 */
async function upgradeRefund(tx: Exec, r: CryptoRefundRow, c: UpgradeContext): Promise<void> {
  const held = HELD_REFUND_STATES.has(r.status);
  const row = await setRefund(tx, r.refundId, {
    kytResult: 'PENDING',
    ...(held ? { txHash: null } : {}),
    ...(r.status === 'CONFIRMED' ? { dueAt: new Date(c.now.getTime() + c.sandboxStepDelayMs).toISOString(), failAt: null } : {}),
  });
  await recordEvent(tx, {
    resourceType: 'CRYPTO_REFUND',
    resourceId: row.refundId,
    clientId: row.clientId,
    customerId: row.customerId,
    resource: row,
    status: row.status,
    previousStatus: null,
    at: row.updatedAt,
  });
  if (held)
    await post(tx, {
      type: 'HOLD',
      customerId: row.customerId,
      clientId: row.clientId,
      currency: row.currency,
      currencyScale: row.currencyScale,
      amountMinor: BigInt(row.amountMinor),
      resourceType: 'CRYPTO_REFUND',
      resourceId: row.refundId,
      at: row.createdAt,
    });
}

async function apply(tx: Exec, c: UpgradeContext): Promise<number> {
  const records = inCreationOrder([
    ...(await allBeneficiaries(tx)).map((row): Record_ => ({ kind: 0, row })),
    ...(await allDeposits(tx)).map((row): Record_ => ({ kind: 1, row })),
    ...(await allWithdrawals(tx)).map((row): Record_ => ({ kind: 2, row })),
    ...(await allRefunds(tx)).map((row): Record_ => ({ kind: 3, row })),
  ]);
  const taken = new Set<string>();
  for (const r of records) {
    // Beneficiaries and withdrawals (APPROVED: nothing held) are unchanged; each gets its creation event.
    if (r.kind === 0)
      await recordEvent(tx, {
        resourceType: 'WALLET_BENEFICIARY',
        resourceId: r.row.walletBeneficiaryId,
        clientId: r.row.clientId,
        customerId: r.row.customerId,
        resource: r.row,
        status: r.row.beneficiaryStatus,
        previousStatus: null,
        at: r.row.updatedAt,
      });
    else if (r.kind === 1) await upgradeDeposit(tx, r.row, taken);
    else if (r.kind === 2)
      await recordEvent(tx, {
        resourceType: 'CRYPTO_WITHDRAWAL',
        resourceId: r.row.withdrawalId,
        clientId: r.row.clientId,
        customerId: r.row.customerId,
        resource: r.row,
        status: r.row.status,
        previousStatus: null,
        at: r.row.updatedAt,
      });
    else await upgradeRefund(tx, r.row, c);
  }
  return records.length;
}

export const moneyLifecycle: Upgrade = { name: 'money-lifecycle-v1', apply };
