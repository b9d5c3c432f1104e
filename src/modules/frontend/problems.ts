// What the frontend-session codes (§7, §17.5) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'frontend'> = {
  AUTH_SESSION_INVALID: {
    when: 'The bearer token is unknown, malformed, expired or revoked (§17.2); the answer never says which.',
    action: 'Ask your backend for a new session (createFrontendSession) and retry with its token.',
  },
  ORIGIN_NOT_ALLOWED: {
    when: "The origin is not registered for your client (creating a session), or a browser request's Origin is absent or not the session's origin (§17.2, §17.3).",
    action: 'Have the operator register the origin (partnerctl client origin add), and create the session for the origin the page is served from.',
  },
  FRONTEND_SESSION_READ_ONLY: {
    when: 'A frontend session asked for something only the partner backend may do: a mutation, a partner-wide query, a REST method other than GET, or the session operations themselves (§17.2, §17.6).',
    action: "Do it from your backend with the client's signed requests; a session reads its customer's records only.",
  },
  FRONTEND_SESSION_LIMIT_REACHED: {
    when: 'The customer already has FRONTEND_SESSION_MAX_ACTIVE unexpired, unrevoked sessions (§17.1).',
    action: 'Revoke sessions that are no longer used (revokeFrontendSession), or let them expire, then create the new one.',
  },
};
