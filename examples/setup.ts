// What the examples share: the client from the environment, the partner user who approves money
// movements, and a sandbox deposit to spend. Every call goes through src/client (signed, §2; an
// Idempotency-Key on every mutation, §3; evidence with the operation's hash, §5).
import { randomUUID } from 'node:crypto';
import { defaultBaseUrl } from '../src/cli/base-url.js';
import { MISSING_SECRET, partnerSecretOf } from '../src/cli/partner-secret.js';
import { PartnerClient, type Authorizer, type Surface } from '../src/client/index.js';

const env = (name: string, fallback?: string): string => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`set ${name}`);
  return v;
};

function fail(message: string): never {
  throw new Error(message);
}

/** BASE, else the server `npm start` runs with this shell's PORT (and HOST). */
export const BASE_URL = defaultBaseUrl();
export const client = new PartnerClient({
  baseUrl: BASE_URL,
  clientId: env('CLIENT_ID', 'demo-partner'),
  secret: partnerSecretOf(process.env, (notice) => console.error(notice)) ?? fail(MISSING_SECRET),
});
export const ROUTE = env('ROUTE_CODE', 'USDT-ETH');
/** graphql (default) or rest: which surface the customer, beneficiary and money calls use. */
export const SURFACE = env('SURFACE', 'graphql') as Surface;
if (SURFACE !== 'graphql' && SURFACE !== 'rest') throw new Error('SURFACE must be graphql or rest');

/** §5: the partner's user who approved the operation, and how (a fresh MFA reference each time). */
export const approver = (): Authorizer => ({
  authorizedByPartnerUserRef: 'ops-user-7',
  authorizationMethod: 'PASSKEY',
  mfaEvidenceRef: `mfa-${randomUUID()}`,
});

export const show = (step: string, value: unknown) => console.log(`\n## ${step}\n${JSON.stringify(value, null, 2)}`);

/** A new customer of the partner (§4.1, §12.1), on the chosen surface. */
export async function newCustomer(): Promise<string> {
  const input = { externalRef: `example-${randomUUID()}`, type: 'INDIVIDUAL', displayName: 'Example Customer' };
  const created =
    SURFACE === 'rest'
      ? await client.post<{ customerId: string }>('/partner/v1/customers', input)
      : (await client.execute<{ createCustomer: { customerId: string } }>(
          `mutation($input: CreateCustomerInput!) { createCustomer(input: $input) { customerId externalRef status verificationStatus } }`,
          { input },
        )).createCustomer;
  show('customer', created);
  return created.customerId;
}

/**
 * §12.3: the customer VERIFIED, as checkouts and collections need (§12.4): partner-attested KYC evidence
 * (the checks its provider ran; examples/onboarding.ts also uploads the document), then the review, a
 * worker step (sandbox: VERIFIED).
 */
export async function verify(customerId: string): Promise<void> {
  const now = new Date().toISOString();
  const check = (type: string) => ({ type, result: 'PASSED', completedAt: now, providerName: 'Example KYC', providerReference: `kyc-${randomUUID()}` });
  const evidence = {
    subject: { legalName: 'Example Customer', country: 'GB', dateOfBirth: '1985-12-10' },
    checks: ['IDENTITY_DOCUMENT', 'SANCTIONS_SCREENING', 'PEP_SCREENING'].map(check),
    attestedAt: now,
    attestedByPartnerUserRef: 'compliance-officer-12',
  };
  type Verification = { verificationStatus: string; verificationReviewPending: boolean };
  const read = async (): Promise<Verification> =>
    SURFACE === 'rest'
      ? client.get<Verification>(`/partner/v1/customers/${customerId}`)
      : (await client.execute<{ customer: Verification }>(`query($id: UUID!) { customer(customerId: $id) { verificationStatus verificationReviewPending } }`, { id: customerId })).customer;
  if (SURFACE === 'rest') await client.post(`/partner/v1/customers/${customerId}/verification-evidence`, evidence);
  else
    await client.execute(
      `mutation($customerId: UUID!, $input: SubmitCustomerVerificationEvidenceInput!) { submitCustomerVerificationEvidence(customerId: $customerId, input: $input) { verificationStatus } }`,
      { customerId, input: evidence },
    );
  let latest = await read();
  for (let i = 0; i < 240 && latest.verificationReviewPending; i++) {
    await new Promise((r) => setTimeout(r, 250));
    latest = await read();
  }
  show('verified', latest);
  if (latest.verificationStatus !== 'VERIFIED') throw new Error(`the customer is ${latest.verificationStatus}`);
}

/** §10.4: money arrives — a sandbox deposit into the customer's deposit wallet (GraphQL only: sandbox). */
export async function deposit(customerId: string, amountMinor: string): Promise<{ depositId: string; fromAddress: string }> {
  const { simulateCryptoDeposit } = await client.execute<{ simulateCryptoDeposit: { depositId: string; fromAddress: string } }>(
    `mutation($customerId: UUID!, $input: SimulateCryptoDepositInput!) {
       simulateCryptoDeposit(customerId: $customerId, input: $input) { depositId status toAddress fromAddress txHash amountMinor }
     }`,
    { customerId, input: { routeCode: ROUTE, amountMinor, fromAddress: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' } },
  );
  show('deposit', simulateCryptoDeposit);
  return simulateCryptoDeposit;
}

/** §10.7: the worker moves the record on; this polls its GET until it settles. */
export async function settle(kind: 'withdrawal' | 'refund', id: string, from: string): Promise<string> {
  const path = kind === 'withdrawal' ? `/partner/v1/crypto/withdrawals/${id}` : `/partner/v1/crypto/refunds/${id}`;
  const field = kind === 'withdrawal' ? `cryptoWithdrawal(withdrawalId: $id)` : `cryptoRefund(refundId: $id)`;
  let status = from;
  for (let i = 0; i < 240 && !['COMPLETED', 'REJECTED', 'FAILED'].includes(status); i++) {
    await new Promise((r) => setTimeout(r, 250));
    const now =
      SURFACE === 'rest'
        ? await client.get<{ status: string; statusInfo: string }>(path)
        : Object.values(await client.execute<Record<string, { status: string; statusInfo: string }>>(`query($id: UUID!) { ${field} { status statusInfo } }`, { id }))[0]!;
    if (now.status !== status) console.log(`  ${status} → ${now.status} (${now.statusInfo})`);
    status = now.status;
  }
  return status;
}

/** What a change produced: its events (§11.3), the customer's latest ledger rows and balances (§10.1). */
export async function trail(customerId: string, resourceId: string): Promise<void> {
  if (SURFACE === 'rest') {
    show('events', (await client.get<{ items: unknown[] }>('/partner/v1/events', { resourceId, limit: 100 })).items);
    show('latest ledger rows (newest first)', (await client.get<{ items: unknown[] }>(`/partner/v1/customers/${customerId}/transactions`, { limit: 5 })).items);
    show('balances', (await client.get<{ items: unknown[] }>(`/partner/v1/customers/${customerId}/balances`)).items);
    return;
  }
  const data = await client.execute<{ events: { items: unknown[] }; customerTransactions: { items: unknown[] }; customerBalances: { items: unknown[] } }>(
    `query($customerId: UUID!, $resourceId: UUID!) {
       events(resourceId: $resourceId, first: 100) { items { sequence type createdAt } }
       customerTransactions(customerId: $customerId, first: 5) { items { type amountMinor availableDeltaMinor heldDeltaMinor balanceAfter { availableMinor heldMinor } } }
       customerBalances(customerId: $customerId) { items { currency availableMinor heldMinor totalMinor } }
     }`,
    { customerId, resourceId },
  );
  show('events', data.events.items);
  show('latest ledger rows (newest first)', data.customerTransactions.items);
  show('balances', data.customerBalances.items);
}

export function main(run: () => Promise<void>): void {
  run().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
