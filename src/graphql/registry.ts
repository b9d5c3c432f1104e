// The registry: what the operation descriptors (src/modules/*/operations/) declare becomes resolvers,
// REST routes and audit targets here, and every mutation runs inside one wrapper: validation (400),
// idempotency (§3), evidence (§5) and the audit of its success, in the order of §4.
import type { Evidence } from '../core/evidence.js';
import { assertEvidenceUnused, recordEvidence, targetTypeOf, validateEvidenceShape, verifyEvidence } from '../core/evidence.js';
import { auditSubject } from '../core/audit.js';
import type { CallContext } from '../core/context.js';
import { runIdempotent } from '../core/idempotency.js';
import type { AnyDescriptor, Guard, MutationDescriptor, MutationName, QueryDescriptor, QueryName, SessionAccess } from '../core/operation.js';
import { requireSessionCustomer } from '../core/ownership.js';
import { FieldErrors, Problem } from '../core/problem.js';
import { textFaults } from '../core/text.js';
import { operations } from './generated/operations.js';
import type { MutationResolvers, QueryResolvers, Resolvers } from './generated/resolvers-types.js';
import { DateTime, JSONObject, StringMap, UUID } from './scalars.js';

type Args = Record<string, unknown> & { input?: { operationAuthorization?: Evidence } };

// A schema root field without a descriptor, or a descriptor without a field, fails tsc here (and codegen).
type Exactly<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : { missing: Exclude<A, B>; extra: Exclude<B, A> };
type Ops = typeof operations;
type MutationOps = { [K in keyof Ops]: Ops[K] extends { kind: 'mutation' } ? K : never }[keyof Ops];
type QueryOps = { [K in keyof Ops]: Ops[K] extends { kind: 'query' } ? K : never }[keyof Ops];
const mutationsMatch: Exactly<MutationName, MutationOps> = true;
const queriesMatch: Exactly<QueryName, QueryOps> = true;
void mutationsMatch;
void queriesMatch;

export const descriptors: readonly AnyDescriptor[] = Object.values(operations) as AnyDescriptor[];

/** The descriptor of a root field, or undefined (a name from a request is untrusted). */
export function descriptorOf(name: string): AnyDescriptor | undefined {
  return Object.prototype.hasOwnProperty.call(operations, name) ? (operations as Record<string, AnyDescriptor>)[name] : undefined;
}

/**
 * Arguments that are not storable text (src/core/text.ts) → 400, on every operation and both surfaces:
 * the coerced arguments hold both the variables and the strings written inline in a GraphQL document.
 */
function checkText(args: Record<string, unknown>): void {
  const faults = Object.entries(args).flatMap(([name, value]) => textFaults(value, name === 'input' ? '' : `/${name}`));
  if (faults.length === 0) return;
  const errors = faults.map((f) => ({ pointer: f.pointer || '/', detail: f.detail }));
  throw new Problem('VALIDATION_FAILED', errors.length === 1 ? `${errors[0]!.pointer}: ${errors[0]!.detail}` : `${errors.length} fields are invalid`, errors);
}

/** §17.2: a session never writes, whatever reached the resolver (the surfaces refuse it first). */
function sessionRefused<R>(name: string, resolve: (parent: unknown, args: Args, ctx: CallContext) => Promise<R>) {
  return (parent: unknown, args: Args, ctx: CallContext): Promise<R> =>
    ctx.session ? Promise.reject(new Problem('FRONTEND_SESSION_READ_ONLY', `A frontend session may not call ${name}: it only reads.`)) : resolve(parent, args, ctx);
}

/** validate → idempotency → run (evidence verified where run places it) → evidence used once and stored. */
function mutationResolver(d: MutationDescriptor<MutationName>) {
  // The descriptor with its arguments as the resolver receives them (untyped past this point).
  const op = d as unknown as MutationDescriptor<never> & {
    validate?: (args: Args, errors: FieldErrors, ctx: CallContext) => void;
    run: (tx: Parameters<MutationDescriptor['run']>[0], ctx: CallContext, args: Args, guard: Guard) => Promise<object>;
    resultId: (result: object) => string;
  };
  return async (_parent: unknown, args: Args, ctx: CallContext): Promise<object> => {
    checkText(args);
    const errors = new FieldErrors();
    op.validate?.(args, errors, ctx);
    const evidence = d.evidence === null ? undefined : args.input?.operationAuthorization;
    if (evidence) validateEvidenceShape(evidence, errors);
    errors.throwIfAny();
    const exclusive = d.exclusive ? { exclusive: (d.exclusive as (ctx: CallContext, args: Args) => string)(ctx, args) } : undefined;
    return runIdempotent(ctx, auditSubject(d, args), args, op.resultId, d.sealResult === true, async (tx) => {
      let authorized = false;
      let unusedChecked = false;
      const guard: Guard = {
        authorize: () => {
          if (!evidence || d.evidence === null || d.target === null) return;
          verifyEvidence(ctx, d.evidence, { [d.target]: args[d.target] as string }, args.input as Parameters<typeof verifyEvidence>[3]);
          authorized = true;
        },
        evidenceUnused: async () => {
          if (!evidence || d.evidence === null) return;
          await assertEvidenceUnused(tx, ctx, evidence);
          unusedChecked = true;
        },
      };
      const result = await op.run(tx, ctx, args, guard);
      if (evidence && d.evidence !== null) {
        if (!authorized) throw new Error(`${d.name} declares evidence but did not verify it`);
        // §5 single use: a state rule (409), checked after the others unless run placed it earlier; its
        // refusal rolls the effect back.
        if (!unusedChecked) await assertEvidenceUnused(tx, ctx, evidence);
        await recordEvidence(tx, ctx, evidence, { type: targetTypeOf(d.evidence), id: op.resultId(result) });
      }
      return result;
    }, exclusive);
  };
}

/**
 * §17.2 a query asked by a frontend session: only a query that declares `session`; a customer argument
 * left out is the session's, and one of another customer is refused (by list() at §9.3's ownership step);
 * a by-id record of another customer is 403 FORBIDDEN, none is null.
 */
async function runForSession(d: QueryDescriptor<QueryName>, ctx: CallContext, given: Record<string, unknown>): Promise<unknown> {
  const session = ctx.session!;
  const access = d.session as SessionAccess<QueryName> | undefined;
  if (!access) throw new Problem('FRONTEND_SESSION_READ_ONLY', `A frontend session may not query ${d.name}: ask your backend.`);
  let args = given;
  if ('customer' in access) {
    if (args[access.customer] === undefined || args[access.customer] === null) args = { ...args, [access.customer]: session.customerId };
    if (!d.list) requireSessionCustomer(ctx, args[access.customer]);
    return d.run(ctx, args as never);
  }
  const result = await d.run(ctx, args as never);
  if (result !== null && result !== undefined) requireSessionCustomer(ctx, (access.owner as (r: unknown) => string)(result));
  return result;
}

function buildResolvers(): Resolvers {
  const Query: Record<string, unknown> = {};
  const Mutation: Record<string, unknown> = {};
  for (const d of descriptors) {
    if (d.kind === 'mutation') Mutation[d.name] = sessionRefused(d.name, mutationResolver(d));
    else
      Query[d.name] = (_parent: unknown, args: Record<string, unknown>, ctx: CallContext) => {
        checkText(args);
        return ctx.session ? runForSession(d, ctx, args) : d.run(ctx, args as never);
      };
  }
  return { UUID, DateTime, StringMap, JSONObject, Query: Query as QueryResolvers, Mutation: Mutation as MutationResolvers };
}

export const resolvers = buildResolvers();
