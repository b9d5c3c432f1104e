// §15.4 what links and POS payment requests share: the checks from D to H in the section's order (B → C →
// D checkout → E its route → G → H gate → INVALID_STATE → ROUTE_RAIL_UNSUPPORTED, §18.5), and the payment
// URI of a checkout's amount due on its route.
import type { CallContext } from '../../core/context.js';
import { Problem } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { gateCustomerOf } from '../customers/index.js';
import { requirePermittedRoute, requireSandboxRail, type RouteRow } from '../routes/index.js';
import { SANDBOX_NOTICE } from './page/html.js';
import { paymentUriOf } from './payment-uri.js';
import { requireOwnCheckout } from './rules.js';
import type { CheckoutRow } from './tables.js';

/** §15.4: a checkout takes links and POS requests while it accepts payments, before its expiresAt, with something due. */
export function acceptanceFault(c: Pick<CheckoutRow, 'status' | 'expiresAt' | 'amountDueMinor'>, now: Date): string | undefined {
  if (c.status !== 'OPEN' && c.status !== 'PARTIALLY_PAID') return `The checkout is ${c.status}.`;
  if (now.getTime() >= Date.parse(c.expiresAt)) return 'The checkout has reached its expiresAt.';
  if (c.amountDueMinor === '0') return 'Nothing is due on the checkout: its payments cover the amount (some may still be confirming).';
  return undefined;
}

/**
 * D → E → G (`checkG`, given the checkout) → H up to the rail, for an operation named `operation`. Answers the
 * checkout and its route.
 */
export async function checkoutForRequest(
  tx: Exec,
  ctx: CallContext,
  checkoutId: string,
  operation: string,
  checkG: (c: CheckoutRow) => void = () => {},
): Promise<{ checkout: CheckoutRow; route: RouteRow }> {
  const checkout = await requireOwnCheckout(tx, ctx, checkoutId);
  const route = await requirePermittedRoute(tx, ctx, checkout.routeCode);
  checkG(checkout);
  await gateCustomerOf(tx, checkout.customerId, 'money', ctx.services.config);
  const fault = acceptanceFault(checkout, ctx.now);
  if (fault) throw new Problem('INVALID_STATE', fault);
  requireSandboxRail(route, operation);
  return { checkout, route };
}

/** §15.4's payment URI of the checkout's amount due now. */
export function paymentUriNow(c: Pick<CheckoutRow, 'blockchain' | 'address' | 'amountDueMinor' | 'currencyScale'>, route: Pick<RouteRow, 'tokenContract'>): string {
  return paymentUriOf({ ...c, tokenContract: route.tokenContract });
}

/** §18.6: what a SANDBOX route's page and POS requests state. */
export const sandboxNoticeOf = (route: Pick<RouteRow, 'rail'>): string | null => (route.rail === 'SANDBOX' ? SANDBOX_NOTICE : null);
