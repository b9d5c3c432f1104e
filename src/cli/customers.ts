// §12.3–§12.5, §16.6 operator actions on customers: suspend / reactivate, a verification decision, and the
// sandbox's verification outcome. Each runs in one transaction of the engine's writer and prints the
// customer in its GraphQL shape (or the sandbox entry as itself).
import { renderAs } from '../graphql/render.js';
import {
  clearSandboxVerificationOutcome,
  customerView,
  decideVerification,
  findCustomer,
  setCustomerSuspended,
  setSandboxVerificationOutcome,
  type CustomerRow,
  type VerificationOutcome,
} from '../modules/customers/index.js';
import { OperatorRefusal, type Operated } from './refusals.js';

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
