// §12.1 / §9.3 customerFiles: a customer's files, newest first, by status and purpose.
import { list } from '../../../core/list.js';
import { values } from '../../../core/list-filters.js';
import { underCustomer } from '../../../core/customer-ownership.js';
import { listFiles } from '../repository.js';
import { fileView } from '../rules.js';

export default list('customerFiles', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/files' },
  scope: underCustomer,
  filters: { statuses: values(), purposes: values() },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) => listFiles(db, args.customerId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.fileId],
  view: async (rows) => rows.map(fileView),
});
