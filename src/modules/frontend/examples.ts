// §17.1 frontend sessions: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests. The walk's client has the
// origin https://app.example.com registered by an operator (tools/api-examples/provision.ts).
import type { Example } from '../../core/example.js';

export default [
  {
    at: 1000,
    op: 'createFrontendSession',
    args: (s, w) => ({ customerId: w.per(s, 'customerId'), input: { origin: 'https://app.example.com', ttlSeconds: 900 } }),
    keep: (s, r, w) => w.keep(s, 'frontendSessionId', r.sessionId),
  },
  { at: 1010, op: 'frontendSessions', args: (s, w) => ({ customerId: w.per(s, 'customerId'), active: true, first: 1 }) },
  { at: 1020, op: 'revokeFrontendSession', args: (s, w) => ({ sessionId: w.per(s, 'frontendSessionId') }) },
] satisfies Example[];
