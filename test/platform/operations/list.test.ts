// §9.3 list(): the rules every list gets from it, on descriptors built here with a recorded fetch (no
// server): the order of checks, filters reported together, cursors bound to list and scope, the extra
// row, the empty page's cursor. Each list's own answers are its module's suites'.
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../../../src/core/context.js';
import { list } from '../../../src/core/list.js';
import { text, values } from '../../../src/core/list-filters.js';
import { Problem } from '../../../src/core/problem.js';

type Row = { createdAt: string; deliveryId: string };
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ createdAt: `2026-01-01T00:00:${String(59 - i).padStart(2, '0')}Z`, deliveryId: `d${i}` }));

/** A list under an endpoint whose fetch and ownership check record what they were called with. */
function probe(available: Row[], owner = 'client-a') {
  const calls: string[] = [];
  const fetched: { after: unknown; limit: number; statuses: unknown }[] = [];
  const d = list('webhookDeliveries', {
    scope: {
      under: 'endpointId',
      own: async (_db, ctx) => {
        calls.push('own');
        if (ctx.clientId !== owner) throw new Problem('FORBIDDEN', 'another partner');
      },
    },
    filters: { statuses: values(['PENDING', 'FAILED']), eventId: text(8) },
    sort: ['string', 'string'],
    fetch: async ({ after, limit, filters }) => {
      calls.push('fetch');
      fetched.push({ after, limit, statuses: filters.statuses });
      const from = after ? available.findIndex((r) => r.deliveryId === after[1]) + 1 : 0;
      return available.slice(from, from + limit);
    },
    cursor: (r) => [r.createdAt, r.deliveryId],
    view: (page) => page.map((r) => ({ ...r, attempts: [] }) as never),
  });
  const run = (args: Record<string, unknown>, clientId = 'client-a') =>
    d.run({ clientId, services: { db: {} } } as unknown as CallContext, { endpointId: 'e1', first: 2, ...args } as never) as Promise<{
      items: Row[];
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
    }>;
  return { run, calls, fetched };
}

const problemOf = async (p: Promise<unknown>) => {
  const e = await p.then(() => undefined, (err: unknown) => err);
  expect(e).toBeInstanceOf(Problem);
  return e as Problem;
};

describe('§9.3 list()', () => {
  it('checks page size, then every filter at once, then the cursor, then ownership, then fetches', async () => {
    const { run, calls } = probe(rows(3));
    expect((await problemOf(run({ first: 0, statuses: [] }))).errors).toEqual([{ pointer: '/first', detail: 'must be between 1 and 100' }]);
    const filters = await problemOf(run({ statuses: ['NOPE'], eventId: 'x'.repeat(9), after: '%%' }));
    expect(filters.errors?.map((e) => e.pointer)).toEqual(['/statuses', '/eventId']);
    expect((await problemOf(run({ after: 'bm90LWEtY3Vyc29y' }, 'client-b'))).errors?.[0]?.pointer).toBe('/after');
    expect(calls).toEqual([]);
    expect((await problemOf(run({}, 'client-b'))).code).toBe('FORBIDDEN');
    expect(calls).toEqual(['own']);
  });

  it('reads size + 1 rows: the extra one only sets hasNextPage; the next page continues after the last item', async () => {
    const { run, fetched } = probe(rows(3));
    const first = await run({ statuses: ['FAILED', 'FAILED'] });
    expect(first.items.map((r) => r.deliveryId)).toEqual(['d0', 'd1']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(fetched[0]).toEqual({ after: undefined, limit: 3, statuses: ['FAILED'] });
    const second = await run({ after: first.pageInfo.endCursor });
    expect(fetched[1]?.after).toEqual([rows(3)[1]!.createdAt, 'd1']);
    expect(second.items.map((r) => r.deliveryId)).toEqual(['d2']);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('an empty page keeps the cursor sent (null without one)', async () => {
    const { run } = probe(rows(2));
    const all = await run({});
    const past = await run({ after: all.pageInfo.endCursor });
    expect(past).toEqual({ items: [], pageInfo: { hasNextPage: false, endCursor: all.pageInfo.endCursor } });
    expect((await probe([]).run({})).pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it('a cursor names its list and its scope: another endpoint, partner or list → 400 /after', async () => {
    const { run } = probe(rows(3));
    const cursor = (await run({})).pageInfo.endCursor;
    for (const other of [run({ after: cursor, endpointId: 'e2' }), run({ after: cursor }, 'client-b')])
      expect((await problemOf(other)).errors?.[0]?.pointer).toBe('/after');
    const [, ...rest] = JSON.parse(Buffer.from(cursor!, 'base64url').toString('utf8')) as unknown[];
    const otherList = Buffer.from(JSON.stringify(['webhookEndpoints', ...rest]), 'utf8').toString('base64url');
    expect((await problemOf(run({ after: otherList }))).errors?.[0]?.pointer).toBe('/after');
  });
  it('a text filter counts characters as code points: 8 emoji fit text(8), 9 do not', async () => {
    const { run, fetched } = probe(rows(1));
    await run({ eventId: '😀'.repeat(8) });
    expect(fetched).toHaveLength(1);
    expect((await problemOf(run({ eventId: '😀'.repeat(9) }))).errors).toEqual([{ pointer: '/eventId', detail: 'must be 1 to 8 characters' }]);
    expect((await problemOf(run({ eventId: '' }))).errors).toEqual([{ pointer: '/eventId', detail: 'must be 1 to 8 characters' }]);
  });
});
