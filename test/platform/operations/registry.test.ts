// The registry: descriptors and the SDL agree (one descriptor per root field), codegen names the file an
// operation lacks, and what it derives (REST routes, evidence types) comes from the descriptors alone.
import { createRequire } from 'node:module';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { descriptors, descriptorOf } from '../../../src/graphql/registry.js';
import { createApollo } from '../../../src/graphql/server.js';
import { loadTypeDefs } from '../../../src/graphql/type-defs.js';
import { RestSurface } from '../../../src/http/rest-surface.js';

const plugin = createRequire(import.meta.url)('../../../codegen/operations-plugin.cjs') as { plugin: (schema: unknown) => string };

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

  it('evidence operationTypes (§5) are the ones the contract names, each on its operation', () => {
    const evidence = Object.fromEntries(descriptors.flatMap((d) => (d.kind === 'mutation' && d.evidence ? [[d.name, d.evidence]] : [])));
    expect(evidence).toEqual({
      createCryptoWithdrawalApprovalDraft: 'CRYPTO_WITHDRAWAL_CREATE',
      submitCryptoWithdrawal: 'CRYPTO_WITHDRAWAL_SUBMIT',
      createCryptoRefundApprovalDraft: 'CRYPTO_REFUND_CREATE',
      submitCryptoRefund: 'CRYPTO_REFUND_SUBMIT',
      confirmCryptoRefund: 'CRYPTO_REFUND_CONFIRM',
    });
  });
});
