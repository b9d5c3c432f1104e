// §15.2–§15.3 checkouts: what the API shows of one.
import type { CheckoutRow } from './tables.js';

// Exactly the GraphQL fields, so that nothing else (the client id, the version, the link count) reaches a
// response, a stored idempotent result or an event.
export type CheckoutView = Omit<CheckoutRow, 'clientId' | 'version' | 'linkCount' | 'status'> & { status: 'OPEN' | 'PARTIALLY_PAID' | 'PAID' | 'EXPIRED' | 'CLOSED' };
export function checkoutView(c: CheckoutRow): CheckoutView {
  const { clientId: _c, version: _v, linkCount: _l, ...shown } = c;
  return shown as CheckoutView;
}
