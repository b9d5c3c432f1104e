// Wallet beneficiaries' rows: plain reads and writes, no rules.
import { and, eq, sql } from 'drizzle-orm';
import type { Exec } from '../../db/exec.js';
import { prepared } from '../../db/prepared.js';
import type { WalletBeneficiaryRow } from '../../db/schema.js';

export async function findBeneficiary(x: Exec, walletBeneficiaryId: string): Promise<WalletBeneficiaryRow | undefined> {
  const rows = await prepared(
    x,
    'findBeneficiary',
    (q, t) => q.select().from(t.walletBeneficiaries).where(eq(t.walletBeneficiaries.walletBeneficiaryId, sql.placeholder('id'))),
    { id: walletBeneficiaryId },
  );
  return rows[0];
}

export async function findActiveBeneficiaryByAddress(x: Exec, customerId: string, blockchain: string, addressKey: string) {
  const rows = await prepared(
    x,
    'findActiveBeneficiaryByAddress',
    (q, t) =>
      q
        .select({ id: t.walletBeneficiaries.walletBeneficiaryId })
        .from(t.walletBeneficiaries)
        .where(
          and(
            eq(t.walletBeneficiaries.customerId, sql.placeholder('customerId')),
            eq(t.walletBeneficiaries.blockchain, sql.placeholder('blockchain')),
            eq(t.walletBeneficiaries.addressKey, sql.placeholder('addressKey')),
            eq(t.walletBeneficiaries.beneficiaryStatus, 'ACTIVE'),
          ),
        ),
    { customerId, blockchain, addressKey },
  );
  return rows[0];
}

/** Every column, so the prepared insert has a placeholder for each. */
const beneficiaryColumns: Record<keyof WalletBeneficiaryRow, true> = {
  walletBeneficiaryId: true, customerId: true, clientId: true, routeCode: true, label: true, description: true,
  blockchain: true, walletAddress: true, addressKey: true, isOwner: true, walletType: true, ownerType: true,
  platformName: true, platformUserId: true, ownerInfo: true, purposeOfPayment: true, relationshipWithThirdParty: true,
  supportFiles: true, screeningStatus: true, beneficiaryStatus: true, createdAt: true, updatedAt: true,
  lastSyncedAt: true, removedAt: true,
};

const columns = Object.keys(beneficiaryColumns) as (keyof WalletBeneficiaryRow)[];

export async function insertBeneficiary(x: Exec, row: WalletBeneficiaryRow): Promise<WalletBeneficiaryRow> {
  const rows = await prepared(
    x,
    'insertBeneficiary',
    (q, t) =>
      q
        .insert(t.walletBeneficiaries)
        .values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as WalletBeneficiaryRow)
        .returning(),
    row,
  );
  return rows[0]!;
}
