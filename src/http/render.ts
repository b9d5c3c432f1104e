// Rendering only: a Problem as RFC 9457 (REST) or as a GraphQL error response (§7).
import { json } from '../core/http-route.js';
import type { Problem } from '../core/problem.js';
import type { HttpReply } from './types.js';

export { json };

export function problemReply(problem: Problem, requestId: string): HttpReply {
  const headers: Record<string, string> = { 'content-type': 'application/problem+json; charset=utf-8' };
  return { status: problem.status, headers: { ...headers, ...problemHeaders(problem) }, body: JSON.stringify(problem.toJSON(requestId)) };
}

function problemHeaders(problem: Problem): Record<string, string> {
  const headers: Record<string, string> = {};
  if (problem.allow) headers.allow = problem.allow;
  if (problem.retryAfterSeconds !== undefined) headers['retry-after'] = String(problem.retryAfterSeconds);
  return headers;
}

/** The same problem, shaped as a GraphQL response (for /graphql faults found before Apollo runs). */
export function graphqlProblemReply(problem: Problem, requestId: string): HttpReply {
  const reply = json(problem.status, {
    errors: [
      {
        message: problem.detail,
        extensions: {
          code: problem.code,
          status: problem.status,
          requestId,
          ...(problem.errors?.length ? { errors: problem.errors } : {}),
          ...(problem.canonicalString !== undefined ? { canonicalString: problem.canonicalString } : {}),
        },
      },
    ],
  });
  Object.assign(reply.headers, problemHeaders(problem));
  return reply;
}
