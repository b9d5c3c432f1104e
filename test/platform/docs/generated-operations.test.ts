// What `npm run codegen` derives from the descriptors is committed and current: the client's money-moving
// methods (src/client/generated/operations.ts) and the docs' tables of operations. A new operation with
// §5 evidence gets a typed client method and its rows in the docs with no hand edit.
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { AnyDescriptor } from '../../../src/core/operation.js';
import { descriptors } from '../../../src/graphql/registry.js';
import { loadTypeDefs } from '../../../src/graphql/type-defs.js';
import { moneyOperations, renderClientOperations } from '../../../tools/client-gen/render.js';
import { evidenceTable, fillBlock, operationTables, restRoutesTable } from '../../../tools/operation-tables/render.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');
const schema = buildSchema(loadTypeDefs());

// A money-moving operation that does not exist: its field in the SDL, its descriptor beside the real ones.
const payoutSdl = `
  input CreateFiatPayoutInput { amountMinor: String!, operationAuthorization: OperationAuthorizationInput! }
  type FiatPayout { payoutId: UUID!, amountMinor: String!, status: String! }
  extend type Mutation { createFiatPayout(customerId: UUID!, input: CreateFiatPayoutInput!): FiatPayout! }`;
const payout = {
  kind: 'mutation',
  name: 'createFiatPayout',
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/fiat-payouts' },
  target: 'customerId',
  evidence: 'FIAT_PAYOUT_CREATE',
  resultId: () => '',
  run: async () => ({}),
} as unknown as AnyDescriptor;

describe('generated from the descriptors (npm run codegen)', () => {
  it('src/client/generated/operations.ts is current', () => {
    expect(renderClientOperations(moneyOperations(schema, descriptors)), 'run npm run codegen').toBe(read('src/client/generated/operations.ts'));
  });

  it.each(Object.keys(operationTables(root, schema, descriptors)))('%s: its generated tables are current', (page) => {
    expect(operationTables(root, schema, descriptors)[page], 'run npm run codegen').toBe(read(page));
  });

  it('a new money-moving operation gets a typed client method, its MONEY_OPERATIONS entry and its docs rows', () => {
    const withPayout = buildSchema(`${loadTypeDefs()}\n${payoutSdl}`);
    const all = [...descriptors, payout];
    const client = renderClientOperations(moneyOperations(withPayout, all));
    expect(client).toContain(
      [
        '  FIAT_PAYOUT_CREATE: {',
        "    field: 'createFiatPayout',",
        "    pathId: 'customerId',",
        "    rest: '/partner/v1/customers/{customerId}/fiat-payouts',",
        "    variables: '$id: UUID!, $input: CreateFiatPayoutInput!',",
        "    selection: '{ payoutId amountMinor status }',",
        '  },',
      ].join('\n'),
    );
    expect(client).toContain('  createFiatPayout(customerId: string, input: Without<CreateFiatPayoutInput>, who: Authorizer, options: MoneyOptions = {}): Promise<FiatPayout> {');
    expect(client).toContain(`    return this.money('createFiatPayout', customerId, input, who, options);`);
    expect(evidenceTable(withPayout, all)).toContain('| `FIAT_PAYOUT_CREATE` | `createFiatPayout` | `POST /partner/v1/customers/{customerId}/fiat-payouts` | `customerId` |');
    expect(restRoutesTable(all)).toContain('| `POST /partner/v1/customers/{customerId}/fiat-payouts` | `createFiatPayout` |');
  });

  it('an operation with evidence but no target, or no input to carry it, is refused by name (§5)', () => {
    const withPayout = buildSchema(`${loadTypeDefs()}\n${payoutSdl}`);
    expect(() => moneyOperations(withPayout, [...descriptors, { ...payout, target: null } as AnyDescriptor])).toThrow(
      'createFiatPayout declares evidence FIAT_PAYOUT_CREATE: its target (the path id of the payload) is null',
    );
    const noInput = buildSchema(`${loadTypeDefs()}\ntype FiatPayout { payoutId: UUID! }\nextend type Mutation { createFiatPayout(customerId: UUID!): FiatPayout! }`);
    expect(() => moneyOperations(noInput, [...descriptors, payout])).toThrow('createFiatPayout declares evidence FIAT_PAYOUT_CREATE: it has no input argument');
  });

  it('a page that lost a block’s markers is an error naming the page and the block', () => {
    expect(() => fillBlock('# Page\n', 'rest-routes', '| x |', 'docs/api/surfaces.md')).toThrow('docs/api/surfaces.md: the block rest-routes needs its markers');
    expect(fillBlock('a\n<!-- generated:t note -->\nold\n<!-- /generated:t -->\nb\n', 't', 'new', 'p')).toBe('a\n<!-- generated:t note -->\n\nnew\n\n<!-- /generated:t -->\nb\n');
  });
});
