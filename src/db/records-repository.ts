// Customers, beneficiaries, withdrawals, deposits and refunds: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import { prepared } from './prepared.js';
import type { Exec } from './exec.js';
import { cryptoDeposits, cryptoRefunds, cryptoWithdrawals, customers, walletBeneficiaries } from './schema.js';
import type { CryptoRefundRow, WalletBeneficiaryRow } from './schema.js';

export function findCustomer(db: Exec, customerId: string) {
  return prepared(db, 'findCustomer', (d) =>
    d.select().from(customers).where(eq(customers.customerId, sql.placeholder('customerId'))).prepare(),
  ).get({ customerId });
}

export function findCustomerByExternalRef(db: Exec, clientId: string, externalRef: string) {
  return db
    .select()
    .from(customers)
    .where(and(eq(customers.clientId, clientId), eq(customers.externalRef, externalRef)))
    .get();
}

export function insertCustomer(db: Exec, row: typeof customers.$inferInsert) {
  return db.insert(customers).values(row).returning().get();
}

export function findBeneficiary(db: Exec, walletBeneficiaryId: string) {
  return prepared(db, 'findBeneficiary', (d) =>
    d.select().from(walletBeneficiaries).where(eq(walletBeneficiaries.walletBeneficiaryId, sql.placeholder('id'))).prepare(),
  ).get({ id: walletBeneficiaryId });
}

export function findActiveBeneficiaryByAddress(db: Exec, customerId: string, blockchain: string, addressKey: string) {
  return prepared(db, 'findActiveBeneficiaryByAddress', (d) =>
    d
      .select({ id: walletBeneficiaries.walletBeneficiaryId })
      .from(walletBeneficiaries)
      .where(
        and(
          eq(walletBeneficiaries.customerId, sql.placeholder('customerId')),
          eq(walletBeneficiaries.blockchain, sql.placeholder('blockchain')),
          eq(walletBeneficiaries.addressKey, sql.placeholder('addressKey')),
          eq(walletBeneficiaries.beneficiaryStatus, 'ACTIVE'),
        ),
      )
      .prepare(),
  ).get({ customerId, blockchain, addressKey });
}

/** Every column, so the prepared insert has a placeholder for each. */
const beneficiaryColumns: Record<keyof WalletBeneficiaryRow, true> = {
  walletBeneficiaryId: true, customerId: true, clientId: true, routeCode: true, label: true, description: true,
  blockchain: true, walletAddress: true, addressKey: true, isOwner: true, walletType: true, ownerType: true,
  platformName: true, platformUserId: true, ownerInfo: true, purposeOfPayment: true, relationshipWithThirdParty: true,
  supportFiles: true, screeningStatus: true, beneficiaryStatus: true, createdAt: true, updatedAt: true,
  lastSyncedAt: true, removedAt: true,
};

export function insertBeneficiary(db: Exec, row: WalletBeneficiaryRow): WalletBeneficiaryRow {
  const columns = Object.keys(beneficiaryColumns) as (keyof WalletBeneficiaryRow)[];
  return prepared(db, 'insertBeneficiary', (d) =>
    d
      .insert(walletBeneficiaries)
      .values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as WalletBeneficiaryRow)
      .returning()
      .prepare(),
  ).get(row)!;
}

export function findWithdrawal(db: Exec, withdrawalId: string) {
  return db.select().from(cryptoWithdrawals).where(eq(cryptoWithdrawals.withdrawalId, withdrawalId)).get();
}

export function findWithdrawalByClientReference(db: Exec, customerId: string, clientReference: string) {
  return db
    .select({ id: cryptoWithdrawals.withdrawalId })
    .from(cryptoWithdrawals)
    .where(and(eq(cryptoWithdrawals.customerId, customerId), eq(cryptoWithdrawals.clientReference, clientReference)))
    .get();
}

export function insertWithdrawal(db: Exec, row: typeof cryptoWithdrawals.$inferInsert) {
  return db.insert(cryptoWithdrawals).values(row).returning().get();
}

export function findDeposit(db: Exec, depositId: string) {
  return db.select().from(cryptoDeposits).where(eq(cryptoDeposits.depositId, depositId)).get();
}

export function insertDeposit(db: Exec, row: typeof cryptoDeposits.$inferInsert) {
  return db.insert(cryptoDeposits).values(row).returning().get();
}

export function findRefund(db: Exec, refundId: string) {
  return db.select().from(cryptoRefunds).where(eq(cryptoRefunds.refundId, refundId)).get();
}

/** Amounts of a deposit's refunds that still count against it (there is no cancelled state yet). */
export function refundAmountsOfDeposit(db: Exec, depositId: string): string[] {
  return db
    .select({ amountMinor: cryptoRefunds.amountMinor })
    .from(cryptoRefunds)
    .where(and(eq(cryptoRefunds.depositId, depositId), sql`${cryptoRefunds.status} <> 'CANCELLED'`))
    .all()
    .map((r) => r.amountMinor);
}

export function insertRefund(db: Exec, row: typeof cryptoRefunds.$inferInsert) {
  return db.insert(cryptoRefunds).values(row).returning().get();
}

/** Moves a refund from one state to the next; undefined when it was no longer in `from`. */
export function transitionRefund(
  db: Exec,
  refundId: string,
  from: string,
  set: Partial<CryptoRefundRow>,
): CryptoRefundRow | undefined {
  return db
    .update(cryptoRefunds)
    .set(set)
    .where(and(eq(cryptoRefunds.refundId, refundId), eq(cryptoRefunds.status, from)))
    .returning()
    .get();
}
