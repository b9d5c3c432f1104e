// The cross-cutting suites (isolation, audit, idempotency, unknown fields) iterate the registry and take
// each operation's request from the API reference's scenario (helpers/operation-cases.ts), whose steps
// each module declares in its examples.ts. An operation without a step there has no case: this suite
// fails naming it and its module's file, and so does each of theirs.
import { describe, expect, it } from 'vitest';
import { descriptors } from '../../../src/graphql/registry.js';
import { caseSourceOf, dryScenario, missingCases, noCase, OperationCase, recordArguments, scenarioOperations, stepOf } from '../../helpers/operation-cases.js';

describe('operation cases', () => {
  it('every operation of the registry has an example request', () => {
    expect(missingCases()).toEqual([]);
    expect(new Set(scenarioOperations())).toEqual(new Set(descriptors.map((d) => d.name)));
  });

  it('an operation in the registry without a step in the scenario is named, with where its case comes from', () => {
    const registry = [...descriptors, { name: 'createFiatPayout' }];
    expect(missingCases(registry)).toContain(`createFiatPayout: no step in ${caseSourceOf('createFiatPayout')} (the source of its example request)`);
    expect(caseSourceOf('createFiatPayout')).toBe('src/modules/<its module>/examples.ts');
    // What each suite meets when it looks for the operation's request: a failure naming both.
    expect(() => stepOf('createFiatPayout')).toThrow(/^createFiatPayout has no example case: add its step to src\/modules\/<its module>\/examples\.ts/);
    expect(noCase('createFiatPayout', 'idempotency').message).toMatch(/^createFiatPayout has no idempotency case: add its step to src\/modules\/<its module>\/examples\.ts/);
    expect(stepOf('createCustomer').op).toBe('createCustomer');
  });

  it('an operation of the registry whose step is missing is named with its descriptor’s module’s examples file', () => {
    const withoutQuote = dryScenario().filter((s) => s.op !== 'createCryptoWithdrawalQuote');
    expect(missingCases(descriptors, withoutQuote)).toEqual(['createCryptoWithdrawalQuote: no step in src/modules/withdrawals/examples.ts (the source of its example request)']);
    expect(() => stepOf('createCryptoWithdrawalQuote', withoutQuote)).toThrow(
      /^createCryptoWithdrawalQuote has no example case: add its step to src\/modules\/withdrawals\/examples\.ts/,
    );
    expect(noCase('submitCryptoRefund', 'idempotency').message).toMatch(/^submitCryptoRefund has no idempotency case: add its step to src\/modules\/refunds\/examples\.ts/);
    expect(caseSourceOf('events')).toBe('src/modules/events/examples.ts');
  });

  it('a case is the operation’s GraphQL document with every field of its result, and its REST request from the descriptor', () => {
    const c = new OperationCase('cryptoWithdrawal', { withdrawalId: '00000000-0000-4000-8000-000000000001' });
    expect(c.document).toMatch(/^query CryptoWithdrawal\(\$withdrawalId: UUID!\) \{\n {2}cryptoWithdrawal\(withdrawalId: \$withdrawalId\) \{/);
    for (const field of ['withdrawalId', 'statusInfo', 'quoteId', 'completedAt']) expect(c.document).toContain(`\n    ${field}`);
    expect(c.rest).toEqual({ method: 'GET', path: '/partner/v1/crypto/withdrawals/00000000-0000-4000-8000-000000000001', query: {} });
    expect(new OperationCase('createCustomer', { input: { externalRef: 'x', type: 'INDIVIDUAL' } }).rest).toEqual({
      method: 'POST',
      path: '/partner/v1/customers',
      body: { externalRef: 'x', type: 'INDIVIDUAL' },
      query: {},
    });
    expect(new OperationCase('webhookEndpoint', { endpointId: '00000000-0000-4000-8000-000000000001' }).rest).toEqual({
      method: 'GET',
      path: '/partner/v1/webhook-endpoints/00000000-0000-4000-8000-000000000001',
      query: {},
    });
    // §9.3 on REST: the page's arguments by their REST names, list filters comma-separated.
    expect(new OperationCase('webhookDeliveries', { endpointId: '00000000-0000-4000-8000-000000000001', first: 1, statuses: ['FAILED', 'CANCELLED'] }).rest).toEqual({
      method: 'GET',
      path: '/partner/v1/webhook-endpoints/00000000-0000-4000-8000-000000000001/deliveries',
      query: { limit: '1', statuses: 'FAILED,CANCELLED' },
    });
  });

  it('the record arguments come from the SDL: required ids and optional id filters', () => {
    expect(recordArguments('cryptoRefunds')).toEqual({ required: ['customerId'], optional: ['depositId', 'collectionPaymentId'] });
    expect(recordArguments('events')).toEqual({ required: [], optional: ['customerId', 'resourceId'] });
    expect(recordArguments('createCustomer')).toEqual({ required: [], optional: [] });
  });
});
