// What the pipeline needs of a surface (GraphQL, REST): it parses and renders; every rule runs in the
// operations, the same for both. The pipeline matches a request's path once and hands the surface's
// call what it matched; the call returns its outcome, it writes nothing into the context. A call's
// types are declared below the modules (src/core/http-route.ts), whose signed raw routes make calls too.
import type { Problem } from '../core/problem.js';
import type { HttpReply } from './types.js';

export { callContext, type Attempt, type SurfaceCall, type SurfaceOutcome } from '../core/http-route.js';

export interface Surface {
  /** A problem in this surface's shape (§7). */
  render(problem: Problem, requestId: string): HttpReply;
}
