// §14.3, §14.7, §16.6 partnerctl's sandbox commands of fiat withdrawals, each in one transaction of the
// engine's writer: the withdrawal outcome of a bank identifier (stored and printed in every mode, used only
// in sandbox mode, §16.9), and a bank return (SANDBOX_ONLY unless partnerctl's own PARTNER_SANDBOX is true).
import { OperatorError, OperatorRefusal, type Operated } from '../../core/command.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { Env } from '../../config/keys.js';
import { readContextOf } from '../../config/platform.js';
import { renderAs } from '../../graphql/render.js';
import { normaliseIdentifier } from '../bank-accounts/index.js';
import { DEFAULT_KEYS, keysAskedOf, type InformationKey } from '../information/index.js';
import fiatWithdrawalConfig from './config.js';
import { returnWithdrawal } from './payout.js';
import { findFiatWithdrawal } from './repository.js';
import { DEFAULT_RETURN_REASON, fiatWithdrawalView, type ReturnReason } from './rules.js';
import { clearSandboxWithdrawalOutcome, setSandboxWithdrawalOutcome, type WithdrawalOutcome } from './sandbox.js';

/** §14.3 `sandbox fiat-withdrawal-outcome`: prints the entry (its fingerprint, never the identifier), or {removed}. */
export async function sandboxFiatWithdrawalOutcome(
  db: Operated,
  box: SecretBox,
  identifier: string,
  o: { outcome?: WithdrawalOutcome; keys?: InformationKey[]; returnReason?: ReturnReason; clear: boolean },
) {
  // §14.3: keys not asked of withdrawals are a usage error (exit 2), as is a key given twice.
  if (o.keys) {
    const allowed = keysAskedOf('WITHDRAWAL');
    const wrong = o.keys.filter((k) => !allowed.includes(k));
    if (wrong.length > 0) throw new OperatorError(`--keys: ${wrong.join(', ')} cannot be asked of a withdrawal; use ${allowed.join(', ')}`);
    if (new Set(o.keys).size !== o.keys.length) throw new OperatorError('--keys: each key may appear once');
  }
  // As the bank deny list's: 1–34 letters, digits or ":" once normalised (else VALIDATION_FAILED, exit 1).
  if (!/^[A-Z0-9:]{1,34}$/.test(normaliseIdentifier(identifier)))
    throw new OperatorRefusal('VALIDATION_FAILED', '--account-identifier must be 1–34 letters, digits or ":" once spaces are removed (an IBAN, or routing:account)');
  const now = new Date().toISOString();
  return db.writer.run(async (tx) => {
    if (o.clear) return { removed: await clearSandboxWithdrawalOutcome(tx, box, identifier) };
    const outcome = o.outcome!;
    return setSandboxWithdrawalOutcome(
      tx,
      box,
      identifier,
      {
        outcome,
        keys: outcome === 'NEEDS_ADDITIONAL_INFORMATION' ? (o.keys ?? [...DEFAULT_KEYS.WITHDRAWAL]) : null,
        returnReason: outcome === 'RETURNED' ? (o.returnReason ?? DEFAULT_RETURN_REASON) : null,
      },
      now,
    );
  });
}

/**
 * §14.7 `sandbox fiat-return`: compare-and-set from SENT_TO_BANK, or from COMPLETED before completedAt +
 * FIAT_RETURN_WINDOW_DAYS days (partnerctl's own value) → RETURNED, amount and fee credited back; prints
 * the withdrawal. Otherwise INVALID_STATE; an unknown one NOT_FOUND.
 */
export async function sandboxFiatReturn(db: Operated, env: Env, fiatWithdrawalId: string, reason: ReturnReason = DEFAULT_RETURN_REASON, at: Date = new Date()) {
  const ctx = readContextOf(env, { signer: false });
  if (!ctx.sandbox) throw new OperatorRefusal('SANDBOX_ONLY', 'sandbox fiat-return needs sandbox mode: set PARTNER_SANDBOX=true');
  let windowDays: number;
  try {
    windowDays = fiatWithdrawalConfig.keys.fiatReturnWindowDays.read(env, ctx);
  } catch (e) {
    throw new OperatorRefusal('VALIDATION_FAILED', (e as Error).message);
  }
  const now = at.toISOString();
  return db.writer.run(async (tx) => {
    const w = await findFiatWithdrawal(tx, fiatWithdrawalId);
    if (!w) throw new OperatorRefusal('NOT_FOUND', `fiat withdrawal ${fiatWithdrawalId} does not exist`);
    const windowEnds = w.completedAt === null ? null : new Date(Date.parse(w.completedAt) + windowDays * 86_400_000).toISOString();
    const from = w.status === 'SENT_TO_BANK' ? 'SENT_TO_BANK' : w.status === 'COMPLETED' && windowEnds !== null && now < windowEnds ? 'COMPLETED' : undefined;
    if (!from)
      throw new OperatorRefusal(
        'INVALID_STATE',
        w.status === 'COMPLETED'
          ? `fiat withdrawal ${fiatWithdrawalId} completed at ${w.completedAt}; its return window ended at ${windowEnds}`
          : `fiat withdrawal ${fiatWithdrawalId} is ${w.status}; a return needs SENT_TO_BANK, or COMPLETED within the return window`,
      );
    const returned = await returnWithdrawal(tx, w, from, reason, now);
    // One writer transaction read the row just now: nothing moved it in between.
    if (!returned) throw new OperatorRefusal('INVALID_STATE', `fiat withdrawal ${fiatWithdrawalId} left ${from} meanwhile`);
    return renderAs('PartnerFiatWithdrawal', await fiatWithdrawalView(tx, returned));
  });
}
