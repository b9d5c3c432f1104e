// What the file codes (§7, §16.7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'files'> = {
  FILE_TYPE_NOT_ALLOWED: {
    when: "The upload's Content-Type is not the file's declared contentType, it has a Content-Encoding, or its bytes do not start as a file of that type does (PDF, JPEG, PNG).",
    action: 'Send the raw bytes of the file, unencoded, with the Content-Type you declared in createCustomerFile.',
  },
  FILE_INTEGRITY_MISMATCH: {
    when: 'The uploaded bytes differ in length or SHA-256 from the sizeBytes and sha256 of the file record; the detail gives both.',
    action: 'Upload the exact file you described, or create a new file record with its real size and hash.',
  },
  FILE_NOT_FOUND: {
    when: 'The fileId (in the path, in fileIds or in supportFiles[].fileAssetId) names no file.',
    action: 'Create the file first (createCustomerFile), or check the id.',
  },
  FILE_NOT_READY: {
    when: 'A file you named is PENDING_UPLOAD (its bytes have not arrived) or EXPIRED (they never did).',
    action: 'Upload the bytes (PUT upload.path) before naming the file, or create it again and upload in time.',
  },
};
