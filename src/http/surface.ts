// What the pipeline needs of a surface (GraphQL, REST): it parses and renders; every rule runs in the
// operations, the same for both. The pipeline matches a request's path once and hands the surface's
// call what it matched; the call returns its outcome, it writes nothing into the context.
import type { CallContext, RequestContext, StoredResult } from '../core/context.js';
import type { Problem } from '../core/problem.js';
import type { HttpReply } from './types.js';

/** What running a call produced: its answer, and what the audit, the replay cache and the log need of it. */
export type SurfaceOutcome = {
  reply: HttpReply;
  /** A refusal the surface rendered itself (GraphQL errors), for the audit (§8). */
  refused?: Pick<Problem, 'code' | 'status'>;
  /** §3: the idempotency record the answer is (a success or a replay). */
  stored?: StoredResult;
  /** The answer carries errors beside its data: it is not kept for a byte-identical retry. */
  hadErrors?: boolean;
};

/** The mutation a call attempts (a descriptor, or the file upload's name and target, §12.2) and its arguments (untrusted). */
export type Attempt = { descriptor: { name: string; target: string | null }; args: Record<string, unknown> };

/** One signed request to a surface, its route already matched. */
export interface SurfaceCall {
  /** Runs the call; a refusal found before the operation runs is thrown as a Problem. */
  execute(ctx: RequestContext): Promise<SurfaceOutcome>;
  /** The mutation the call attempts, if any: read only when it is refused. */
  attempt(): Attempt | undefined;
  /**
   * §17.2 asked of a frontend session's call only: the refusal (403 FRONTEND_SESSION_READ_ONLY) of what a
   * session may not do, or undefined when it may read this. Decided before the call runs (§17.6).
   */
  sessionRefusal(): Problem | undefined;
}

export interface Surface {
  /** A problem in this surface's shape (§7). */
  render(problem: Problem, requestId: string): HttpReply;
}

/** The request's context as an operation's, with the hooks that hear whether its answer carried errors and which idempotency record its result is (§3). */
export function callContext(ctx: RequestContext): { ctx: CallContext; stored(): StoredResult | undefined; hadErrors(): boolean } {
  let stored: StoredResult | undefined;
  let errors = false;
  return {
    ctx: {
      ...ctx,
      onStored: (s) => {
        stored = s;
      },
      onErrors: () => {
        errors = true;
      },
    },
    stored: () => stored,
    hadErrors: () => errors,
  };
}
