// §14.5, §14.8, §16.6 operator actions on bank accounts and the bank deny list, each in one transaction of
// the engine's writer. An account prints in its GraphQL shape; a refusal is `{"code", "detail"}`, exit 1.
import { renderAs } from '../../graphql/render.js';
import { OperatorRefusal, type Operated } from '../../core/command.js';
import type { SecretBox } from '../../core/secret-box.js';
import { transition } from '../lifecycle/index.js';
import {
  bankAccountLifecycle,
  bankAccountView,
  bankFingerprint,
  deleteDeniedBank,
  findActiveByFingerprint,
  findBankAccount,
  insertDeniedBank,
  normaliseIdentifier,
  type BankAccountRow,
} from './index.js';

const shown = (row: BankAccountRow) => renderAs('PartnerBankAccount', bankAccountView(row));

/**
 * §14.5 `bank-account disable|enable`: event `bank_account.disabled` / `.active`; repeating prints the
 * account unchanged and writes no event (E2); enable is refused while another ACTIVE account of the
 * customer has the fingerprint (the partial unique index holds it under a racing create).
 */
export async function setBankAccountEnabled(db: Operated, bankAccountId: string, enabled: boolean, at: Date = new Date()) {
  const [from, to] = enabled ? (['DISABLED', 'ACTIVE'] as const) : (['ACTIVE', 'DISABLED'] as const);
  return db.writer.run(async (tx) => {
    const row = await findBankAccount(tx, bankAccountId);
    if (!row) throw new OperatorRefusal('NOT_FOUND', `bank account ${bankAccountId} does not exist`);
    if (row.status === to) return shown(row);
    if (enabled && (await findActiveByFingerprint(tx, row.customerId, row.fingerprint, row.bankAccountId)))
      throw new OperatorRefusal('DUPLICATE_BANK_ACCOUNT', `another ACTIVE bank account of customer ${row.customerId} has the fingerprint of ${bankAccountId}`);
    const changed = await transition(tx, bankAccountLifecycle, { id: bankAccountId, from, to, at: at.toISOString() });
    // Read in this transaction, so it is still `from`.
    return shown(changed!);
  });
}

/** §14.8 an identifier as the deny list keeps it: normalised as §14.5; 1–34 of [A-Z0-9:] (else VALIDATION_FAILED). */
function deniedFingerprint(box: SecretBox, identifier: string): string {
  const n = normaliseIdentifier(identifier);
  if (!/^[A-Z0-9:]{1,34}$/.test(n))
    throw new OperatorRefusal('VALIDATION_FAILED', '--account-identifier must be 1–34 letters, digits or ":" once spaces are removed (an IBAN, or routing:account)');
  return bankFingerprint(box, n);
}

/** §14.8 `screening deny-bank`: prints {"added": true|false} (false: it was there already). */
export async function denyBank(db: Operated, box: SecretBox, identifier: string, at: Date = new Date()) {
  const fingerprint = deniedFingerprint(box, identifier);
  return { added: await db.writer.run((tx) => insertDeniedBank(tx, fingerprint, at.toISOString())) };
}

/** §14.8 `screening allow-bank`: prints {"removed": true|false}. */
export async function allowBank(db: Operated, box: SecretBox, identifier: string) {
  const fingerprint = deniedFingerprint(box, identifier);
  return { removed: await db.writer.run((tx) => deleteDeniedBank(tx, fingerprint)) };
}
