// §17.1 revokeFrontendSession: id (400) → idempotency → the session (404 NOT_FOUND / 403) → revokedAt set;
// a revoked or expired session answers 200 unchanged.
import { mutation } from '../../../core/operation.js';
import { revokeSessionOf } from '../rules.js';

export default mutation('revokeFrontendSession', {
  rest: { method: 'POST', path: '/partner/v1/frontend-sessions/:sessionId/revocation' },
  target: 'sessionId',
  evidence: null,
  resultId: (s) => s.sessionId,
  run: (tx, ctx, { sessionId }) => revokeSessionOf(tx, ctx, sessionId),
});
