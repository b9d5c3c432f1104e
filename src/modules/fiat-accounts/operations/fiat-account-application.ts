// §14.2 fiatAccountApplication: unknown → null (REST GET: 404 NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findApplication } from '../repository.js';
import { applicationView } from '../rules.js';

export default query('fiatAccountApplication', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/fiat/account-applications/:applicationId', notFound: 'NOT_FOUND' },
  run: async (ctx, { applicationId }) => {
    const db = ctx.services.db;
    const row = ownOrNull(ctx, await findApplication(db, applicationId), 'fiat account application');
    return row && applicationView(db, row);
  },
});
