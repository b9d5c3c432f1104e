// Data upgrades' rows (§10.11): the marker of each upgrade applied, and the previous release's records
// read whole in creation order. Plain reads and writes, no rules.
import { asc, eq } from 'drizzle-orm';
import type { Exec } from '../db/exec.js';
import type { WalletBeneficiaryRow } from '../modules/beneficiaries/index.js';
import type { CustomerRow } from '../modules/customers/index.js';
import type { CryptoDepositRow } from '../modules/deposits/index.js';
import type { CryptoRefundRow } from '../modules/refunds/index.js';
import type { CryptoWithdrawalRow } from '../modules/withdrawals/index.js';

/**
 * Claims an upgrade: true when this transaction inserted its marker, false when it was applied before.
 * On PostgreSQL a second process inserting the same marker waits for the first one's commit, then fails
 * (a unique or serialization conflict): the writer runs its job again, which then finds the marker.
 */
export async function claimUpgrade(x: Exec, name: string, at: string): Promise<boolean> {
  const t = x.t.upgrades;
  if ((await x.q.select().from(t).where(eq(t.name, name))).length > 0) return false;
  await x.q.insert(t).values({ name, appliedAt: at });
  return true;
}

export async function allBeneficiaries(x: Exec): Promise<WalletBeneficiaryRow[]> {
  const t = x.t.walletBeneficiaries;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.walletBeneficiaryId));
}

export async function allWithdrawals(x: Exec): Promise<CryptoWithdrawalRow[]> {
  const t = x.t.cryptoWithdrawals;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.withdrawalId));
}

export async function allDeposits(x: Exec): Promise<CryptoDepositRow[]> {
  const t = x.t.cryptoDeposits;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.depositId));
}

export async function allRefunds(x: Exec): Promise<CryptoRefundRow[]> {
  const t = x.t.cryptoRefunds;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.refundId));
}

export async function setDeposit(x: Exec, depositId: string, set: Partial<CryptoDepositRow>): Promise<CryptoDepositRow> {
  const t = x.t.cryptoDeposits;
  return (await x.q.update(t).set(set).where(eq(t.depositId, depositId)).returning())[0]!;
}

export async function setRefund(x: Exec, refundId: string, set: Partial<CryptoRefundRow>): Promise<CryptoRefundRow> {
  const t = x.t.cryptoRefunds;
  return (await x.q.update(t).set(set).where(eq(t.refundId, refundId)).returning())[0]!;
}

/** §12.5: every customer, oldest first (then by id). */
export async function allCustomers(x: Exec): Promise<CustomerRow[]> {
  const t = x.t.customers;
  return x.q.select().from(t).orderBy(asc(t.createdAt), asc(t.customerId));
}

export async function setCustomer(x: Exec, customerId: string, set: Partial<CustomerRow>): Promise<CustomerRow> {
  const t = x.t.customers;
  return (await x.q.update(t).set(set).where(eq(t.customerId, customerId)).returning())[0]!;
}
