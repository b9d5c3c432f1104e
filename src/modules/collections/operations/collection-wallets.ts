// §15.5 / §9.3 collectionWallets: a customer's collection wallets, newest first.
import { list } from '../../../core/list.js';
import { exact, text, values } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listWallets } from '../repository.js';
import { walletView } from '../rules.js';

export default list('collectionWallets', {
  session: { customer: 'customerId' }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/crypto/collection-wallets' },
  scope: underCustomer,
  filters: { statuses: values(), buyerId: exact(), routeCode: text(64) },
  sort: ['string', 'string'],
  fetch: ({ db, args, after, filters: f, limit }) => listWallets(db, args.customerId, { ...f, before: after, limit }),
  cursor: (r) => [r.createdAt, r.collectionWalletId],
  view: (rows) => rows.map(walletView),
});
