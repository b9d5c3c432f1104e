// §17.1 createFrontendSession: shape (400) → idempotency → customer (404 / 403) → origin registered
// (403 ORIGIN_NOT_ALLOWED) → SUSPENDED (409) → the limit (409) → the session. The token is in this answer
// only; its stored idempotency result is sealed (sealResult), so a replay answers the same token (F2).
import { mutation } from '../../../core/operation.js';
import { checkCreateInput, createSession } from '../rules.js';

export default mutation('createFrontendSession', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/frontend-sessions' },
  target: 'customerId',
  evidence: null,
  sealResult: true,
  resultId: (s) => s.sessionId,
  validate: ({ input }, errors, ctx) => checkCreateInput(errors, input, ctx.services.config),
  run: (tx, ctx, { customerId, input }) => createSession(tx, ctx, customerId, input),
});
