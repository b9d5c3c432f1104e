// The fiat path, end to end (docs/api/fiat.md): a verified customer applies for a EUR account, gets its
// deposit instructions, receives a bank transfer (sandbox), registers its own bank account, activates SEPA
// withdrawals, quotes a payout and withdraws it — a draft and a submission, each approved by evidence —
// until the bank has it (COMPLETED); then the payout's events, the ledger rows and the balances.
// An operator enables SEPA for the partner first (the README shows the command).
//
//   PARTNER_SECRET=<secret> npx tsx examples/fiat.ts                # GraphQL
//   PARTNER_SECRET=<secret> SURFACE=rest npx tsx examples/fiat.ts   # REST
import { randomUUID } from 'node:crypto';
import { approver, client, main, newCustomer, show, SURFACE, trail, verify } from './setup.js';

const APPLICATION = `applicationId currency status statusInfo fiatAccountId decidedAt`;
const DEPOSIT = `fiatDepositId rail amountMinor currency senderName senderAccountLast4 status statusInfo creditedAt`;
const WITHDRAWAL = `fiatWithdrawalId rail amountMinor currency feeAmountMinor bankAccountLast4 paymentReference status statusInfo bankReference sentToBankAt completedAt`;

/** One operation on the chosen surface: its GraphQL document (one root field) or its REST call. */
async function call<T>(gql: { query: string; variables: Record<string, unknown> }, rest: { method: 'GET' | 'POST'; path: string; body?: unknown }): Promise<T> {
  if (SURFACE === 'rest') return rest.method === 'GET' ? client.get<T>(rest.path) : client.post<T>(rest.path, rest.body ?? {});
  return Object.values(await client.execute<Record<string, T>>(gql.query, gql.variables))[0]!;
}

/** The worker moves a record on (sandbox: a step every SANDBOX_STEP_DELAY_MS); this polls it until `done`. */
async function until<T extends { status: string; statusInfo?: string | null }>(read: () => Promise<T>, done: (r: T) => boolean): Promise<T> {
  let now = await read();
  for (let i = 0; i < 240 && !done(now); i++) {
    await new Promise((r) => setTimeout(r, 250));
    const next = await read();
    if (next.status !== now.status) console.log(`  ${now.status} → ${next.status} (${next.statusInfo})`);
    now = next;
  }
  if (!done(now)) throw new Error(`still ${now.status}`);
  return now;
}

type Capability = { rail?: string; currency: string; status: string; statusInfo: string | null };

main(async () => {
  // Fiat operations need a VERIFIED customer (§12.4).
  const customerId = await newCustomer();
  await verify(customerId);

  // §14.4: EUR can be applied for (SEPA is enabled for the partner).
  const capabilities = await call<Capability[] | { items: Capability[] }>(
    { query: `query($id: UUID!) { fiatAccountCapabilities(customerId: $id) { currency rails status statusInfo } }`, variables: { id: customerId } },
    { method: 'GET', path: `/partner/v1/customers/${customerId}/fiat/account-capabilities` },
  );
  show('account capabilities', Array.isArray(capabilities) ? capabilities : capabilities.items);

  // §14.4: the application; the review approves it and issues the account in the same transaction.
  const applicationInput = {
    currency: 'EUR', accountHolderName: 'Example Customer', expectedMonthlyVolumeMinor: '500000',
    sourceOfFunds: 'Salary', accountPurpose: 'Everyday payments',
  };
  const application = await call<{ applicationId: string; status: string }>(
    {
      query: `mutation($id: UUID!, $input: CreateFiatAccountApplicationInput!) { createFiatAccountApplication(customerId: $id, input: $input) { ${APPLICATION} } }`,
      variables: { id: customerId, input: applicationInput },
    },
    { method: 'POST', path: `/partner/v1/customers/${customerId}/fiat/account-applications`, body: applicationInput },
  );
  show('application', application);
  const approved = await until(
    () =>
      call<{ status: string; statusInfo: string; fiatAccountId: string }>(
        { query: `query($id: UUID!) { fiatAccountApplication(applicationId: $id) { ${APPLICATION} } }`, variables: { id: application.applicationId } },
        { method: 'GET', path: `/partner/v1/fiat/account-applications/${application.applicationId}` },
      ),
    (a) => a.status === 'APPROVED' || a.status === 'REJECTED',
  );
  show('application decided', approved);
  const fiatAccountId = approved.fiatAccountId;

  // §14.4: what the customer gives its payers.
  show(
    'deposit instructions',
    await call(
      { query: `query($id: UUID!) { fiatDepositInstructions(fiatAccountId: $id) { currency rails beneficiaryName bankName bankAddress iban bic } }`, variables: { id: fiatAccountId } },
      { method: 'GET', path: `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-instructions` },
    ),
  );

  // §14.8: a SEPA transfer of 500.00 EUR arrives (a sandbox simulation), PROCESSING, then credited.
  const depositInput = { amountMinor: '50000', senderName: 'Example Employer GmbH', senderAccountIdentifier: 'DE75 5121 0800 1245 1261 99', paymentReference: 'Salary November' };
  const deposit = await call<{ fiatDepositId: string; status: string }>(
    { query: `mutation($id: UUID!, $input: SimulateFiatDepositInput!) { simulateFiatDeposit(fiatAccountId: $id, input: $input) { ${DEPOSIT} } }`, variables: { id: fiatAccountId, input: depositInput } },
    { method: 'POST', path: `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-simulations`, body: depositInput },
  );
  show('deposit', deposit);
  show(
    'deposit credited',
    await until(
      () =>
        call<{ status: string; statusInfo: string }>(
          { query: `query($id: UUID!) { fiatDeposit(fiatDepositId: $id) { ${DEPOSIT} } }`, variables: { id: deposit.fiatDepositId } },
          { method: 'GET', path: `/partner/v1/fiat/deposits/${deposit.fiatDepositId}` },
        ),
      (d) => d.status !== 'PROCESSING',
    ),
  );

  // §14.5: the customer's own bank account; only its last four characters and a fingerprint come back.
  const bankInput = {
    accountType: 'IBAN', currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX',
    holderName: 'Example Customer', holderType: 'INDIVIDUAL', holderCountry: 'DE', isOwner: true, label: 'Main account',
  };
  const bank = await call<{ bankAccountId: string }>(
    {
      query: `mutation($id: UUID!, $input: CreateBankAccountInput!) { createBankAccount(customerId: $id, input: $input) { bankAccountId accountType accountIdentifierLast4 fingerprint status } }`,
      variables: { id: customerId, input: bankInput },
    },
    { method: 'POST', path: `/partner/v1/customers/${customerId}/fiat/bank-accounts`, body: bankInput },
  );
  show('bank account', bank);

  // §14.6: SEPA withdrawals activated for the customer; the review makes the capability ACTIVE.
  const activationInput = { expectedMonthlyVolumeMinor: '200000', withdrawalPurpose: 'Moving savings to the main account' };
  show(
    'capability activation',
    await call(
      {
        query: `mutation($id: UUID!, $input: ActivateFiatWithdrawalCapabilityInput!) { activateFiatWithdrawalCapability(customerId: $id, rail: SEPA, input: $input) { rail status statusInfo } }`,
        variables: { id: customerId, input: activationInput },
      },
      { method: 'POST', path: `/partner/v1/customers/${customerId}/fiat/withdrawal-capabilities/SEPA/activation`, body: activationInput },
    ),
  );
  const sepa = async () => {
    const all = await call<Capability[] | { items: Capability[] }>(
      { query: `query($id: UUID!) { fiatWithdrawalCapabilities(customerId: $id) { rail currency status statusInfo railEnabled feeAmountMinor } }`, variables: { id: customerId } },
      { method: 'GET', path: `/partner/v1/customers/${customerId}/fiat/withdrawal-capabilities` },
    );
    return (Array.isArray(all) ? all : all.items).find((c) => c.rail === 'SEPA')!;
  };
  show('capability', await until(sepa, (c) => c.status === 'ACTIVE' || c.status === 'REJECTED'));

  // §14.6: a quote fixes the fee and the expected arrival.
  const quoteInput = { rail: 'SEPA' as const, bankAccountId: bank.bankAccountId, amountMinor: '15000', currency: 'EUR', currencyScale: 2 };
  const quote = await call<{ quoteId: string }>(
    {
      query: `mutation($id: UUID!, $input: CreateFiatWithdrawalQuoteInput!) { createFiatWithdrawalQuote(customerId: $id, input: $input) { quoteId amountMinor feeAmountMinor totalAmountMinor estimatedArrivalAt expiresAt } }`,
      variables: { id: customerId, input: quoteInput },
    },
    { method: 'POST', path: `/partner/v1/customers/${customerId}/fiat/withdrawal-quotes`, body: quoteInput },
  );
  show('quote', quote);

  // §14.7: the draft with the user's approval of every field, then the submission with a second approval.
  const draft = await client.createFiatWithdrawalApprovalDraft(
    customerId,
    { ...quoteInput, quoteId: quote.quoteId, paymentReference: 'Savings transfer', clientReference: `payout-${randomUUID()}` },
    approver(),
    { surface: SURFACE },
  );
  show('draft', { fiatWithdrawalId: draft.fiatWithdrawalId, status: draft.status, feeAmountMinor: draft.feeAmountMinor });
  const submitted = await client.submitFiatWithdrawal(draft.fiatWithdrawalId, approver(), { surface: SURFACE });
  show('submitted', { status: submitted.status, statusInfo: submitted.statusInfo });
  const paid = await until(
    () =>
      call<{ status: string; statusInfo: string }>(
        { query: `query($id: UUID!) { fiatWithdrawal(fiatWithdrawalId: $id) { ${WITHDRAWAL} } }`, variables: { id: draft.fiatWithdrawalId } },
        { method: 'GET', path: `/partner/v1/fiat/withdrawals/${draft.fiatWithdrawalId}` },
      ),
    (w) => ['COMPLETED', 'REJECTED', 'RETURNED'].includes(w.status),
  );
  show('withdrawal', paid);

  await trail(customerId, draft.fiatWithdrawalId);
});
