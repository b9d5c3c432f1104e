// §4 customer(customerId): unknown → null, another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findCustomer } from '../repository.js';

export default query('customer', {
  run: async (ctx, { customerId }) => ownOrNull(ctx, await findCustomer(ctx.services.db, customerId), 'customer'),
});
