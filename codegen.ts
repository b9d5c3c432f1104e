import type { CodegenConfig } from '@graphql-codegen/cli';

// Resolver types are generated from schema/ (the source of truth). Mappers make resolvers return
// Drizzle row types (or the domain views built on them), so a field the row lacks is a type error.
const config: CodegenConfig = {
  schema: './schema/*.graphql',
  generates: {
    './src/graphql/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useIndexSignature: true,
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../context.js#GraphQLContext',
        scalars: {
          UUID: 'string',
          DateTime: { input: 'Date', output: 'Date | string' },
          StringMap: 'Record<string, string>',
        },
        mappers: {
          Customer: '../../db/schema.js#CustomerRow',
          WalletBeneficiary: '../../db/schema.js#WalletBeneficiaryRow',
          CryptoWithdrawal: '../../db/schema.js#CryptoWithdrawalRow',
          CryptoRefund: '../../db/schema.js#CryptoRefundRow',
          CryptoDeposit: '../../domain/deposits.js#DepositView',
        },
      },
    },
  },
};

export default config;
