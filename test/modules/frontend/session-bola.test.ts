// §17.2 F4, derived from the registry: what a frontend session may read is exactly its customer's records.
// Which queries a session may ask is checked against the SDL (a query whose arguments or result carry a
// customerId is customer-scoped), so a new query that forgets its `session` line, or a partner-wide one
// that declares it, fails here. Then every query of the registry is asked with its example request
// (helpers/operation-cases.ts: the walk of the API reference): a session of the record's customer reads
// what the partner reads; a session of another customer of the same partner is 403 FORBIDDEN for it; every
// other query and every mutation is 403 FRONTEND_SESSION_READ_ONLY, and nothing changes.
import { randomUUID } from 'node:crypto';
import { getNamedType, isInputObjectType, isNonNullType, isObjectType, type GraphQLField, type GraphQLOutputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryDescriptor, QueryName, SessionAccess } from '../../../src/core/operation.js';
import { descriptors } from '../../../src/graphql/registry.js';
import { dryScenario, OperationCase, recordArguments, rootFieldOf, scenarioOperations, tableCounts, World } from '../../helpers/operation-cases.js';
import { asBrowser, openSessionRecord, registerOrigin, type OpenSession } from '../../helpers/frontend.js';
import { startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { sdlSchema } from '../../helpers/sdl-fields.js';
import { queryString } from '../../../src/client/index.js';

const ORIGIN = 'https://app.example.com';

/**
 * §17.6: queries about one customer that belong to the partner's backend all the same. Each one here is
 * named by the contract; any other customer-scoped query is a session's to read.
 */
const PARTNER_BACKEND_ONLY = new Set(['frontendSessions']);

const queries = () => descriptors.filter((d): d is QueryDescriptor<QueryName> => d.kind === 'query');
const mutations = () => descriptors.filter((d) => d.kind === 'mutation');
const accessOf = (d: QueryDescriptor<QueryName>) => d.session as SessionAccess<QueryName> | undefined;

/** Whether a result type is about one customer: it has a customerId, or its page's items do. */
function carriesCustomer(type: GraphQLOutputType): boolean {
  const named = getNamedType(type);
  if (!isObjectType(named)) return false;
  const fields = named.getFields();
  return 'customerId' in fields || (fields.items !== undefined && carriesCustomer(fields.items.type));
}

/** §17.2 from the SDL: a query whose arguments name a customer or whose answer is a customer's record(s). */
function isCustomerScoped(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((a) => a.name === 'customerId') || carriesCustomer(field.type);
}

describe('which queries a session may ask, from the SDL (§17.2, §17.6)', () => {
  it('exactly the customer-scoped ones, but the partner backend’s', () => {
    const fields = sdlSchema().getQueryType()!.getFields();
    const scoped = Object.values(fields).filter(isCustomerScoped).map((f) => f.name).filter((n) => !PARTNER_BACKEND_ONLY.has(n)).sort();
    const declared = queries().filter((d) => d.session).map((d) => d.name).sort();
    expect(declared, 'queries with a `session` line vs customer-scoped queries of the SDL').toEqual(scoped);
    for (const name of PARTNER_BACKEND_ONLY) expect(fields[name], `${name} is a query of the SDL`).toBeDefined();
  });

  it('each names its customer by an argument of the field (a UUID), or the owner of its record (a by-id query: none is null, §17.2)', () => {
    for (const d of queries()) {
      const access = accessOf(d);
      if (!access) continue;
      const field = rootFieldOf(d.name);
      if ('customer' in access) {
        const arg = field.args.find((a) => a.name === access.customer);
        expect(arg, `${d.name}: ${access.customer} is not an argument`).toBeDefined();
        expect(getNamedType(arg!.type).name, `${d.name}.${access.customer}`).toBe('UUID');
      } else {
        const type = getNamedType(field.type);
        expect(isObjectType(type) && 'customerId' in type.getFields(), `${d.name}: its record has a customerId`).toBe(true);
        expect(isNonNullType(field.type), `${d.name}: a by-id query answers null for no record`).toBe(false);
      }
    }
  });
});

describe('every operation of the registry, asked by a session', () => {
  let server: TestServer;
  let world: World;
  /** The second customer of the world's partner: it owns nothing the walk made. */
  let other: string;
  const sessions = new Map<string, OpenSession>();
  const covered = new Set(scenarioOperations(dryScenario()));

  beforeAll(async () => {
    // Every request of this suite is a session's: none is to be limited.
    server = await startTestServer({ FRONTEND_SESSION_RATE_PER_SECOND: '1000' });
    world = await World.walk(server, { name: 'Frontend partner' });
    await registerOrigin(server, world.client.clientId, ORIGIN);
    const r = await server.gql(world.client, 'mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId } }', {
      input: { externalRef: `other-${randomUUID()}`, type: 'INDIVIDUAL' },
    });
    expect(r.status, r.text).toBe(200);
    other = r.body.data.createCustomer.customerId;
  }, 120_000);
  afterAll(() => server.stop());

  async function sessionOf(customerId: string): Promise<OpenSession> {
    let x = sessions.get(customerId);
    if (!x) sessions.set(customerId, (x = await openSessionRecord(server, world.client.clientId, customerId, ORIGIN)));
    return x;
  }

  /**
   * The operation's example request, or (for one the walk lacks a step of) its required arguments made up
   * from the SDL: a refusal of what a session may not do comes before any argument is looked at.
   */
  function caseOf(op: string): OperationCase {
    if (covered.has(op)) return world.caseOf(op);
    const args: Record<string, unknown> = {};
    for (const a of rootFieldOf(op).args) {
      if (!isNonNullType(a.type)) continue;
      const t = getNamedType(a.type);
      args[a.name] = a.name === 'customerId' ? other : t.name === 'UUID' ? randomUUID() : isInputObjectType(t) ? {} : t.name === 'Int' ? 1 : 'x';
    }
    return new OperationCase(op, args);
  }

  /** The case as the browser of `x` sends it: GraphQL, and REST where the operation has a path. */
  async function asSession(c: OperationCase, x: OpenSession, headers: Record<string, string> = {}): Promise<{ graphql: Reply; rest?: Reply }> {
    const graphql = await asBrowser(server, x, 'POST', '/graphql', { body: { query: c.document, variables: c.variables }, headers });
    if (!c.rest) return { graphql };
    const rest = await asBrowser(server, x, c.rest.method, c.rest.path + queryString(c.rest.query), { body: c.rest.body, headers });
    return { graphql, rest };
  }

  function expectRefused(r: { graphql: Reply; rest?: Reply }, status: number, code: string, what: string): void {
    expectGraphQLProblem(r.graphql, status, code, { message: `GraphQL ${what}`, data: 'null-fields' });
    if (r.rest) expectRestProblem(r.rest, status, code, { message: `REST ${what}` });
  }

  it.each(queries().filter((d) => !d.session).map((d) => d.name))('%s (no `session`) → 403 FRONTEND_SESSION_READ_ONLY on each surface', async (op) => {
    const x = await sessionOf(world.recordId('customerId')!);
    const before = await tableCounts(server);
    expectRefused(await asSession(caseOf(op), x), 403, 'FRONTEND_SESSION_READ_ONLY', op);
    expect(await tableCounts(server)).toEqual(before);
  });

  it.each(queries().filter((d) => d.session).map((d) => d.name))(
    '%s: the record’s customer’s session reads what the partner reads; another customer’s session → 403 FORBIDDEN',
    async (op) => {
      const d = queries().find((q) => q.name === op)!;
      const access = accessOf(d)!;
      const c = caseOf(op);
      const partner = await c.graphql(server, world.client);
      expect(partner.status, partner.text).toBe(200);
      expect(partner.body.errors, partner.text).toBeUndefined();
      const partnerRest = c.rest ? await c.restRequest(server, world.client) : undefined;
      if (partnerRest) expect(partnerRest.status, partnerRest.text).toBe(200);
      const data = OperationCase.dataOf(op, partner);
      expect(data, `${op}: the example's record`).toBeTruthy();

      // Whose the answer is: the customer the list names (or the walk's, where the example leaves it out), or the record's.
      const owner = 'customer' in access ? ((c.args[access.customer] as string | undefined) ?? world.recordId('customerId')!) : (data.customerId as string);
      expect(owner, `${op}: its owner`).toMatch(/^[0-9a-f-]{36}$/);
      expect(owner).not.toBe(other);

      const mine = await asSession(c, await sessionOf(owner));
      expect(mine.graphql.status, mine.graphql.text).toBe(200);
      expect(mine.graphql.body, `${op}: the session's answer is the partner's`).toEqual(partner.body);
      if (mine.rest) {
        expect(mine.rest.status, mine.rest.text).toBe(200);
        expect(mine.rest.body, `${op}: REST`).toEqual(partnerRest!.body);
      }

      const theirs = await sessionOf(other);
      if ('customer' in access) {
        // The list (or customer) of the record's customer, asked by the other customer's session.
        expectRefused(await asSession(c.with({ ...c.args, [access.customer]: owner }), theirs), 403, 'FORBIDDEN', `${op} of another customer`);
        if (c.args[access.customer] === undefined) {
          // Left out, it is the session's own customer's (§17.2): nothing of the owner's.
          const own = await asSession(c, theirs);
          expect(own.graphql.status, own.graphql.text).toBe(200);
          for (const item of (OperationCase.dataOf(op, own.graphql).items ?? []) as { customerId?: string }[]) expect(item.customerId).toBe(other);
        }
      } else {
        expectRefused(await asSession(c, theirs), 403, 'FORBIDDEN', `${op}: another customer's record`);
        // No record: null, and REST's 404, as for the partner.
        const none = await asSession(c.changed(Object.fromEntries(recordArguments(op).required.map((n) => [n, randomUUID()]))), theirs);
        expect(none.graphql.status, none.graphql.text).toBe(200);
        expect(none.graphql.body).toEqual({ data: { [op]: null } });
        if (none.rest) expectRestProblem(none.rest, 404, d.rest?.notFound ?? 'NOT_FOUND', { message: `REST ${op}` });
      }
    },
  );

  it.each(mutations().map((d) => d.name))('%s → 403 FRONTEND_SESSION_READ_ONLY with and without Idempotency-Key; nothing changed', async (op) => {
    const c = caseOf(op);
    const x = await sessionOf(world.recordId('customerId')!);
    const before = await tableCounts(server);
    expectRefused(await asSession(c, x), 403, 'FRONTEND_SESSION_READ_ONLY', `${op} without a key`);
    expectRefused(await asSession(c, x, { 'idempotency-key': randomUUID() }), 403, 'FRONTEND_SESSION_READ_ONLY', `${op} with a key`);
    expect(await tableCounts(server), `${op}: rows written`).toEqual(before);
  });
});
