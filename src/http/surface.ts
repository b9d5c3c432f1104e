// What the pipeline needs of a surface (GraphQL, REST): it parses and renders; every rule runs in the
// operations, the same for both.
import type { CallContext } from '../core/context.js';
import type { Problem } from '../core/problem.js';
import type { HttpCall, HttpReply } from './types.js';

/** A surface's answer; `refused` when it is a refusal the surface rendered itself (GraphQL errors). */
export type SurfaceResult = { reply: HttpReply; refused?: Pick<Problem, 'code' | 'status'> };

/** The root field a call attempts and the arguments it sent (untrusted), for the audit of a refusal. */
export type Attempt = { field: string; args: Record<string, unknown> };

export interface Surface {
  /** Runs the call; a refusal found before the operation runs is thrown as a Problem. */
  execute(call: HttpCall, ctx: CallContext): Promise<SurfaceResult>;
  /** A problem in this surface's shape (§7). */
  render(problem: Problem, requestId: string): HttpReply;
  /** The mutation the call attempts, if any: read only when it is refused. */
  attempt(call: HttpCall): Attempt | undefined;
}
