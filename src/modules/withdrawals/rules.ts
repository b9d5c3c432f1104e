// §4.4 Crypto withdrawals: what a partner sees of one.

/** §6: the REST body is exactly the interface document's CryptoWithdrawal table, in its order. */
export const CRYPTO_WITHDRAWAL_REST_FIELDS = [
  'withdrawalId', 'routeCode', 'walletBeneficiaryId', 'walletBeneficiaryLabel', 'amountMinor', 'currency', 'currencyScale',
  'withdrawalType', 'feeAmountMinor', 'feeCurrency', 'purposeOfPayment', 'otherPurpose', 'relationshipWithThirdParty',
  'otherRelationship', 'status', 'statusInfo', 'kytResult', 'txHash', 'createdAt', 'updatedAt',
] as const;
