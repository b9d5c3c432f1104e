// The walk through every operation the reference documents, in the order a partner meets them: each
// step gives the operation's arguments on each surface and keeps the ids later steps need.
import type { Authorizer, PartnerClient, Surface } from '../../src/client/index.js';

export type Step = {
  op: string;
  /** Arguments on a surface; REST is tried only where the operation has a route. */
  args: (surface: Surface) => Record<string, unknown>;
  /** Keeps what later steps need from the answer (the GraphQL field's value, or the REST body). */
  keep?: (surface: Surface, result: Record<string, unknown>) => void;
};

const FROM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const WALLETS = { graphql: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', rest: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' };
const by = (n: number): Authorizer => ({ authorizedByPartnerUserRef: 'ops-user-7', authorizationMethod: 'PASSKEY', mfaEvidenceRef: `mfa-${n}` });

export function scenario(client: PartnerClient, routeCode: string): Step[] {
  const ids: Record<string, string> = {};
  const per = (s: Surface, name: string) => ids[`${name}:${s}`]!;
  const keep = (name: string, field: string) => (s: Surface, r: Record<string, unknown>) => {
    ids[`${name}:${s}`] = r[field] as string;
    ids[name] ??= r[field] as string;
  };
  let mfa = 0;
  const authorized = (type: Parameters<PartnerClient['authorize']>[0], id: string, input: object) => client.authorize(type, id, input, by(++mfa));

  return [
    // §4.1 customers
    { op: 'createCustomer', args: () => ({ input: { externalRef: 'crm-4711', type: 'INDIVIDUAL', displayName: 'Ada Lovelace' } }), keep: keep('customerId', 'customerId') },
    { op: 'customer', args: () => ({ customerId: ids.customerId }) },
    // §10.3–§10.4 deposits
    { op: 'cryptoDepositWallets', args: () => ({ customerId: ids.customerId, first: 2 }) },
    { op: 'simulateCryptoDeposit', args: () => ({ customerId: ids.customerId, input: { routeCode, amountMinor: '250000000', fromAddress: FROM } }), keep: keep('depositId', 'depositId') },
    { op: 'simulateCryptoDeposit', args: () => ({ customerId: ids.customerId, input: { routeCode, amountMinor: '2000000000', fromAddress: FROM } }), keep: keep('heldDeposit', 'depositId') },
    { op: 'simulateCryptoDeposit', args: () => ({ customerId: ids.customerId, input: { routeCode, amountMinor: '3000000000', fromAddress: FROM } }), keep: keep('heldDeposit2', 'depositId') },
    {
      op: 'submitCryptoDepositTravelRuleInformation',
      args: (s) => ({
        depositId: s === 'graphql' ? ids.heldDeposit : ids.heldDeposit2,
        input: { originator: { name: 'Ada Lovelace', type: 'INDIVIDUAL', country: 'GB', walletType: 'PRIVATE_WALLET' } },
      }),
    },
    { op: 'cryptoDeposit', args: () => ({ depositId: ids.depositId }) },
    { op: 'cryptoDeposits', args: () => ({ customerId: ids.customerId, first: 1 }) },
    // §4.3, §10.9 wallet beneficiaries
    {
      op: 'createCryptoWalletBeneficiary',
      args: (s) => ({
        customerId: ids.customerId,
        input: { routeCode, label: s === 'graphql' ? 'Cold wallet' : 'Exchange wallet', blockchain: 'ETH', walletAddress: WALLETS[s], isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL' },
      }),
      keep: keep('walletBeneficiaryId', 'walletBeneficiaryId'),
    },
    { op: 'cryptoWalletBeneficiary', args: () => ({ walletBeneficiaryId: ids.walletBeneficiaryId }) },
    { op: 'cryptoWalletBeneficiaries', args: () => ({ customerId: ids.customerId, first: 1 }) },
    { op: 'syncCryptoWalletBeneficiary', args: () => ({ walletBeneficiaryId: ids.walletBeneficiaryId }) },
    // §10.5–§10.6 withdrawals
    {
      op: 'createCryptoWithdrawalQuote',
      args: () => ({ customerId: ids.customerId, input: { routeCode, amountMinor: '100000000', currency: 'USDT', currencyScale: 6 } }),
      keep: keep('quoteId', 'quoteId'),
    },
    {
      op: 'createCryptoWithdrawalApprovalDraft',
      args: (s) => ({
        customerId: ids.customerId,
        input: authorized('CRYPTO_WITHDRAWAL_CREATE', ids.customerId!, {
          routeCode, walletBeneficiaryId: ids.walletBeneficiaryId, amountMinor: '100000000', currency: 'USDT', currencyScale: 6,
          quoteId: per(s, 'quoteId'), clientReference: `payout-${s}`, purposeOfPayment: 1,
        }),
      }),
      keep: keep('withdrawalId', 'withdrawalId'),
    },
    { op: 'submitCryptoWithdrawal', args: (s) => ({ withdrawalId: per(s, 'withdrawalId'), input: authorized('CRYPTO_WITHDRAWAL_SUBMIT', per(s, 'withdrawalId'), {}) }) },
    { op: 'cryptoWithdrawal', args: () => ({ withdrawalId: ids.withdrawalId }) },
    { op: 'cryptoWithdrawals', args: () => ({ customerId: ids.customerId, first: 1 }) },
    // §10.8 refunds
    {
      op: 'createCryptoRefundApprovalDraft',
      args: () => ({ depositId: ids.depositId, input: authorized('CRYPTO_REFUND_CREATE', ids.depositId!, { amountMinor: '5000000', reason: 'Sent by mistake' }) }),
      keep: keep('refundId', 'refundId'),
    },
    { op: 'submitCryptoRefund', args: (s) => ({ refundId: per(s, 'refundId'), input: authorized('CRYPTO_REFUND_SUBMIT', per(s, 'refundId'), {}) }) },
    { op: 'confirmCryptoRefund', args: (s) => ({ refundId: per(s, 'refundId'), input: authorized('CRYPTO_REFUND_CONFIRM', per(s, 'refundId'), {}) }) },
    { op: 'cryptoRefund', args: () => ({ refundId: ids.refundId }) },
    { op: 'cryptoRefunds', args: () => ({ customerId: ids.customerId, first: 1 }) },
    // §10.1 ledger
    { op: 'customerBalances', args: () => ({ customerId: ids.customerId }) },
    {
      op: 'customerTransactions',
      args: () => ({ customerId: ids.customerId, first: 1 }),
      keep: (_s, r) => void (ids.transactionId ??= ((r.items as { transactionId: string }[])[0]!).transactionId),
    },
    { op: 'transaction', args: () => ({ transactionId: ids.transactionId }) },
    // §11.3 events
    { op: 'events', args: () => ({ resourceId: ids.withdrawalId, first: 2 }) },
    // §11.4 webhook endpoints
    {
      op: 'createWebhookEndpoint',
      args: () => ({ input: { url: 'https://partner.example.com/hooks/crypto', types: ['crypto_withdrawal.completed', 'crypto_refund.completed'], description: 'Payouts service' } }),
      keep: (_s, r) => void (ids.endpointId = (r.endpoint as { endpointId: string }).endpointId),
    },
    { op: 'webhookEndpoint', args: () => ({ endpointId: ids.endpointId }) },
    { op: 'webhookEndpoints', args: () => ({ first: 1 }) },
    { op: 'rotateWebhookEndpointSecret', args: () => ({ endpointId: ids.endpointId }) },
    { op: 'disableWebhookEndpoint', args: () => ({ endpointId: ids.endpointId }) },
    { op: 'enableWebhookEndpoint', args: () => ({ endpointId: ids.endpointId }) },
    { op: 'webhookDeliveries', args: () => ({ endpointId: ids.endpointId, first: 1 }) },
    // Last: a removed beneficiary takes no new withdrawals.
    { op: 'removeCryptoWalletBeneficiary', args: (s) => ({ walletBeneficiaryId: per(s, 'walletBeneficiaryId') }) },
  ];
}
