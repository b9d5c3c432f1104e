// Onboarding → conversion, end to end, as a partner's backend runs it: a customer, an identity document
// uploaded (a file record, then its bytes by a signed PUT), partner-attested KYC evidence, the review
// (sandbox: VERIFIED), a sandbox deposit, a conversion quote and its approval draft authorized by
// evidence, which converts at once; then the ledger rows and balances.
//
// An operator first provisions the pair and a rate (§13.1):
//   npx partnerctl rate set --base USDT --quote EUR --rate 0.92
//   npx partnerctl conversion-pair create --client-id demo-partner --source USDT --target EUR --spread-bps 50
//   PARTNER_SECRET=<secret> npx tsx examples/onboarding.ts                # GraphQL
//   PARTNER_SECRET=<secret> SURFACE=rest npx tsx examples/onboarding.ts   # REST
import { createHash } from 'node:crypto';
import { approver, client, deposit, main, newCustomer, show, SURFACE, trail } from './setup.js';

/** A one-page PDF: the bytes a partner would have from its identity-verification provider. */
const DOCUMENT = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

type Customer = { customerId: string; status: string; verificationStatus: string; verificationReviewPending: boolean; verifiedAt: string | null };
const CUSTOMER_FIELDS = 'customerId status verificationKind verificationStatus verificationStatusInfo verificationReviewPending verifiedAt';

async function customer(customerId: string): Promise<Customer> {
  if (SURFACE === 'rest') return client.get<Customer>(`/partner/v1/customers/${customerId}`);
  return (await client.execute<{ customer: Customer }>(`query($id: UUID!) { customer(customerId: $id) { ${CUSTOMER_FIELDS} } }`, { id: customerId })).customer;
}

main(async () => {
  const customerId = await newCustomer();

  // §12.2: the file record first (its size and SHA-256 bind the bytes), then the bytes themselves.
  const file = {
    source: 'UPLOAD', purpose: 'IDENTITY_DOCUMENT', fileName: 'passport.pdf', contentType: 'application/pdf',
    sizeBytes: DOCUMENT.length, sha256: createHash('sha256').update(DOCUMENT).digest('hex'),
  };
  const created =
    SURFACE === 'rest'
      ? await client.post<{ fileId: string }>(`/partner/v1/customers/${customerId}/files`, file)
      : (await client.execute<{ createCustomerFile: { fileId: string } }>(
          `mutation($customerId: UUID!, $input: CreateCustomerFileInput!) {
             createCustomerFile(customerId: $customerId, input: $input) { fileId status upload { method path expiresAt maxSizeBytes } }
           }`,
          { customerId, input: file },
        )).createCustomerFile;
  show('file', created);
  // The upload is REST on both surfaces: GraphQL never carries bytes (R1).
  const uploaded = await client.uploadFileContent<{ status: string }>(created.fileId, DOCUMENT, 'application/pdf');
  show('uploaded', { status: uploaded.status });

  // §12.3: the checks the partner ran, attested by its compliance officer; the service decides by rule.
  const now = new Date().toISOString();
  const evidence = {
    subject: { legalName: 'Ada Lovelace', country: 'GB', dateOfBirth: '1985-12-10' },
    checks: [
      { type: 'IDENTITY_DOCUMENT', result: 'PASSED', completedAt: now, fileIds: [created.fileId] },
      { type: 'SANCTIONS_SCREENING', result: 'PASSED', completedAt: now },
      { type: 'PEP_SCREENING', result: 'PASSED', completedAt: now },
    ],
    attestedAt: now,
    attestedByPartnerUserRef: 'compliance-officer-12',
  };
  const submitted =
    SURFACE === 'rest'
      ? await client.post<Customer>(`/partner/v1/customers/${customerId}/verification-evidence`, evidence)
      : (await client.execute<{ submitCustomerVerificationEvidence: Customer }>(
          `mutation($customerId: UUID!, $input: SubmitCustomerVerificationEvidenceInput!) {
             submitCustomerVerificationEvidence(customerId: $customerId, input: $input) { ${CUSTOMER_FIELDS} }
           }`,
          { customerId, input: evidence },
        )).submitCustomerVerificationEvidence;
  show('evidence submitted', submitted);

  // The review is a worker step: poll until it ended.
  let latest = submitted;
  for (let i = 0; i < 240 && latest.verificationReviewPending; i++) {
    await new Promise((r) => setTimeout(r, 250));
    latest = await customer(customerId);
  }
  show('reviewed', latest);
  if (latest.verificationStatus !== 'VERIFIED') throw new Error(`the customer is ${latest.verificationStatus}`);

  await deposit(customerId, '25000000'); // 25 USDT (scale 6)

  // §13.2: a quote fixes the rate and both amounts for its lifetime (CONVERSION_QUOTE_TTL_SECONDS).
  const ask = { sourceCurrency: 'USDT', targetCurrency: 'EUR', sourceAmountMinor: '10000000' };
  const quote =
    SURFACE === 'rest'
      ? await client.post<{ quoteId: string }>(`/partner/v1/customers/${customerId}/conversion-quotes`, ask)
      : (await client.execute<{ createConversionQuote: { quoteId: string } }>(
          `mutation($customerId: UUID!, $input: CreateConversionQuoteInput!) {
             createConversionQuote(customerId: $customerId, input: $input) {
               quoteId sourceAmountMinor targetAmountMinor midRate rate spreadBps spreadAmountMinor expiresAt
             }
           }`,
          { customerId, input: ask },
        )).createConversionQuote;
  show('quote', quote);

  // §13.3: the approval draft, authorized by evidence, converts at once (R4): both legs in one transaction.
  const conversion = await client.createConversionApprovalDraft(customerId, { quoteId: quote.quoteId }, approver(), { surface: SURFACE });
  show('conversion', conversion);

  await trail(customerId, conversion.conversionId);
});
