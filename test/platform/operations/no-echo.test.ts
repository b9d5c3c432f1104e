// §12.3 (evidence appears in no answer) and §7, for every operation of the registry: a refusal never
// repeats a value the request sent. Each operation's example request (helpers/operation-cases.ts) is sent
// again with one value replaced by a secret-looking marker (drawn by fast-check) — every leaf of its
// arguments and input in turn, path ids and list filters included — as a GraphQL variable, as a literal
// written in the document, and on REST (body, path or query parameter); no refused answer holds the
// marker. (OPERATION_HASH_MISMATCH's operationPayload is §5's copy of what the server hashed, and the
// cases' evidence is made again for every changed input, so no marker reaches it.)
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryString } from '../../../src/client/index.js';
import { selectionOf } from '../../../tools/api-examples/requests.js';
import { startTestServer, type Client, type Reply, type TestServer } from '../../helpers/harness.js';
import { descriptorNamed, noCase, operationNames, OperationCase, rootFieldOf, World } from '../../helpers/operation-cases.js';

type Sent = { what: string; reply: Reply; marker: string };

let server: TestServer;
const seen = new Map<string, Sent[]>();

/** Secret-looking markers, one per request: GraphQL names too, so they can stand in an enum's place. */
const markers = fc.sample(fc.stringMatching(/^[A-Za-z0-9]{24}$/), { numRuns: 2000, seed: 120_3 }).map((s) => `SECRET_${s}`);
let drawn = 0;
const nextMarker = () => markers[drawn++ % markers.length]!;

type Leaf = { path: (string | number)[] };

/** Every leaf of the arguments (strings, numbers, booleans; list items; members of objects at any depth). */
function leavesOf(value: unknown, path: (string | number)[] = [], out: Leaf[] = []): Leaf[] {
  if (Array.isArray(value)) value.forEach((v, i) => leavesOf(v, [...path, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) leavesOf(v, [...path, k], out);
  else if (value !== null && value !== undefined && path.length > 0) out.push({ path });
  return out;
}

function setAt(value: unknown, path: (string | number)[], to: unknown): unknown {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, to) : v));
  const o = value as Record<string, unknown>;
  return { ...o, [head!]: setAt(o[head!], rest, to) };
}

/** The case with the leaf at `path` replaced by `marker`, the §5 evidence made again for the changed input. */
function withMarker(c: OperationCase, path: (string | number)[], marker: string): OperationCase {
  const [top, member, ...rest] = path as [string, string | number | undefined, ...(string | number)[]];
  if (top !== 'input' || member === undefined) return c.changed({ [top]: setAt(c.args[top], path.slice(1), marker) });
  const input = c.args.input as Record<string, unknown>;
  return c.changed({ [`input.${member}`]: setAt(input[member], rest, marker) });
}

/** A GraphQL literal of `value` in a place of `type`: enum values bare (a marker too: `type: SECRET_…`). */
function literal(type: GraphQLInputType, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  const t = isNonNullType(type) ? type.ofType : type;
  if (isListType(t)) return Array.isArray(value) ? `[${value.map((v) => literal(t.ofType, v)).join(', ')}]` : literal(t.ofType, value);
  if (isInputObjectType(t) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = t.getFields();
    return `{ ${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${literal(fields[k]?.type ?? (getNamedType(t) as GraphQLInputType), v)}`)
      .join(', ')} }`;
  }
  if (isEnumType(t) && typeof value === 'string' && /^[_A-Za-z][_0-9A-Za-z]*$/.test(value)) return value;
  if (typeof value === 'object' && !Array.isArray(value))
    return `{ ${Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/** The operation with every argument written in the document. */
function inlineDocument(c: OperationCase): string {
  const field = rootFieldOf(c.op);
  const args = field.args.filter((a) => c.args[a.name] !== undefined).map((a) => `${a.name}: ${literal(a.type, c.args[a.name])}`);
  return `${c.isMutation ? 'mutation' : 'query'} { ${c.op}${args.length ? `(${args.join(', ')})` : ''} ${selectionOf(field.type)} }`;
}

/** The arguments the example leaves out (a list's filters, its cursor), each given as a marker in turn. */
function absentArguments(c: OperationCase): { name: string; list: boolean }[] {
  return rootFieldOf(c.op)
    .args.filter((a) => c.args[a.name] === undefined)
    .map((a) => ({ name: a.name, list: isListType(isNonNullType(a.type) ? a.type.ofType : a.type) }));
}

/**
 * Sends every variant of the case. A mutation's go one after another (an accepted marker may change what
 * the next one finds); a query's change nothing a later one reads, so they go at once. Each request's
 * marker is drawn in the same order either way.
 */
async function sendAll(client: Client, c: OperationCase): Promise<Sent[]> {
  const sends: { what: string; marker: string; send: () => Promise<Reply> }[] = [];
  const cases: { c: OperationCase; path: (string | number)[] }[] = leavesOf(c.args).map(({ path }) => ({ c, path }));
  for (const a of absentArguments(c)) cases.push({ c: c.with({ ...c.args, [a.name]: a.list ? ['x'] : 'x' }), path: a.list ? [a.name, 0] : [a.name] });
  for (const { c, path } of cases) {
    const where = path.join('.');
    let marker = nextMarker();
    const v = withMarker(c, path, marker);
    sends.push({ what: `GraphQL variable ${where}`, marker, send: () => v.graphql(server, client) });
    marker = nextMarker();
    const l = withMarker(c, path, marker);
    sends.push({ what: `GraphQL literal ${where}`, marker, send: () => server.gql(client, inlineDocument(l), {}) });
    marker = nextMarker();
    const r = withMarker(c, path, marker);
    if (r.rest) {
      const req = r.rest;
      const idempotencyKey = req.method === 'GET' ? null : undefined;
      sends.push({ what: `REST ${where}`, marker, send: () => server.request(client, req.method, req.path + queryString(req.query), { body: req.body, idempotencyKey }) });
    }
  }
  if (!c.isMutation) return Promise.all(sends.map(async (s) => ({ what: s.what, marker: s.marker, reply: await s.send() })));
  const out: Sent[] = [];
  for (const s of sends) out.push({ what: s.what, marker: s.marker, reply: await s.send() });
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  await World.walk(server, {
    name: 'No-echo partner',
    hook: async (v) => {
      if (!v.first) return;
      // The step first, so that a marker the operation accepts (a description, a reference) changes
      // nothing the walk's later steps need.
      const success = await v.send();
      seen.set(v.case.op, await sendAll(v.client, v.case));
      return success;
    },
  });
}, 600_000);
afterAll(() => server?.stop());

describe('no refusal repeats a value the request sent (§12.3, §7)', () => {
  it('the cases are the operations’ own: a literal document of the example is answered as its variables are', () => {
    const c = new OperationCase('cryptoDeposits', { customerId: '00000000-0000-4000-8000-000000000001', first: 2, statuses: ['COMPLETED', 'FROZEN'] });
    expect(inlineDocument(c)).toMatch(/^query \{ cryptoDeposits\(customerId: "00000000-0000-4000-8000-000000000001", first: 2, statuses: \[COMPLETED, FROZEN\]\) \{/);
  });

  it.each(operationNames())('%s', (op) => {
    const sent = seen.get(op);
    if (!sent) throw noCase(op, 'no-echo');
    descriptorNamed(op);
    const refused = sent.filter((s) => s.reply.status >= 400);
    const echoes: string[] = [];
    for (const s of sent) {
      expect(s.reply.status, `${op} ${s.what}: ${s.reply.text}`).toBeLessThan(500);
      if (s.reply.status < 400) continue;
      const body = { ...(s.reply.body as Record<string, unknown>) };
      delete body.operationPayload;
      if (JSON.stringify(body).toLowerCase().includes(s.marker.toLowerCase())) echoes.push(`${s.what}: ${s.reply.text}`);
    }
    expect(echoes, `${op}: refusals that repeat the value sent`).toEqual([]);
    // Every operation has a value a marker is refused in (an id, an amount, an enum, a page size).
    expect(refused.length, `${op}: no refusal among ${sent.length} requests`).toBeGreaterThan(0);
  });
});
