// §12.4 on conversion: both operations are new money operations, so the customer must be ACTIVE and
// VERIFIED; the gate answers first in stage H (CUSTOMER_SUSPENDED before CUSTOMER_NOT_VERIFIED), after the
// pair (E) and the evidence (F), before RATE_UNAVAILABLE and the draft's own 409s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer, verificationDecide } from '../../../src/modules/customers/operators.js';
import { startTestServer, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';
import { Fx } from '../../helpers/conversion.js';

let server: TestServer;
let fx: Fx;
beforeAll(async () => {
  server = await startTestServer();
  fx = await Fx.create(server);
});
afterAll(() => server.stop());

const quoteInput = () => ({ sourceCurrency: fx.coin, targetCurrency: 'EUR', sourceAmountMinor: '100000000' });
const suspend = (id: string, on: boolean) => server.operator((db) => suspendCustomer(db, id, on));
const decide = (id: string, outcome: 'VERIFIED' | 'REJECTED') => server.operator((db) => verificationDecide(db, id, outcome, undefined));

describe('the §12.4 gate on conversion quotes', () => {
  it('an unverified customer: 409 CUSTOMER_NOT_VERIFIED on both surfaces, after the pair (E), before RATE_UNAVAILABLE', async () => {
    const unverified = await fx.s.customer();
    expectRestProblem(await fx.quoteRest(quoteInput(), { customerId: unverified }), 409, 'CUSTOMER_NOT_VERIFIED');
    expectGraphQLProblem(await fx.quoteGql(quoteInput(), { customerId: unverified }), 409, 'CUSTOMER_NOT_VERIFIED');
    // E first: a pair the partner does not have.
    expectRestProblem(await fx.quoteRest({ ...quoteInput(), targetCurrency: 'USD' }, { customerId: unverified }), 403, 'CONVERSION_PAIR_NOT_PERMITTED');
    // Before RATE_UNAVAILABLE: a pair (coin → USD) with no rate either way; the gate answers first.
    await fx.pair(fx.coin, 'USD', '10');
    expectRestProblem(await fx.quoteRest({ ...quoteInput(), targetCurrency: 'USD' }, { customerId: unverified }), 409, 'CUSTOMER_NOT_VERIFIED');
    // A REJECTED customer is not VERIFIED either; verified, the same request passes the gate (then no rate).
    await decide(unverified, 'REJECTED');
    expectRestProblem(await fx.quoteRest(quoteInput(), { customerId: unverified }), 409, 'CUSTOMER_NOT_VERIFIED');
    await decide(unverified, 'VERIFIED');
    expectRestProblem(await fx.quoteRest({ ...quoteInput(), targetCurrency: 'USD' }, { customerId: unverified }), 409, 'RATE_UNAVAILABLE');
    expect((await fx.quoteRest(quoteInput(), { customerId: unverified })).status).toBe(200);
  });

  it('a suspended customer: 409 CUSTOMER_SUSPENDED, also when it is not verified either; reactivated, it converts again', async () => {
    const c = await fx.s.verifiedCustomer();
    await suspend(c, true);
    expectRestProblem(await fx.quoteRest(quoteInput(), { customerId: c }), 409, 'CUSTOMER_SUSPENDED');
    await decide(c, 'REJECTED');
    expectGraphQLProblem(await fx.quoteGql(quoteInput(), { customerId: c }), 409, 'CUSTOMER_SUSPENDED');
    await decide(c, 'VERIFIED');
    await suspend(c, false);
    expect((await fx.quoteRest(quoteInput(), { customerId: c })).status).toBe(200);
  });
});

describe('the §12.4 gate on conversion drafts', () => {
  it('after the evidence (F), before the draft’s own 409s; a quote made while verified does not pass a later suspension', async () => {
    const c = await fx.s.verifiedCustomer();
    const quote = await fx.quote({}, c);
    await suspend(c, true);
    // F before H: evidence of another type is refused first.
    const wrong = fx.draftInput({ quoteId: quote.quoteId }, c);
    (wrong.operationAuthorization as Record<string, unknown>).operationType = 'CRYPTO_WITHDRAWAL_CREATE';
    expect((await fx.draftRest(wrong, { customerId: c })).status).toBe(403);
    // H: the gate before INSUFFICIENT_FUNDS (the customer holds nothing).
    expectRestProblem(await fx.draftRest(fx.draftInput({ quoteId: quote.quoteId }, c), { customerId: c }), 409, 'CUSTOMER_SUSPENDED');
    await suspend(c, false);
    await decide(c, 'REJECTED');
    expectGraphQLProblem(await fx.draftGql(fx.draftInput({ quoteId: quote.quoteId }, c), { customerId: c }), 409, 'CUSTOMER_NOT_VERIFIED');
    await decide(c, 'VERIFIED');
    expectRestProblem(await fx.draftRest(fx.draftInput({ quoteId: quote.quoteId }, c), { customerId: c }), 409, 'INSUFFICIENT_FUNDS');
  });
});
