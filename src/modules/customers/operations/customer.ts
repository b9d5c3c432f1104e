// §4 customer(customerId): unknown → null (REST: 404 CUSTOMER_NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findCustomer } from '../repository.js';
import { customerView } from '../rules.js';

export default query('customer', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId', notFound: 'CUSTOMER_NOT_FOUND' },
  run: async (ctx, { customerId }) => {
    const row = ownOrNull(ctx, await findCustomer(ctx.services.db, customerId), 'customer');
    return row && customerView(row);
  },
});
