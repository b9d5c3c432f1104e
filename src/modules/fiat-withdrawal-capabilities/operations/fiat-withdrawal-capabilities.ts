// §14.6 fiatWithdrawalCapabilities: one item per rail, SEPA, ACH, WIRE (§14.2: a list, not a page; REST
// answers {"items": [...]}). The customer: 404 CUSTOMER_NOT_FOUND, another partner's → 403.
import { query } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../customers/index.js';
import { capabilitiesOf } from '../rules.js';

export default query('fiatWithdrawalCapabilities', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/fiat/withdrawal-capabilities' },
  run: async (ctx, { customerId }) => {
    const db = ctx.services.db;
    await requireOwnCustomer(db, ctx, customerId);
    return capabilitiesOf(db, ctx.clientId, customerId);
  },
});
