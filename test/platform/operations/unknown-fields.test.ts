// §6 / §7: a request naming something the operation does not have is refused, never ignored — an input
// member (at any depth of input objects), a REST body member of an action without input, a query
// parameter, a GraphQL argument: 400 VALIDATION_FAILED at its pointer on both surfaces, and nothing is
// written. Every operation of the registry is tried with its example request (helpers/operation-cases.ts),
// so a new operation is covered with no edit here.
import { getNamedType, isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { noCase, operationNames, rootFieldOf, tableCounts, World, type OperationCase } from '../../helpers/operation-cases.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

const UNKNOWN = 'zzNotAMember';

type Attempt = { what: string; surface: 'GraphQL' | 'REST'; pointer: string | undefined; reply: Reply };
type Seen = { attempts: Attempt[]; before: Record<string, number>; after: Record<string, number> };

let server: TestServer;
const seen = new Map<string, Seen>();

/** Where an unknown member can go in the operation's input: its top, and every input object inside it that the example fills. */
function unknownMembers(c: OperationCase): { what: string; pointer: string; changed: OperationCase }[] {
  const input = c.args.input as Record<string, unknown> | undefined;
  if (!input) return [];
  const out = [{ what: 'an input member', pointer: `/${UNKNOWN}`, changed: c.changed({ [`input.${UNKNOWN}`]: 1 }) }];
  const inputType = getNamedType(rootFieldOf(c.op).args.find((a) => a.name === 'input')!.type);
  if (!isInputObjectType(inputType)) return out;
  for (const member of Object.values(inputType.getFields())) {
    const value = input[member.name];
    if (value === undefined || value === null || !isInputObjectType(getNamedType(member.type))) continue;
    const list = isListType(isNonNullType(member.type) ? member.type.ofType : (member.type as GraphQLInputType));
    if (list && Array.isArray(value) && value.length > 0) {
      const [head, ...rest] = value as Record<string, unknown>[];
      out.push({ what: `a member of ${member.name}[0]`, pointer: `/${member.name}/0/${UNKNOWN}`, changed: c.changed({ [`input.${member.name}`]: [{ ...head, [UNKNOWN]: 1 }, ...rest] }) });
    } else if (!list) {
      out.push({ what: `a member of ${member.name}`, pointer: `/${member.name}/${UNKNOWN}`, changed: c.changed({ [`input.${member.name}`]: { ...(value as object), [UNKNOWN]: 1 } }) });
    }
  }
  return out;
}

/** The operation's document with one argument the field does not have. */
function withUnknownArgument(c: OperationCase): string {
  const call = `\n  ${c.op}(`;
  return c.document.includes(call) ? c.document.replace(call, `${call}${UNKNOWN}: 1, `) : c.document.replace(`\n  ${c.op} {`, `\n  ${c.op}(${UNKNOWN}: 1) {`);
}

beforeAll(async () => {
  server = await startTestServer();
  await World.walk(server, {
    name: 'Unknown-fields partner',
    hook: async (v) => {
      if (!v.first) return;
      const c = v.case;
      const before = await tableCounts(server);
      const attempts: Attempt[] = [];
      for (const u of unknownMembers(c)) {
        attempts.push({ what: u.what, surface: 'GraphQL', pointer: u.pointer, reply: await u.changed.graphql(server, v.client) });
        if (u.changed.rest) attempts.push({ what: u.what, surface: 'REST', pointer: u.pointer, reply: await u.changed.restRequest(server, v.client) });
      }
      attempts.push({ what: 'an argument', surface: 'GraphQL', pointer: undefined, reply: await server.gql(v.client, withUnknownArgument(c), c.variables) });
      const rest = c.rest;
      if (rest?.method === 'GET') {
        const query = { ...rest.query, [UNKNOWN]: '1' };
        attempts.push({ what: 'a query parameter', surface: 'REST', pointer: `/${UNKNOWN}`, reply: await server.request(v.client, 'GET', `${rest.path}?${new URLSearchParams(query)}`) });
      } else if (rest && c.args.input === undefined) {
        attempts.push({ what: 'a body member of an action without input', surface: 'REST', pointer: `/${UNKNOWN}`, reply: await server.request(v.client, 'POST', rest.path, { body: { [UNKNOWN]: 1 } }) });
      }
      seen.set(c.op, { attempts, before, after: await tableCounts(server) });
    },
  });
}, 120_000);
afterAll(() => server?.stop());

describe('an unknown name in a request → 400 VALIDATION_FAILED at its pointer; nothing written', () => {
  it.each(operationNames())('%s', (op) => {
    const s = seen.get(op);
    if (!s) throw noCase(op, 'unknown-field');
    expect(s.attempts.length).toBeGreaterThanOrEqual(1);
    for (const a of s.attempts) {
      const message = `${a.surface} ${op}: ${a.what}`;
      if (a.surface === 'REST') expectRestProblem(a.reply, 400, 'VALIDATION_FAILED', { message, pointer: a.pointer });
      else expectGraphQLProblem(a.reply, 400, 'VALIDATION_FAILED', { message, pointer: a.pointer });
    }
    expect(s.after, `${op}: rows written by refused requests`).toEqual(s.before);
  });
});
