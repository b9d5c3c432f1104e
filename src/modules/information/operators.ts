// §14.3, §16.6 `partnerctl sandbox fiat-review-outcome`: stored and printed in every mode, used only in
// sandbox mode (§16.9). One transaction of the engine's writer.
import { OperatorError, OperatorRefusal, type Operated } from '../../core/command.js';
import { findCustomer } from '../customers/index.js';
import { DEFAULT_KEYS, keysAskedOf, type InformationKey, type InformationSubject } from './catalog.js';
import { clearSandboxReviewOutcome, setSandboxReviewOutcome, type ReviewOutcome } from './sandbox.js';

export async function sandboxFiatReviewOutcome(
  db: Operated,
  customerId: string,
  subject: InformationSubject,
  o: { outcome?: ReviewOutcome; keys?: InformationKey[]; clear: boolean },
) {
  // §14.3: keys not asked of the subject are a usage error (exit 2), as is a key given twice.
  if (o.keys) {
    const allowed = keysAskedOf(subject);
    const wrong = o.keys.filter((k) => !allowed.includes(k));
    if (wrong.length > 0) throw new OperatorError(`--keys: ${wrong.join(', ')} cannot be asked of ${subject}; use ${allowed.join(', ')}`);
    if (new Set(o.keys).size !== o.keys.length) throw new OperatorError('--keys: each key may appear once');
  }
  const now = new Date().toISOString();
  return db.writer.run(async (tx) => {
    if (!(await findCustomer(tx, customerId))) throw new OperatorRefusal('NOT_FOUND', `customer ${customerId} does not exist`);
    if (o.clear) return { removed: await clearSandboxReviewOutcome(tx, customerId, subject) };
    const outcome = o.outcome!;
    const keys = outcome === 'NEEDS_ADDITIONAL_INFORMATION' ? (o.keys ?? [...DEFAULT_KEYS[subject]]) : null;
    return setSandboxReviewOutcome(tx, customerId, subject, { outcome, keys }, now);
  });
}
