// §12.2 customer files: the documented example requests, run in the walk behind docs/api/operations.md
// (src/core/example.ts) and the source of the cross-cutting suites' requests.
import type { Example } from '../../core/example.js';

// The SHA-256 of the 1 048 576 bytes a partner would send by PUT to upload.path (bytes never pass GraphQL).
const SHA256 = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';

export default [
  {
    at: 120,
    op: 'createCustomerFile',
    args: (s, w) => ({
      customerId: w.per(s, 'customerId'),
      input: { source: 'UPLOAD', purpose: 'IDENTITY_DOCUMENT', fileName: 'passport.pdf', contentType: 'application/pdf', sizeBytes: 1048576, sha256: SHA256 },
    }),
    keep: (s, r, w) => w.keep(s, 'fileId', r.fileId),
  },
  {
    at: 121,
    op: 'createCustomerFile',
    args: (s, w) => ({
      customerId: w.per(s, 'customerId'),
      input: {
        source: 'LINK',
        purpose: 'PROOF_OF_ADDRESS',
        fileName: 'utility-bill.pdf',
        contentType: 'application/pdf',
        sizeBytes: 245760,
        sha256: SHA256,
        externalUri: 'https://files.partner.example/kyc/utility-bill.pdf',
        description: 'Electricity bill, March',
      },
    }),
    keep: (s, r, w) => w.keep(s, 'linkedFileId', r.fileId),
  },
  { at: 122, op: 'customerFile', args: (s, w) => ({ fileId: w.per(s, 'fileId') }) },
  { at: 123, op: 'customerFiles', args: (s, w) => ({ customerId: w.per(s, 'customerId'), statuses: ['LINKED'] }) },
] satisfies Example[];
