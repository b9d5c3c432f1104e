// The money lifecycle end to end, as a partner's backend runs it: a sandbox deposit, a beneficiary, a
// quote, a withdrawal draft authorized by evidence, its submission, the worker moving it to COMPLETED,
// and the events and ledger rows it produced. Every call is a signed GraphQL request (§2), every mutation
// has its own Idempotency-Key (§3), evidence carries the operation's hash (§5).
//
//   BASE=http://127.0.0.1:4000 CLIENT_ID=demo-partner SECRET=<printed secret> CUSTOMER_ID=<printed customerId> \
//     npx tsx examples/lifecycle.ts
import { randomUUID } from 'node:crypto';
import { operationHashOf } from '../src/core/evidence.js';
import { signedHeaders } from '../src/http/signature.js';

const env = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`set ${name} (see the comment at the top of examples/lifecycle.ts)`);
  return v;
};
const BASE = env('BASE', 'http://127.0.0.1:4000');
const CLIENT_ID = env('CLIENT_ID', 'demo-partner');
const SECRET = env('SECRET');
const CUSTOMER_ID = env('CUSTOMER_ID');
const ROUTE = env('ROUTE_CODE', 'USDT-ETH');

type Gql = { data?: Record<string, any>; errors?: { message: string; extensions?: { code?: string } }[] }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const body = JSON.stringify({ query, variables });
  const key = /^\s*mutation/.test(query) ? randomUUID() : null;
  const headers = signedHeaders(SECRET, { method: 'POST', path: '/graphql', clientId: CLIENT_ID, idempotencyKey: key, body });
  const res = await fetch(`${BASE}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const out = (await res.json()) as Gql;
  if (out.errors?.length) throw new Error(`${res.status} ${out.errors[0]!.extensions?.code}: ${out.errors[0]!.message}`);
  return out.data!;
}

/** §5 evidence: who authorized the operation and how, bound to it by the hash of its payload. */
function evidence(operationType: string, pathId: Record<string, string>, input: Record<string, unknown>) {
  return {
    operationType,
    operationHash: operationHashOf(operationType, pathId, input),
    authorizedAt: new Date().toISOString(),
    authorizedByPartnerUserRef: 'ops-user-7',
    authorizationMethod: 'PASSKEY',
    mfaEvidenceRef: `mfa-${randomUUID()}`,
  };
}

const show = (step: string, value: unknown) => console.log(`\n## ${step}\n${JSON.stringify(value, null, 2)}`);

async function main(): Promise<void> {
  // 1. Money arrives: a sandbox deposit into the customer's deposit wallet on the route.
  const { simulateCryptoDeposit: deposit } = await gql(
    `mutation($c: UUID!, $i: SimulateCryptoDepositInput!) { simulateCryptoDeposit(customerId: $c, input: $i) { depositId status toAddress txHash amountMinor } }`,
    { c: CUSTOMER_ID, i: { routeCode: ROUTE, amountMinor: '25000000', fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' } },
  );
  show('deposit', deposit);

  // 2. Where it may go: a wallet beneficiary (screened on creation).
  const { createCryptoWalletBeneficiary: beneficiary } = await gql(
    `mutation($c: UUID!, $i: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $c, input: $i) { walletBeneficiaryId beneficiaryStatus } }`,
    {
      c: CUSTOMER_ID,
      i: { routeCode: ROUTE, label: `Cold wallet ${randomUUID().slice(0, 8)}`, blockchain: 'ETH', walletAddress: `0x${randomUUID().replaceAll('-', '').slice(0, 32)}00000000`, isOwner: true, walletType: 'PRIVATE_WALLET', ownerType: 'INDIVIDUAL' },
    },
  );
  show('beneficiary', beneficiary);

  // 3. A quote freezes the fee for a minute.
  const { createCryptoWithdrawalQuote: quote } = await gql(
    `mutation($c: UUID!, $i: CreateCryptoWithdrawalQuoteInput!) { createCryptoWithdrawalQuote(customerId: $c, input: $i) { quoteId amountMinor feeAmountMinor totalAmountMinor expiresAt } }`,
    { c: CUSTOMER_ID, i: { routeCode: ROUTE, amountMinor: '10000000', currency: 'USDT', currencyScale: 6 } },
  );
  show('quote', quote);

  // 4. The draft, authorized by a user of the partner (evidence over the exact input).
  const input: Record<string, unknown> = {
    routeCode: ROUTE, walletBeneficiaryId: beneficiary.walletBeneficiaryId, amountMinor: '10000000', currency: 'USDT', currencyScale: 6, quoteId: quote.quoteId,
  };
  input.operationAuthorization = evidence('CRYPTO_WITHDRAWAL_CREATE', { customerId: CUSTOMER_ID }, input);
  const { createCryptoWithdrawalApprovalDraft: draft } = await gql(
    `mutation($c: UUID!, $i: CreateCryptoWithdrawalApprovalDraftInput!) { createCryptoWithdrawalApprovalDraft(customerId: $c, input: $i) { withdrawalId status feeAmountMinor quoteId } }`,
    { c: CUSTOMER_ID, i: input },
  );
  show('draft', draft);

  // 5. Submission: amount + fee are held; the worker takes it from here.
  const withdrawalId: string = draft.withdrawalId;
  const { submitCryptoWithdrawal: submitted } = await gql(
    `mutation($w: UUID!, $i: SubmitCryptoWithdrawalInput!) { submitCryptoWithdrawal(withdrawalId: $w, input: $i) { status statusInfo submittedAt } }`,
    { w: withdrawalId, i: { operationAuthorization: evidence('CRYPTO_WITHDRAWAL_SUBMIT', { withdrawalId }, {}) } },
  );
  show('submitted', submitted);

  // 6. SUBMITTED → SCREENING → BROADCASTING → CONFIRMING → COMPLETED (SANDBOX_STEP_DELAY_MS each).
  let status = submitted.status as string;
  for (let i = 0; i < 120 && !['COMPLETED', 'REJECTED', 'FAILED'].includes(status); i++) {
    await new Promise((r) => setTimeout(r, 500));
    const { cryptoWithdrawal } = await gql(`query($w: UUID!) { cryptoWithdrawal(withdrawalId: $w) { status statusInfo kytResult txHash } }`, { w: withdrawalId });
    if (cryptoWithdrawal.status !== status) console.log(`  ${status} → ${cryptoWithdrawal.status} (${cryptoWithdrawal.statusInfo})`);
    status = cryptoWithdrawal.status;
  }

  // 7. What it produced: its events, the ledger rows, the balance.
  const { events } = await gql(`query($r: UUID!) { events(resourceId: $r, first: 100) { items { sequence type createdAt } } }`, { r: withdrawalId });
  show('events of the withdrawal', events.items);
  const { customerTransactions, customerBalances } = await gql(
    `query($c: UUID!) { customerTransactions(customerId: $c, first: 5) { items { type amountMinor availableDeltaMinor heldDeltaMinor balanceAfter { availableMinor heldMinor } } }
                        customerBalances(customerId: $c) { items { currency availableMinor heldMinor totalMinor } } }`,
    { c: CUSTOMER_ID },
  );
  show('latest ledger rows (newest first)', customerTransactions.items);
  show('balances', customerBalances.items);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
