// §12.3–§12.5, §16.6 operator actions on customers: suspend / reactivate, a verification decision, the
// sandbox's verification outcome, and the list of verification submissions (§16.9). Each runs in one transaction of the engine's writer and prints the
// customer in its GraphQL shape (or the sandbox entry as itself).
import { renderAs } from '../../graphql/render.js';
import {
  clearSandboxVerificationOutcome,
  customerView,
  decideVerification,
  findCustomer,
  setCustomerSuspended,
  setSandboxVerificationOutcome,
  submissionSummaries,
  type CustomerRow,
  type VerificationOutcome,
} from './index.js';
import type { SecretBox } from '../../core/secret-box.js';
import { OperatorRefusal, type Operated } from '../../core/command.js';

const now = () => new Date().toISOString();
const shown = (row: CustomerRow) => renderAs('PartnerCustomer', customerView(row));
const missing = (customerId: string) => new OperatorRefusal('NOT_FOUND', `customer ${customerId} does not exist`);

/** §12.3: TEXT is 1–200 characters (a refusal otherwise, §16.9). */
function checkInfo(info: string | undefined): void {
  if (info === undefined) return;
  const length = [...info].length;
  if (length < 1 || length > 200) throw new OperatorRefusal('VALIDATION_FAILED', `--info must be 1–200 characters, got ${length}`);
}

/** §12.4 `customer suspend|reactivate`: repeating prints the customer unchanged and writes no event. */
export async function suspendCustomer(db: Operated, customerId: string, suspended: boolean) {
  const row = await db.writer.run((tx) => setCustomerSuspended(tx, customerId, suspended, now()));
  if (!row) throw missing(customerId);
  return shown(row);
}

/** §12.3 `customer verification-decide`. */
export async function verificationDecide(db: Operated, customerId: string, outcome: VerificationOutcome, info: string | undefined) {
  checkInfo(info);
  const row = await db.writer.run((tx) => decideVerification(tx, customerId, outcome, info, now()));
  if (!row) throw missing(customerId);
  return shown(row);
}

/**
 * §16.9 (amended 2026-12-07) `customer evidence`: the customer's verification submissions, newest first
 * (`submittedAt`, `outcome`, `decidedAt`, the checks' `type` and `result`; no personal data). Operators
 * only: no API operation reads a submission.
 */
export async function customerEvidence(db: Operated, box: SecretBox, customerId: string) {
  return db.writer.run(async (tx) => {
    if (!(await findCustomer(tx, customerId))) throw missing(customerId);
    return submissionSummaries(tx, customerId, (id, sealed) => {
      try {
        return box.open(id, sealed);
      } catch {
        // Sealed under another key: partnerctl runs with a PARTNER_SECRET_KEY that is not the server's.
        throw new OperatorRefusal('INVALID_STATE', "the evidence does not open with this PARTNER_SECRET_KEY: run partnerctl with the server's");
      }
    });
  });
}

/** §12.5 `sandbox verification-outcome`: stored and printed in every mode, used only in sandbox mode (§16.9). */
export async function sandboxVerificationOutcome(db: Operated, customerId: string, o: { outcome?: VerificationOutcome; info?: string; clear: boolean }) {
  checkInfo(o.info);
  return db.writer.run(async (tx) => {
    if (!(await findCustomer(tx, customerId))) throw missing(customerId);
    if (o.clear) return { removed: await clearSandboxVerificationOutcome(tx, customerId) };
    const entry = await setSandboxVerificationOutcome(tx, customerId, o.outcome!, o.info ?? null, now());
    return { customerId: entry.customerId, outcome: entry.outcome, info: entry.info };
  });
}
