// The registry: descriptors and the SDL agree (one descriptor per root field), codegen names the file an
// operation lacks, and what it derives (REST routes, evidence types) comes from the descriptors alone.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { afterAll, describe, expect, it } from 'vitest';
import { descriptors, descriptorOf } from '../../../src/graphql/registry.js';
import { createApollo } from '../../../src/graphql/server.js';
import { loadTypeDefs } from '../../../src/graphql/type-defs.js';
import { RestSurface } from '../../../src/http/rest-surface.js';

type PluginConfig = { modulesDir?: string; check?: boolean };
const plugin = createRequire(import.meta.url)('../../../codegen/operations-plugin.cjs') as {
  plugin: (schema: unknown, documents?: unknown, config?: PluginConfig) => string;
};

/** A modules folder of its own: `sdl` per area, and the descriptor files (area/name.ts) that exist. */
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
function modulesDir(sdl: Record<string, string>, descriptors: string[]): { dir: string; schema: ReturnType<typeof buildSchema> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'operations-plugin-'));
  made.push(dir);
  for (const [area, text] of Object.entries(sdl)) {
    fs.mkdirSync(path.join(dir, area, 'operations'), { recursive: true });
    fs.writeFileSync(path.join(dir, area, 'schema.graphql'), text);
  }
  for (const d of descriptors) fs.writeFileSync(path.join(dir, d.replace('/', '/operations/')), '');
  return { dir, schema: buildSchema(['type Query', 'type Mutation', ...Object.values(sdl)].join('\n')) };
}
const AREAS = {
  customers: 'extend type Query { customer(id: ID!): Int } extend type Mutation { createCustomer(n: Int!): Int! }',
  refunds: 'extend type Query { cryptoRefund(id: ID!): Int }',
};

describe('registry', () => {
  it('every root field of the schema has exactly one descriptor of its kind, and nothing else has one', () => {
    const { schema } = createApollo({ production: true });
    const queries = Object.keys(schema.getQueryType()!.getFields()).sort();
    const mutations = Object.keys(schema.getMutationType()!.getFields()).sort();
    expect(descriptors.filter((d) => d.kind === 'query').map((d) => d.name).sort()).toEqual(queries);
    expect(descriptors.filter((d) => d.kind === 'mutation').map((d) => d.name).sort()).toEqual(mutations);
    expect(descriptorOf('constructor')).toBeUndefined();
    expect(descriptorOf('__proto__')).toBeUndefined();
  });

  it('codegen refuses a root field without its descriptor file, naming the file', () => {
    const schema = buildSchema(`${loadTypeDefs()}\nextend type Query { customerCount: Int! }`);
    expect(() => plugin.plugin(schema)).toThrow(/customerCount has no src\/modules\/\*\/operations\/customer-count\.ts/);
    expect(plugin.plugin(buildSchema(loadTypeDefs()))).toContain('export const operations = {');
  });

  it('codegen refuses a descriptor in another module’s folder, naming it and where it belongs', () => {
    const { dir, schema } = modulesDir(AREAS, ['customers/customer.ts', 'customers/create-customer.ts', 'customers/crypto-refund.ts']);
    expect(() => plugin.plugin(schema, [], { modulesDir: dir, check: false })).toThrow(
      'src/modules/customers/operations/crypto-refund.ts: cryptoRefund is declared in src/modules/refunds/schema.graphql, so its descriptor is src/modules/refunds/operations/crypto-refund.ts',
    );
  });

  it('codegen refuses two descriptors of the same name in two modules, naming both', () => {
    const { dir, schema } = modulesDir(AREAS, ['customers/customer.ts', 'customers/create-customer.ts', 'refunds/crypto-refund.ts', 'refunds/customer.ts']);
    expect(() => plugin.plugin(schema, [], { modulesDir: dir, check: false })).toThrow(
      'two descriptors are named customer.ts: src/modules/customers/operations/customer.ts and src/modules/refunds/operations/customer.ts',
    );
  });

  it('codegen refuses a descriptor that names no root field', () => {
    const { dir, schema } = modulesDir(AREAS, ['customers/customer.ts', 'customers/create-customer.ts', 'refunds/crypto-refund.ts', 'refunds/crypto-refunds.ts']);
    expect(() => plugin.plugin(schema, [], { modulesDir: dir, check: false })).toThrow('src/modules/refunds/operations/crypto-refunds.ts names no root field');
  });

  it('codegen scaffolds a missing descriptor in its field’s module (under --check it names the file instead)', () => {
    const { dir, schema } = modulesDir(AREAS, ['customers/customer.ts']);
    expect(() => plugin.plugin(schema, [], { modulesDir: dir, check: true })).toThrow(
      'root field cryptoRefund has no descriptor: run npm run codegen to scaffold src/modules/refunds/operations/crypto-refund.ts',
    );
    expect(fs.existsSync(path.join(dir, 'refunds/operations/crypto-refund.ts'))).toBe(false);

    const list = plugin.plugin(schema, [], { modulesDir: dir, check: false });
    expect(list).toContain(`import cryptoRefund from '../../modules/refunds/operations/crypto-refund.js';`);
    const mutationStub = fs.readFileSync(path.join(dir, 'customers/operations/create-customer.ts'), 'utf8');
    expect(mutationStub).toContain(`export default mutation('createCustomer', {`);
    expect(mutationStub).toContain(`throw new Error('createCustomer: not implemented (src/modules/customers/operations/create-customer.ts)');`);
    expect(fs.readFileSync(path.join(dir, 'refunds/operations/crypto-refund.ts'), 'utf8')).toContain(`export default query('cryptoRefund', {`);
    // The stub of an existing file is never written over.
    expect(fs.readFileSync(path.join(dir, 'customers/operations/customer.ts'), 'utf8')).toBe('');
  });

  it('REST routes are the descriptors’ (§6, §9.4), one per method and path', () => {
    const { schema } = createApollo({ production: true });
    const routes = new RestSurface(schema, descriptors).list();
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/wallet-beneficiaries', field: 'createCryptoWalletBeneficiary' },
        { method: 'POST', path: '/partner/v1/customers/:customerId/crypto-withdrawals', field: 'createCryptoWithdrawalApprovalDraft' },
        { method: 'POST', path: '/partner/v1/crypto/refunds/:refundId/confirmation', field: 'confirmCryptoRefund' },
        { method: 'GET', path: '/partner/v1/crypto/withdrawals/:withdrawalId', field: 'cryptoWithdrawal' },
      ]),
    );
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every operation has a REST path (settled point 9: an operation without one is a defect)', () => {
    expect(descriptors.filter((d) => !d.rest).map((d) => d.name)).toEqual([]);
    const { schema } = createApollo({ production: true });
    const routes = new RestSurface(schema, descriptors).list();
    expect(routes.filter((r) => r.path.includes('webhook-endpoints') || r.field === 'simulateCryptoDeposit')).toEqual(
      expect.arrayContaining([
        { method: 'POST', path: '/partner/v1/customers/:customerId/crypto/deposit-simulations', field: 'simulateCryptoDeposit' },
        { method: 'POST', path: '/partner/v1/webhook-endpoints', field: 'createWebhookEndpoint' },
        { method: 'GET', path: '/partner/v1/webhook-endpoints', field: 'webhookEndpoints' },
        { method: 'GET', path: '/partner/v1/webhook-endpoints/:endpointId', field: 'webhookEndpoint' },
        { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/disable', field: 'disableWebhookEndpoint' },
        { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/enable', field: 'enableWebhookEndpoint' },
        { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/secret-rotations', field: 'rotateWebhookEndpointSecret' },
        { method: 'GET', path: '/partner/v1/webhook-endpoints/:endpointId/deliveries', field: 'webhookDeliveries' },
        { method: 'POST', path: '/partner/v1/webhook-endpoints/:endpointId/redeliveries', field: 'redeliverWebhookEvent' },
      ]),
    );
  });

  it('evidence operationTypes (§5) are the ones the contract names, each on its operation', () => {
    const evidence = Object.fromEntries(descriptors.flatMap((d) => (d.kind === 'mutation' && d.evidence ? [[d.name, d.evidence]] : [])));
    expect(evidence).toEqual({
      createCryptoWithdrawalApprovalDraft: 'CRYPTO_WITHDRAWAL_CREATE',
      submitCryptoWithdrawal: 'CRYPTO_WITHDRAWAL_SUBMIT',
      createCryptoRefundApprovalDraft: 'CRYPTO_REFUND_CREATE',
      submitCryptoRefund: 'CRYPTO_REFUND_SUBMIT',
      confirmCryptoRefund: 'CRYPTO_REFUND_CONFIRM',
      // §16.8 §5
      createConversionApprovalDraft: 'CONVERSION_CREATE',
      createFiatWithdrawalApprovalDraft: 'FIAT_WITHDRAWAL_CREATE',
      submitFiatWithdrawal: 'FIAT_WITHDRAWAL_SUBMIT',
      // §15.7: a second draft operation of the same type, over the path id collectionPaymentId.
      createCollectionPaymentRefundApprovalDraft: 'CRYPTO_REFUND_CREATE',
    });
  });
});
