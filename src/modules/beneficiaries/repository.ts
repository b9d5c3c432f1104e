// Wallet beneficiaries' rows: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import { walletBeneficiaries, type WalletBeneficiaryRow } from '../../db/schema.js';

export async function findBeneficiary(db: Exec, walletBeneficiaryId: string): Promise<WalletBeneficiaryRow | undefined> {
  return prepared(db, 'findBeneficiary', (d) =>
    d.select().from(walletBeneficiaries).where(eq(walletBeneficiaries.walletBeneficiaryId, sql.placeholder('id'))).prepare(),
  ).get({ id: walletBeneficiaryId });
}

export async function findActiveBeneficiaryByAddress(db: Exec, customerId: string, blockchain: string, addressKey: string) {
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

export async function insertBeneficiary(db: Exec, row: WalletBeneficiaryRow): Promise<WalletBeneficiaryRow> {
  const columns = Object.keys(beneficiaryColumns) as (keyof WalletBeneficiaryRow)[];
  return prepared(db, 'insertBeneficiary', (d) =>
    d
      .insert(walletBeneficiaries)
      .values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as WalletBeneficiaryRow)
      .returning()
      .prepare(),
  ).get(row)!;
}
