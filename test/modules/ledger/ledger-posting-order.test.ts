// §9.3 customerTransactions: newest first by posting order, the rows of one database transaction in the
// reverse of their posting order whatever their currencies. A conversion posts CONVERSION_DEBIT (its
// source currency) and then CONVERSION_CREDIT (its target) in one transaction: the list shows the credit
// first, on both surfaces, in full and paged one row at a time (the cursor keeps the same position).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { Fx } from '../../helpers/conversion.js';
import { gqlData, restData, TRANSACTIONS_LIST } from '../../helpers/deposits.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

type Row = { transactionId: string; type: string; currency: string; resourceId: string };

/** The customer's rows in the reverse of the feed order of their transaction.posted events (E6: posting order). */
async function postedNewestFirst(customerId: string): Promise<string[]> {
  const rows = await server.db.all<{ resource_id: string }>(
    `SELECT resource_id FROM events WHERE customer_id = ? AND type = 'transaction.posted' ORDER BY position DESC`,
    customerId,
  );
  return rows.map((r) => r.resource_id);
}

async function gqlPages(fx: Fx, first: number): Promise<Row[]> {
  const out: Row[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await gqlData(server, fx.s.client, TRANSACTIONS_LIST, { customerId: fx.customerId, first, ...(after ? { after } : {}) }, 'customerTransactions');
    out.push(...page.items);
    if (!page.pageInfo.hasNextPage) return out;
    after = page.pageInfo.endCursor;
  }
}

async function restPages(fx: Fx, limit: number): Promise<Row[]> {
  const out: Row[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await restData(server, fx.s.client, `/partner/v1/customers/${fx.customerId}/transactions?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    out.push(...page.items);
    if (!page.pageInfo.hasNextPage) return out;
    cursor = page.pageInfo.endCursor;
  }
}

describe('customerTransactions: one posting order across currencies (§9.3)', () => {
  it('two conversions at one instant: each CONVERSION_CREDIT before its CONVERSION_DEBIT, newest first; whole and one row a page, GraphQL and REST', async () => {
    const fx = await Fx.create(server);
    await fx.fund('300000000');
    const conversions: string[] = [];
    for (const ref of ['order-1', 'order-2']) {
      const q = await fx.quote();
      const r = await fx.draftRest(fx.draftInput({ quoteId: q.quoteId, clientReference: ref }));
      expect(r.status, r.text).toBe(200);
      conversions.push(r.body.conversionId);
    }
    const expected = await postedNewestFirst(fx.customerId);
    const whole = await gqlPages(fx, 100);
    expect(whole.map((r) => r.transactionId)).toEqual(expected);
    // The newest transaction first, its rows in the reverse of their posting order: credit (EUR), then debit.
    expect(whole.slice(0, 4).map((r) => [r.type, r.currency, r.resourceId])).toEqual([
      ['CONVERSION_CREDIT', 'EUR', conversions[1]],
      ['CONVERSION_DEBIT', fx.coin, conversions[1]],
      ['CONVERSION_CREDIT', 'EUR', conversions[0]],
      ['CONVERSION_DEBIT', fx.coin, conversions[0]],
    ]);
    expect((await gqlPages(fx, 1)).map((r) => r.transactionId)).toEqual(expected);
    expect((await restPages(fx, 100)).map((r) => r.transactionId)).toEqual(expected);
    expect((await restPages(fx, 1)).map((r) => r.transactionId)).toEqual(expected);
  });
});
