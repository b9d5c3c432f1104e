// §15.3 the expiry step at expiresAt: OPEN or PARTIALLY_PAID with nothing pending → EXPIRED. With a
// payment pending it changes nothing: the last settling payment decides (payment-target.ts).
import type { Exec } from '../../db/exec.js';
import { transition } from '../lifecycle/index.js';
import { findCheckout } from './repository.js';
import { amountsOf, checkoutLifecycle, countersOf } from './rules.js';

/** False when the checkout is not due (another process took it, a payment is pending, or it left OPEN/PARTIALLY_PAID). */
export async function checkoutExpiryStep(tx: Exec, checkoutId: string, now: Date): Promise<boolean> {
  const c = await findCheckout(tx, checkoutId);
  if (!c || (c.status !== 'OPEN' && c.status !== 'PARTIALLY_PAID') || Date.parse(c.expiresAt) > now.getTime()) return false;
  const n = countersOf(c);
  if (n.pending > 0n) return false;
  const row = await transition(tx, checkoutLifecycle(c.version), { id: checkoutId, from: c.status, to: 'EXPIRED', at: now.toISOString(), set: amountsOf(c, 'EXPIRED', n) });
  return row !== undefined;
}
