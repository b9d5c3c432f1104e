// One example request per operation for the cross-cutting suites (isolation, audit, idempotency,
// unknown fields), taken from the walk the API reference documents (tools/api-examples/scenario.ts, which
// orders every module's src/modules/<area>/examples.ts), so an operation added to the registry is covered
// by every such suite once its module has its step, and a suite names the operation and that file when
// it has none.
import { verificationDecide } from '../../src/modules/customers/operators.js';
import { getNamedType, isInputObjectType, isNonNullType, isScalarType, type GraphQLArgument, type GraphQLField, type GraphQLInputType } from 'graphql';
import { PartnerClient, queryString } from '../../src/client/index.js';
import type { AnyDescriptor } from '../../src/core/operation.js';
import { descriptors } from '../../src/graphql/registry.js';
import { examplesFileOf } from '../../tools/api-examples/modules.js';
import { askInformation, provisionWalk } from '../../tools/api-examples/provision.js';
import { graphqlRequest, restRequest, type RestRequest } from '../../tools/api-examples/requests.js';
import { scenario, type Step } from '../../tools/api-examples/scenario.js';
import { evidenceFor, type Client, type Reply, type RequestOptions, type TestServer } from './harness.js';
import { sdlSchema } from './sdl-fields.js';
import type { TestDb } from './test-db.js';

/** Where an operation's example request comes from: the examples file of its descriptor's module. */
export const caseSourceOf = (op: string): string => examplesFileOf(op);

/** The route the scenario's amounts are written for (tools/api-examples/run.ts makes the same one). */
export const SCENARIO_ROUTE = {
  blockchain: 'ETH', currency: 'USDT', scale: 6,
  minMinor: '1000000', maxMinor: '1000000000000', feeMinor: '1500000', travelRuleThresholdMinor: '1000000000',
};

/** The scenario's steps, not to be run (no server needed): which operations have one. */
export const dryScenario = (): Step[] => scenario(new PartnerClient({ baseUrl: 'http://127.0.0.1:1', clientId: 'x', secret: 'x' }), 'R');

/** The operations of the scenario (or of `steps`), in the order of their first step. */
export function scenarioOperations(steps: readonly Step[] = dryScenario()): string[] {
  return [...new Set(steps.map((s) => s.op))];
}

/** The first step of an operation in `steps`; an operation without one fails naming it and its module's examples file. */
export function stepOf(op: string, steps: readonly Step[] = dryScenario(), suite = 'example'): Step {
  const step = steps.find((s) => s.op === op);
  if (!step) throw noCase(op, suite);
  return step;
}

/**
 * The operations of `registry` that have no example request: each named with where its case must come
 * from. Empty when every operation is covered.
 */
export function missingCases(registry: readonly { name: string }[] = descriptors, steps: readonly Step[] = dryScenario()): string[] {
  const covered = new Set(scenarioOperations(steps));
  return registry.filter((d) => !covered.has(d.name)).map((d) => `${d.name}: no step in ${caseSourceOf(d.name)} (the source of its example request)`);
}

/** The failure a suite reports for an operation it saw no case of. */
export function noCase(op: string, suite: string): Error {
  return new Error(`${op} has no ${suite} case: add its step to ${caseSourceOf(op)}, which every cross-cutting suite derives its requests from`);
}

/** The descriptor of a registered operation (the suites iterate the registry, so it exists). */
export function descriptorNamed(op: string): AnyDescriptor {
  const d = descriptors.find((x) => x.name === op);
  if (!d) throw new Error(`${op} is not in the registry`);
  return d;
}

export const mutationNames = () => descriptors.filter((d) => d.kind === 'mutation').map((d) => d.name);
export const queryNames = () => descriptors.filter((d) => d.kind === 'query').map((d) => d.name);
export const operationNames = () => descriptors.map((d) => d.name);

/** The root field of an operation in the SDL. */
export function rootFieldOf(op: string): GraphQLField<unknown, unknown> {
  const s = sdlSchema();
  const f = s.getQueryType()!.getFields()[op] ?? s.getMutationType()!.getFields()[op];
  if (!f) throw new Error(`${op} is not a root field of the SDL`);
  return f;
}

const argsOf = (op: string): readonly GraphQLArgument[] => rootFieldOf(op).args;

const isUuid = (t: GraphQLInputType) => isScalarType(getNamedType(t)) && getNamedType(t).name === 'UUID';

/** Arguments (from the SDL) that name a record by its UUID: required ones (the record acted on or listed under) and optional filters. */
export function recordArguments(op: string): { required: string[]; optional: string[] } {
  const uuids = argsOf(op).filter((a) => isUuid(a.type));
  return { required: uuids.filter((a) => isNonNullType(a.type)).map((a) => a.name), optional: uuids.filter((a) => !isNonNullType(a.type)).map((a) => a.name) };
}

/** Members of the operation's `input` (from the SDL) that name a record by its UUID. */
export function inputRecordMembers(op: string): string[] {
  const input = argsOf(op).find((a) => a.name === 'input');
  if (!input) return [];
  const t = getNamedType(input.type);
  return isInputObjectType(t) ? Object.values(t.getFields()).filter((f) => isUuid(f.type)).map((f) => f.name) : [];
}

/** Whether the query's result is nullable: an unknown id is then null, not a problem (§4). */
export function returnsNullable(op: string): boolean {
  return !isNonNullType(rootFieldOf(op).type);
}

/** One operation's request, on both surfaces, from its arguments. */
export class OperationCase {
  readonly descriptor: AnyDescriptor;
  readonly document: string;
  readonly variables: Record<string, unknown>;
  /** Undefined where the operation is GraphQL only. */
  readonly rest: RestRequest | undefined;

  constructor(
    readonly op: string,
    readonly args: Record<string, unknown>,
  ) {
    this.descriptor = descriptorNamed(op);
    const g = graphqlRequest(sdlSchema(), op, args);
    this.document = g.query;
    this.variables = g.variables;
    this.rest = restRequest(op, args);
  }

  get isMutation(): boolean {
    return this.descriptor.kind === 'mutation';
  }

  /** The same operation with other arguments. */
  with(args: Record<string, unknown>): OperationCase {
    return new OperationCase(this.op, args);
  }

  /**
   * The arguments with `changes` applied (top level, or `input.<member>`), and the §5 evidence made again
   * for the changed arguments (unless the change is to the evidence itself), so that only what the test
   * changed differs from a valid request.
   */
  changed(changes: Record<string, unknown>): OperationCase {
    const args: Record<string, unknown> = { ...this.args };
    const input = args.input && typeof args.input === 'object' ? { ...(args.input as Record<string, unknown>) } : undefined;
    for (const [k, v] of Object.entries(changes)) {
      if (k.startsWith('input.')) input![k.slice('input.'.length)] = v;
      else args[k] = v;
    }
    if (input) args.input = input;
    const d = this.descriptor;
    if (input && d.kind === 'mutation' && d.evidence && d.target && input.operationAuthorization && !('input.operationAuthorization' in changes)) {
      const { operationAuthorization: _old, ...rest } = input;
      input.operationAuthorization = evidenceFor(d.evidence, { [d.target]: String(args[d.target]) }, rest);
    }
    return new OperationCase(this.op, args);
  }

  /** The GraphQL request, signed as `client`; a mutation gets a fresh Idempotency-Key unless `o` says otherwise. */
  graphql(server: TestServer, client: Client, o: RequestOptions = {}): Promise<Reply> {
    return server.gql(client, this.document, this.variables, o);
  }

  /** The REST request (the operation must have a route), signed as `client`. */
  restRequest(server: TestServer, client: Client, o: RequestOptions = {}): Promise<Reply> {
    const r = this.rest;
    if (!r) throw new Error(`${this.op} has no REST route`);
    const idempotencyKey = r.method === 'GET' && o.idempotencyKey === undefined ? null : o.idempotencyKey;
    return server.request(client, r.method, r.path + queryString(r.query), { body: r.body, ...o, idempotencyKey });
  }

  /** The GraphQL answer's value of the field (the record), from a 200 reply. */
  static dataOf(op: string, r: Reply): Record<string, unknown> {
    return r.body?.data?.[op];
  }
}

/** A step of a walk: the operation's case, whether it is its first step, and how to send it as the walker. */
export type StepVisit = {
  step: Step;
  case: OperationCase;
  first: boolean;
  client: Client;
  /** Sends the case on GraphQL (a fresh key for a mutation unless `o` gives one). */
  send: (o?: RequestOptions) => Promise<Reply>;
};

/**
 * A hook at each step. It may send refusals and checks of its own first; it returns the reply of the
 * step's success (GraphQL), or nothing to have the walk send it as is.
 */
export type StepHook = (v: StepVisit) => Promise<Reply | void>;

/** A partner who walked the scenario: its records of every kind, and the values only it owns. */
export class World {
  private constructor(
    readonly server: TestServer,
    readonly client: Client,
    readonly routeCode: string,
    private readonly steps: Step[],
    /** Values of this partner's records (ids, hashes, addresses made for it, secrets) seen in its answers. */
    readonly tokens: Set<string>,
  ) {}

  /**
   * A new partner (its own client, and a route made for the scenario's amounts, or `routeCode` mapped to it
   * too) walks every step of the scenario on GraphQL, `hook` at each.
   */
  static async walk(server: TestServer, o: { name?: string; routeCode?: string; hook?: StepHook } = {}): Promise<World> {
    const client = await server.newClient(o.name ?? 'Scenario partner');
    const routeCode = await server.newRoute(client, { ...SCENARIO_ROUTE, ...(o.routeCode ? { code: o.routeCode } : {}) });
    await server.operator((db) => provisionWalk(db, client.clientId, server.clock.now(), server.config.secretBox));
    const partner = new PartnerClient({ baseUrl: server.url, clientId: client.clientId, secret: client.secret, now: server.clock.now });
    const steps = scenario(partner, routeCode);
    const tokens = new Set<string>([client.clientId]);
    const seen = new Set<string>();
    for (const step of steps) {
      const c = new OperationCase(step.op, step.args('graphql'));
      const visit: StepVisit = { step, case: c, first: !seen.has(step.op), client, send: (ro = {}) => c.graphql(server, client, ro) };
      seen.add(step.op);
      const r = (await o.hook?.(visit)) ?? (await visit.send());
      if (r.status !== 200 || r.body?.errors) throw new Error(`the scenario's ${step.op} failed for ${o.name ?? 'the partner'}: ${r.status} ${r.text}`);
      for (const t of tokensIn(r.text)) tokens.add(t);
      step.keep?.('graphql', OperationCase.dataOf(step.op, r));
      // As the reference's walk: an operator verifies the customers the step names (Example.verifies).
      for (const id of step.verifies?.() ?? []) await server.operator((db) => verificationDecide(db, id, 'VERIFIED', undefined));
      // As the reference's walk: an operator's sandbox review outcome for the customers' applications (Example.asksInformation).
      if (step.asksInformation) await server.operator((db) => askInformation(db, step.asksInformation!()));
      // As the reference's walk: rounds of the worker where a later step needs what it settles (Example.worker).
      if (step.worker) await server.workerRound(step.worker);
    }
    return new World(server, client, routeCode, steps, tokens);
  }

  /** The case of an operation over this partner's records, as the scenario would send it now (fresh evidence). */
  caseOf(op: string): OperationCase {
    return new OperationCase(op, stepOf(op, this.steps).args('graphql'));
  }

  /** An id of this partner's records sent under `name` (an argument or an input member) by any step, or undefined. */
  recordId(name: string): string | undefined {
    for (const step of this.steps) {
      const args = step.args('graphql');
      const v = args[name] ?? (args.input as Record<string, unknown> | undefined)?.[name];
      if (typeof v === 'string') return v;
    }
    return undefined;
  }

  /** This partner's values that occur in `text` (case-insensitively) and not in `sent`. */
  leaksIn(text: string, sent = ''): string[] {
    const t = text.toLowerCase();
    const s = sent.toLowerCase();
    return [...this.tokens].filter((v) => t.includes(v.toLowerCase()) && !s.includes(v.toLowerCase()));
  }
}

/** Values that identify a partner's records: UUIDs, 32-byte hashes, webhook secrets, frontend session tokens. */
function tokensIn(text: string): string[] {
  return text.match(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|\b0x[0-9a-f]{64}\b|whsec_[A-Za-z0-9+/=]+|pfs_[A-Za-z0-9_-]{43}/gi) ?? [];
}

/**
 * Tables any request may write: the audit trail, spent nonces, the rate limit's buckets (rows on
 * PostgreSQL, one per client and address), and drizzle's own; and webhook attempts, which no request
 * writes but the delivery worker does on its own schedule (§11.5), for the walk's redelivery among
 * others (a refused request's delivery would still show in webhook_deliveries).
 */
const WRITTEN_BY_ANY_REQUEST = new Set(['audit_events', 'nonces', 'rate_buckets', '__drizzle_migrations', 'webhook_attempts']);

/** Rows per table, but for the ones any request writes: a refusal leaves these counts as they were. */
export function tableCounts(server: TestServer): Promise<Record<string, number>> {
  return server.db.reading(async (db) => rowsPerTable(db, (await db.tables()).filter((t) => !WRITTEN_BY_ANY_REQUEST.has(t))));
}

/**
 * Rows of each of `tables`, counted by one statement (a UNION ALL of COUNT(*)s, in chunks below SQLite's
 * limit of terms in a compound select): one connection and one snapshot, not a connection per table.
 */
export async function rowsPerTable(db: TestDb, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; i < tables.length; i += 200) {
    const chunk = tables.slice(i, i + 200);
    const rows = await db.all<{ t: string; n: unknown }>(chunk.map((t) => `SELECT '${t}' AS t, COUNT(*) AS n FROM ${t}`).join(' UNION ALL '));
    for (const r of rows) counts[r.t] = Number(r.n);
  }
  const missing = tables.filter((t) => counts[t] === undefined);
  if (missing.length > 0) throw new Error(`rowsPerTable: no count for ${missing.join(', ')}`);
  return counts;
}
