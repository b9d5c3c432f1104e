// §14.8 fiat deposits in tests: the requests that simulate and read them, signed as a partner sends them,
// and a EUR or USD balance funded the way a partner funds one (simulateFiatDeposit through the API, then
// the worker's step), for any module's tests that need fiat funds.
import type { Client, Reply, RequestOptions, TestServer } from './harness.js';
import { selectionOf } from './sdl-fields.js';
import { atServer } from './withdrawals.js';

export const FIAT_DEPOSIT_FIELDS = selectionOf('PartnerFiatDeposit');
export const FIAT_DEPOSIT_KEYS = FIAT_DEPOSIT_FIELDS.split(' ');
export const SIMULATE_FIAT_DEPOSIT = `mutation($id: UUID!, $input: SimulateFiatDepositInput!) {
  simulateFiatDeposit(fiatAccountId: $id, input: $input) { ${FIAT_DEPOSIT_FIELDS} } }`;
export const FIAT_DEPOSIT_QUERY = `query($id: UUID!) { fiatDeposit(fiatDepositId: $id) { ${FIAT_DEPOSIT_FIELDS} } }`;
export const FIAT_DEPOSITS_LIST = `query($customerId: UUID!, $first: Int, $after: String, $statuses: [PartnerFiatDepositStatus!], $currency: String,
  $fiatAccountId: UUID, $createdFrom: DateTime, $createdBefore: DateTime) {
  fiatDeposits(customerId: $customerId, first: $first, after: $after, statuses: $statuses, currency: $currency, fiatAccountId: $fiatAccountId,
    createdFrom: $createdFrom, createdBefore: $createdBefore) { items { ${FIAT_DEPOSIT_FIELDS} } pageInfo { hasNextPage endCursor } } }`;

/** A sender's IBAN (§14.5's vector), as a person types it. */
export const SENDER_IBAN = 'GB82 WEST 1234 5698 7654 32';

export const fiatDepositInput = (o: Record<string, unknown> = {}) => ({
  amountMinor: '10000',
  senderName: 'Charles Babbage',
  senderAccountIdentifier: SENDER_IBAN,
  ...o,
});

export const simulateFiatDepositPath = (fiatAccountId: string) => `/partner/v1/fiat/accounts/${fiatAccountId}/deposit-simulations`;

export function simulateFiatDepositGql(server: TestServer, client: Client, fiatAccountId: string, input: unknown, o: RequestOptions = {}): Promise<Reply> {
  return server.gql(client, SIMULATE_FIAT_DEPOSIT, { id: fiatAccountId, input }, atServer(server, o));
}

export function simulateFiatDepositRest(server: TestServer, client: Client, fiatAccountId: string, input: unknown, o: RequestOptions = {}): Promise<Reply> {
  return server.request(client, 'POST', simulateFiatDepositPath(fiatAccountId), atServer(server, { body: input, ...o }));
}

/** A PROCESSING deposit (GraphQL), its answer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function simulateFiatDeposit(server: TestServer, client: Client, fiatAccountId: string, o: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const r = await simulateFiatDepositGql(server, client, fiatAccountId, fiatDepositInput(o));
  if (r.status !== 200 || r.body.errors) throw new Error(`simulateFiatDeposit failed: ${r.text}`);
  return r.body.data.simulateFiatDeposit;
}

/** The deposit as fiatDeposit reads it (REST). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function readFiatDeposit(server: TestServer, client: Client, fiatDepositId: string): Promise<Record<string, any>> {
  const r = await server.request(client, 'GET', `/partner/v1/fiat/deposits/${fiatDepositId}`, atServer(server));
  if (r.status !== 200) throw new Error(`fiatDeposit failed: ${r.text}`);
  return r.body;
}

/**
 * Funds the account's customer with `amountMinor` of the account's currency: a simulated deposit, then the
 * worker's rounds (the clock moved past the step's delay) until it is credited. Returns the COMPLETED
 * deposit. Other records whose steps fall due meanwhile move too, as they would on a running server.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function fundFiat(server: TestServer, client: Client, fiatAccountId: string, amountMinor: string, o: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const d = await simulateFiatDeposit(server, client, fiatAccountId, { amountMinor, ...o });
  await server.advanceWorker();
  const done = await readFiatDeposit(server, client, d.fiatDepositId);
  if (done.status !== 'COMPLETED') throw new Error(`fiat deposit not credited: ${JSON.stringify(done)}`);
  return done;
}
