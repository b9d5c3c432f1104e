// The operation is the unit (docs/architecture.md): one descriptor per GraphQL root field, next to its
// module. The registry (src/graphql/registry.ts) derives from the descriptors the resolvers, the REST
// routes, the audit targets and the idempotency and evidence wrapper; nothing else lists operations.
import type { Exec } from '../db/exec.js';
import type { MutationResolvers, QueryResolvers } from '../graphql/generated/resolvers-types.js';
import type { CallContext } from './context.js';
import type { FieldErrors, ProblemCode } from './problem.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fn<R> = Extract<R, (...args: any[]) => unknown>;
/** The arguments and result of a root field, as codegen typed them from the SDL. */
export type ArgsOf<R> = Parameters<Fn<R>>[1];
export type ResultOf<R> = Awaited<ReturnType<Fn<R>>>;

export type MutationName = keyof MutationResolvers & string;
export type QueryName = keyof QueryResolvers & string;
type MutationArgs<N extends MutationName> = ArgsOf<Required<MutationResolvers>[N]>;
type MutationResult<N extends MutationName> = ResultOf<Required<MutationResolvers>[N]>;
export type QueryArgs<N extends QueryName> = ArgsOf<Required<QueryResolvers>[N]>;
export type QueryResult<N extends QueryName> = ResultOf<Required<QueryResolvers>[N]>;

/**
 * §5 operationType of an operation's evidence: `<RESOURCE>_<ACTION>`, the resource naming the record it
 * authorizes. The union is the descriptors' own `evidence` values, which `npm run codegen` collects into
 * the client (src/client/generated/operations.ts): a new type compiles once codegen has run.
 */
export type OperationType = import('../client/generated/operations.js').OperationType;

/**
 * §6 / §9.4: where the operation is served on REST. The path's one `:name` is the argument of that
 * name; a POST body is the `input` argument. `fields`: the resource's REST rendering when it is not
 * every field of its GraphQL type (the interface document's field tables).
 */
export type RestBinding = {
  method: 'GET' | 'POST';
  path: `/partner/v1/${string}`;
  fields?: readonly string[];
  /** GET of a record: the answer when the query returns null (§9.4: the record's own code, else NOT_FOUND). */
  notFound?: ProblemCode;
  /** A POST whose input has no required member: a body absent or empty is the input `{}` (§15.1). */
  optionalBody?: true;
};

export type MutationDescriptor<N extends MutationName = MutationName> = {
  kind: 'mutation';
  name: N;
  rest?: RestBinding;
  /** The argument naming the record acted on: the audit target and, with evidence, the payload's path id (§5). */
  target: (keyof MutationArgs<N> & string) | null;
  /** §5 evidence the input must carry in `operationAuthorization`, or null. */
  evidence: OperationType | null;
  /** The id of the resource a result is: the idempotency record's and the audit event's. */
  resultId: (result: MutationResult<N>) => string;
  /**
   * The result holds a secret (§11.4 webhook secrets): its stored idempotency result is sealed with the
   * secret box (PARTNER_SECRET_KEY) like the secret itself, and opened for a replay.
   */
  sealResult?: boolean;
  /**
   * A key of state that other transactions read holding it shared, which this operation changes: its
   * transaction runs holding the key exclusively (RunOptions.exclusive).
   */
  exclusive?: (ctx: CallContext, args: MutationArgs<N>) => string;
  /** Shape checks the schema cannot express (400), before idempotency (§4 order of checks). */
  validate?: (args: MutationArgs<N>, errors: FieldErrors, ctx: CallContext) => void;
  /** The contract section's rules in its order, inside the transaction of the effect; `guard` places §5's checks in it. */
  run: (tx: Exec, ctx: CallContext, args: MutationArgs<N>, guard: Guard) => Promise<MutationResult<N>>;
};

/**
 * §5 the evidence checks a mutation's `run` places in its order of checks (§4). Both do nothing for an
 * operation without evidence.
 */
export type Guard = {
  /**
   * Checks the evidence's type, hash and age (403). Call it where §4 places it: after the records,
   * their ownership and the route. An operation that declares evidence and never calls it fails.
   */
  authorize(): void;
  /**
   * Single use (409). Checked after `run` unless the section places it earlier (§10.6, §10.8: before
   * the funds) and `run` calls this there; the evidence is stored after `run` either way.
   */
  evidenceUnused(): Promise<void>;
};

/**
 * §17.2 what a frontend session may read with this query; a query without it answers a session 403
 * FRONTEND_SESSION_READ_ONLY. `customer`: the argument naming the customer, which must be the session's
 * (else 403 FORBIDDEN; an optional one left out is the session's). `owner`: the customer a by-id result
 * belongs to (another customer's → 403 FORBIDDEN; no record → null, as for the partner).
 */
export type SessionAccess<N extends QueryName> =
  | { customer: keyof QueryArgs<N> & string }
  | { owner: (result: NonNullable<QueryResult<N>>) => string };

export type QueryDescriptor<N extends QueryName = QueryName> = {
  kind: 'query';
  name: N;
  rest?: RestBinding;
  session?: SessionAccess<N>;
  /** Made by list(), which checks a session's customer at §9.3's ownership step itself. */
  list?: true;
  run: (ctx: CallContext, args: QueryArgs<N>) => Promise<QueryResult<N>>;
};

export type AnyDescriptor = MutationDescriptor<MutationName> | QueryDescriptor<QueryName>;

export function mutation<N extends MutationName>(name: N, d: Omit<MutationDescriptor<N>, 'kind' | 'name'>): MutationDescriptor<N> {
  return { kind: 'mutation', name, ...d };
}

export function query<N extends QueryName>(name: N, d: Omit<QueryDescriptor<N>, 'kind' | 'name'>): QueryDescriptor<N> {
  return { kind: 'query', name, ...d };
}
