// Deposit → withdrawal, end to end, as a partner's backend runs it: a customer, a sandbox deposit, a
// wallet beneficiary, a quote, a draft authorized by evidence, its submission, and the worker taking
// it to COMPLETED; then its events and ledger rows.
//
//   PARTNER_SECRET=<secret> npx tsx examples/withdrawal.ts                # GraphQL
//   PARTNER_SECRET=<secret> SURFACE=rest npx tsx examples/withdrawal.ts   # REST
import { randomBytes } from 'node:crypto';
import { approver, client, deposit, main, newCustomer, ROUTE, settle, show, SURFACE, trail } from './setup.js';

main(async () => {
  const customerId = await newCustomer();
  await deposit(customerId, '25000000'); // 25 USDT (scale 6)

  // §10.9: where the money may go — a wallet beneficiary, screened on creation.
  const wallet = {
    routeCode: ROUTE, label: 'Cold wallet', blockchain: 'ETH', walletAddress: `0x${randomBytes(20).toString('hex')}`,
    isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL',
  };
  const beneficiary =
    SURFACE === 'rest'
      ? await client.post<{ walletBeneficiaryId: string }>(`/partner/v1/customers/${customerId}/crypto/wallet-beneficiaries`, wallet)
      : (await client.execute<{ createCryptoWalletBeneficiary: { walletBeneficiaryId: string } }>(
          `mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) {
             createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { walletBeneficiaryId beneficiaryStatus screeningStatus }
           }`,
          { customerId, input: wallet },
        )).createCryptoWalletBeneficiary;
  show('beneficiary', beneficiary);

  // §10.5: a quote fixes the fee for its lifetime.
  const ask = { routeCode: ROUTE, amountMinor: '10000000', currency: 'USDT', currencyScale: 6 };
  const quote =
    SURFACE === 'rest'
      ? await client.post<{ quoteId: string }>(`/partner/v1/customers/${customerId}/crypto/withdrawal-quotes`, ask)
      : (await client.execute<{ createCryptoWithdrawalQuote: { quoteId: string } }>(
          `mutation($customerId: UUID!, $input: CreateCryptoWithdrawalQuoteInput!) {
             createCryptoWithdrawalQuote(customerId: $customerId, input: $input) { quoteId amountMinor feeAmountMinor totalAmountMinor expiresAt }
           }`,
          { customerId, input: ask },
        )).createCryptoWithdrawalQuote;
  show('quote', quote);

  // §10.5: the draft (APPROVED), with evidence over exactly this input; nothing is held yet.
  const draft = await client.createWithdrawalDraft(
    customerId,
    { ...ask, walletBeneficiaryId: beneficiary.walletBeneficiaryId, quoteId: quote.quoteId },
    approver(),
    { surface: SURFACE },
  );
  show('draft', draft);

  // §10.6: submission holds amount + fee; the worker takes it from here (§10.7).
  const submitted = await client.submitWithdrawal(draft.withdrawalId, approver(), { surface: SURFACE });
  show('submitted', { status: submitted.status, statusInfo: submitted.statusInfo });
  const status = await settle('withdrawal', draft.withdrawalId, submitted.status);
  if (status !== 'COMPLETED') throw new Error(`withdrawal ended ${status}`);

  await trail(customerId, draft.withdrawalId);
});
