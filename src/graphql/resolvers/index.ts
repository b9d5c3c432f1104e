// Thin resolvers: arguments in, domain call, result out. No rule lives here.
import * as beneficiaries from '../../domain/beneficiaries.js';
import * as customers from '../../domain/customers.js';
import * as deposits from '../../domain/deposits.js';
import * as refunds from '../../domain/refunds.js';
import * as withdrawals from '../../domain/withdrawals.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import { DateTime, StringMap, UUID } from '../scalars.js';

export const resolvers: Resolvers = {
  UUID,
  DateTime,
  StringMap,
  Query: {
    customer: (_, { customerId }, ctx) => customers.getCustomer(ctx, customerId),
    cryptoWalletBeneficiary: (_, { walletBeneficiaryId }, ctx) => beneficiaries.getBeneficiary(ctx, walletBeneficiaryId),
    cryptoWithdrawal: (_, { withdrawalId }, ctx) => withdrawals.getWithdrawal(ctx, withdrawalId),
    cryptoRefund: (_, { refundId }, ctx) => refunds.getRefund(ctx, refundId),
    cryptoDeposit: (_, { depositId }, ctx) => deposits.getDeposit(ctx, depositId),
  },
  Mutation: {
    createCustomer: (_, { input }, ctx) => customers.createCustomer(ctx, input),
    createCryptoWalletBeneficiary: (_, { customerId, input }, ctx) => beneficiaries.createBeneficiary(ctx, customerId, input),
    createCryptoWithdrawalApprovalDraft: (_, { customerId, input }, ctx) =>
      withdrawals.createWithdrawalDraft(ctx, customerId, input),
    createCryptoRefundApprovalDraft: (_, { depositId, input }, ctx) => refunds.createRefundDraft(ctx, depositId, input),
    submitCryptoRefund: (_, { refundId, input }, ctx) => refunds.submitRefund(ctx, refundId, input),
    confirmCryptoRefund: (_, { refundId, input }, ctx) => refunds.confirmRefund(ctx, refundId, input),
    simulateCryptoDeposit: (_, { customerId, input }, ctx) => deposits.simulateDeposit(ctx, customerId, input),
  },
};
