// §7 field errors in the same words on both surfaces, and §12.3: evidence appears in no answer. A value
// the schema refuses — in a variable, a literal written in the document, a REST body, path or query — is
// named by its pointer (relative to the input, as on REST, whatever the variable is called) and by what is
// expected, never repeated; a syntax error drops the token it quotes. An unknown member or parameter
// suggests the nearest name; an ETH address failing only its EIP-55 checksum says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ETH_ADDRESS, Scenario, startTestServer, type Reply, type TestServer } from '../../helpers/harness.js';
import { expectGraphQLProblem, expectRestProblem } from '../../helpers/problems.js';

let server: TestServer;
let s: Scenario;
let customerId: string;

beforeAll(async () => {
  server = await startTestServer();
  s = await Scenario.create(server);
  customerId = await s.customer();
});
afterAll(() => server.stop());

/** Secret-looking: a piece of evidence typed into the wrong place. */
const MARKER = 'SECRET_idvRef7Q2w9Zk4Lm0Xa';

const now = () => server.clock.now().toISOString();
function evidence(check: Record<string, unknown> = {}) {
  return {
    subject: { legalName: 'Ada Lovelace', country: 'GB', dateOfBirth: '1985-12-10' },
    checks: [
      { type: 'IDENTITY_DOCUMENT', result: 'PASSED', completedAt: now(), providerReference: 'idv-1', ...check },
      { type: 'SANCTIONS_SCREENING', result: 'PASSED', completedAt: now() },
      { type: 'PEP_SCREENING', result: 'PASSED', completedAt: now() },
    ],
    attestedAt: now(),
    attestedByPartnerUserRef: 'officer-1',
  };
}

const EVIDENCE_PATH = () => `/partner/v1/customers/${customerId}/verification-evidence`;
const SUBMIT = (variable: string) => `mutation($customerId: UUID!, $${variable}: SubmitCustomerVerificationEvidenceInput!) {
  submitCustomerVerificationEvidence(customerId: $customerId, input: $${variable}) { customerId } }`;
/** The submission written in the document, the first check's `type` and `completedAt` as given (already GraphQL text). */
const SUBMIT_INLINE = (type: string, completedAt: string) => `mutation { submitCustomerVerificationEvidence(customerId: "${customerId}", input: {
  subject: { legalName: "Ada Lovelace", country: "GB", dateOfBirth: "1985-12-10" },
  checks: [
    { type: ${type}, result: PASSED, completedAt: ${completedAt} },
    { type: SANCTIONS_SCREENING, result: PASSED, completedAt: "${now()}" },
    { type: PEP_SCREENING, result: PASSED, completedAt: "${now()}" }
  ],
  attestedAt: "${now()}", attestedByPartnerUserRef: "officer-1" }) { customerId } }`;

/** The field error at `pointer`, and nothing in the answer that repeats the marker. */
function fieldError(r: Reply, surface: 'GraphQL' | 'REST', pointer: string, code = 'VALIDATION_FAILED'): string {
  const p = surface === 'REST' ? expectRestProblem(r, 400, code, pointer) : expectGraphQLProblem(r, 400, code, pointer);
  expect(r.text, `${surface}: the answer repeats the value sent`).not.toContain(MARKER);
  return p.errors!.find((e) => e.pointer === pointer)!.detail;
}

describe('§12.3: a refused value is named, not repeated', () => {
  it('an enum value that does not exist (VerificationCheckType): the same pointer and detail as a variable, a literal and REST', async () => {
    const input = evidence({ type: MARKER });
    const variable = fieldError(await server.gql(s.client, SUBMIT('input'), { customerId, input }), 'GraphQL', '/checks/0/type');
    const literal = fieldError(await server.gql(s.client, SUBMIT_INLINE(MARKER, `"${now()}"`)), 'GraphQL', '/checks/0/type');
    const rest = fieldError(await server.request(s.client, 'POST', EVIDENCE_PATH(), { body: input }), 'REST', '/checks/0/type');
    expect(variable).toMatch(/^must be one of IDENTITY_DOCUMENT, LIVENESS, PROOF_OF_ADDRESS, /);
    expect(literal).toBe(variable);
    expect(rest).toBe(variable);
  });

  it('a DateTime that is not one: the literal, a variable of any name and REST answer at /checks/0/completedAt', async () => {
    const input = evidence({ completedAt: MARKER });
    const literal = fieldError(await server.gql(s.client, SUBMIT_INLINE('IDENTITY_DOCUMENT', `"${MARKER}"`)), 'GraphQL', '/checks/0/completedAt');
    // The pointer is the input's, not the variable's (`/i/checks/0/completedAt`).
    const named = fieldError(await server.gql(s.client, SUBMIT('i'), { customerId, i: input }), 'GraphQL', '/checks/0/completedAt');
    const rest = fieldError(await server.request(s.client, 'POST', EVIDENCE_PATH(), { body: input }), 'REST', '/checks/0/completedAt');
    expect(literal).toMatch(/^DateTime must be an RFC 3339 date-time string/);
    expect(named).toBe(literal);
    expect(rest).toBe(literal);
  });

  it('a variable used inside a literal object: its pointer is where it sits in the input', async () => {
    const doc = `mutation($customerId: UUID!, $when: DateTime!) { submitCustomerVerificationEvidence(customerId: $customerId, input: {
      subject: { legalName: "Ada Lovelace", country: "GB", dateOfBirth: "1985-12-10" },
      checks: [{ type: IDENTITY_DOCUMENT, result: PASSED, completedAt: "${now()}" }],
      attestedAt: $when, attestedByPartnerUserRef: "officer-1" }) { customerId } }`;
    fieldError(await server.gql(s.client, doc, { customerId, when: MARKER }), 'GraphQL', '/attestedAt');
  });

  it('a UUID that is not one: path id, argument literal and variable', async () => {
    const rest = fieldError(await server.request(s.client, 'GET', `/partner/v1/customers/${MARKER}`), 'REST', '/customerId');
    const variable = fieldError(await server.gql(s.client, 'query($id: UUID!) { customer(customerId: $id) { customerId } }', { id: MARKER }), 'GraphQL', '/customerId');
    const literal = fieldError(await server.gql(s.client, `{ customer(customerId: "${MARKER}") { customerId } }`), 'GraphQL', '/customerId');
    expect(rest).toBe('must be a UUID (8-4-4-4-12 hexadecimal digits)');
    expect(variable).toBe(rest);
    expect(literal).toBe(rest);
  });

  it('a wrong built-in scalar (a number for a String, a string for an Int) in a literal: named by type', async () => {
    const detail = fieldError(
      await server.gql(s.client, `{ cryptoDeposits(customerId: "${customerId}", first: "${MARKER}") { items { depositId } } }`),
      'GraphQL',
      '/first',
    );
    expect(detail).toBe('must be an integer from -2147483648 to 2147483647');
  });

  it('a list of enum values with one that does not exist, as a literal: the list is named (§9.3)', async () => {
    const r = await server.gql(s.client, `{ cryptoDeposits(customerId: "${customerId}", statuses: [COMPLETED, ${MARKER}]) { items { depositId } } }`);
    expect(fieldError(r, 'GraphQL', '/statuses')).toMatch(/^must be one of /);
  });

  it('a syntax error does not quote the token it stopped at', async () => {
    const r = await server.gql(s.client, `{ customer("${MARKER}") { customerId } }`);
    expectGraphQLProblem(r, 400, 'INVALID_REQUEST');
    expect(r.text).not.toContain(MARKER);
    expect(r.body.errors[0].message).toMatch(/^Syntax Error: Expected Name, found String\.?$/);
  });

  it('a webhook event type that does not exist, and a route that is not the partner’s', async () => {
    const webhook = { url: 'https://partner.example.com/hooks', types: ['crypto_withdrawal.completed', MARKER] };
    const r = await server.request(s.client, 'POST', '/partner/v1/webhook-endpoints', { body: webhook });
    expect(fieldError(r, 'REST', '/types/1')).toBe('is not an event type of §11.2');
    const route = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/crypto/deposit-simulations`, {
      body: { routeCode: MARKER, amountMinor: '1000000', fromAddress: ETH_ADDRESS },
    });
    expectRestProblem(route, 403, 'ROUTE_NOT_PERMITTED');
    expect(route.text).not.toContain(MARKER);
  });

  it('a duplicate externalRef is not repeated either', async () => {
    const body = { externalRef: MARKER, type: 'INDIVIDUAL', displayName: 'Ada' };
    expect((await server.request(s.client, 'POST', '/partner/v1/customers', { body })).status).toBe(200);
    const again = await server.request(s.client, 'POST', '/partner/v1/customers', { body });
    expectRestProblem(again, 409, 'DUPLICATE_CUSTOMER');
    expect(again.text).not.toContain(MARKER);
  });
});

describe('did you mean: the nearest name, on both surfaces', () => {
  const quote = { sourceCurrency: 'USDT', targetCurrency: 'EUR', sourceAmount: '1000000' };
  const QUOTE = `mutation($customerId: UUID!, $input: CreateConversionQuoteInput!) { createConversionQuote(customerId: $customerId, input: $input) { quoteId } }`;

  it('an unknown input member (sourceAmount → sourceAmountMinor): variable, literal and REST body', async () => {
    const expected = 'is not a field of CreateConversionQuoteInput: did you mean sourceAmountMinor?';
    expect(fieldError(await server.gql(s.client, QUOTE, { customerId, input: quote }), 'GraphQL', '/sourceAmount')).toBe(expected);
    const inline = `mutation { createConversionQuote(customerId: "${customerId}", input: { sourceCurrency: "USDT", targetCurrency: "EUR", sourceAmount: "1000000" }) { quoteId } }`;
    expect(fieldError(await server.gql(s.client, inline), 'GraphQL', '/sourceAmount')).toBe(expected);
    const rest = await server.request(s.client, 'POST', `/partner/v1/customers/${customerId}/conversion-quotes`, { body: quote });
    expect(fieldError(rest, 'REST', '/sourceAmount')).toBe(expected);
  });

  it('no near name: no suggestion', async () => {
    const r = await server.gql(s.client, QUOTE, { customerId, input: { ...quote, sourceAmount: undefined, sourceAmountMinor: '1', zzz: 1 } });
    expect(fieldError(r, 'GraphQL', '/zzz')).toBe('is not a field of CreateConversionQuoteInput');
  });

  it('an unknown query parameter (limt → limit)', async () => {
    const r = await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto/deposits?limt=5`);
    expect(fieldError(r, 'REST', '/limt')).toBe('is not a parameter of this path: did you mean limit?');
  });
});

describe('an ETH address that fails only its EIP-55 checksum says so (§4.3)', () => {
  // ETH_ADDRESS with the case of one letter changed: still 0x and 40 hex digits.
  const MISTYPED = ETH_ADDRESS.replace('0x5aAeb', '0x5AAeb');
  const CHECKSUM = 'fails its EIP-55 checksum (the letters’ case must match it; check for a mistyped character)';

  it('a wallet beneficiary: REST and GraphQL', async () => {
    const rest = await s.beneficiary(customerId, { walletAddress: MISTYPED });
    expect(expectRestProblem(rest, 400, 'INVALID_WALLET_ADDRESS', '/walletAddress').errors).toEqual([{ pointer: '/walletAddress', detail: CHECKSUM }]);
    const g = await server.gql(
      s.client,
      'mutation($customerId: UUID!, $input: CreateCryptoWalletBeneficiaryInput!) { createCryptoWalletBeneficiary(customerId: $customerId, input: $input) { walletBeneficiaryId } }',
      { customerId, input: s.beneficiaryInput({ walletAddress: MISTYPED }) },
    );
    expect(expectGraphQLProblem(g, 400, 'INVALID_WALLET_ADDRESS', '/walletAddress').errors).toEqual([{ pointer: '/walletAddress', detail: CHECKSUM }]);
  });

  it('a simulated deposit’s source; an address of the wrong form is still "not a valid ETH address"', async () => {
    const path = `/partner/v1/customers/${customerId}/crypto/deposit-simulations`;
    const mistyped = await server.request(s.client, 'POST', path, { body: { routeCode: s.routeCode, amountMinor: '1000000', fromAddress: MISTYPED } });
    expect(expectRestProblem(mistyped, 400, 'INVALID_WALLET_ADDRESS', '/fromAddress').errors).toEqual([{ pointer: '/fromAddress', detail: CHECKSUM }]);
    const short = await server.request(s.client, 'POST', path, { body: { routeCode: s.routeCode, amountMinor: '1000000', fromAddress: ETH_ADDRESS.slice(0, 41) } });
    expect(expectRestProblem(short, 400, 'INVALID_WALLET_ADDRESS', '/fromAddress').errors).toEqual([{ pointer: '/fromAddress', detail: 'is not a valid ETH address' }]);
  });
});
