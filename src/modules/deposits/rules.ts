// §4.5 Crypto deposits: what is still refundable of one.
import type { Exec } from '../../db/exec.js';
import type { CryptoDepositRow } from '../../db/schema.js';
import { refundAmountsOfDeposit } from '../refunds/repository.js';

/** A deposit as the API shows it: the row plus what is still refundable. */
export type DepositView = CryptoDepositRow & { refundableAmountMinor: string };

/** §4.5 refundable = amount less the refunds that are not cancelled (drafts included). */
export async function refundableOf(tx: Exec, deposit: CryptoDepositRow): Promise<bigint> {
  const refunded = (await refundAmountsOfDeposit(tx, deposit.depositId)).reduce((sum, a) => sum + BigInt(a), 0n);
  return BigInt(deposit.amountMinor) - refunded;
}

export async function depositView(tx: Exec, deposit: CryptoDepositRow): Promise<DepositView> {
  return { ...deposit, refundableAmountMinor: (await refundableOf(tx, deposit)).toString() };
}
