// §17.1 / §9.3 frontendSessions: a customer's sessions, newest first; `active` true → unexpired and
// unrevoked, false → the others. The partner backend's only: no `session` access (§17.6), and no token.
import { list } from '../../../core/list.js';
import { flag } from '../../../core/list-filters.js';
import { underCustomer } from '../../customers/index.js';
import { listSessions } from '../repository.js';
import { sessionView } from '../rules.js';

export default list('frontendSessions', {
  rest: { method: 'GET', path: '/partner/v1/customers/:customerId/frontend-sessions' },
  scope: underCustomer,
  filters: { active: flag() },
  sort: ['string', 'string'],
  fetch: ({ db, ctx, args, after, filters: f, limit }) => listSessions(db, args.customerId, { active: f.active, now: ctx.now.toISOString(), before: after, limit }),
  cursor: (r) => [r.createdAt, r.sessionId],
  view: (rows) => rows.map((r) => sessionView(r)),
});
