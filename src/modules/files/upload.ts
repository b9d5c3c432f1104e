// §12.2 the upload's second step, `PUT /partner/v1/files/{fileId}/content` (REST only, not an operation of
// the schema): checks 4–9 of its table, in order. Checks 1–3 (headers, size, signature and nonce) are the
// HTTP layer's, before the body reaches here. The bytes are sealed at rest and never returned or logged.
import { auditSubject, auditSuccess } from '../../core/audit.js';
import type { RequestContext } from '../../core/context.js';
import { Problem } from '../../core/problem.js';
import { transition } from '../lifecycle/index.js';
import { findFile, insertFileContent } from './repository.js';
import { receiveWhole, type ReceivedUpload } from './receive.js';
import { checkUploadedBytes, fileLifecycle, fileView } from './rules.js';
import type { CustomerFileView } from './tables.js';

/** What the audit trail (§8) names the upload: a mutation without a schema field, its target the file. */
export const UPLOAD_OPERATION = { name: 'uploadCustomerFileContent', target: 'fileId' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `received`: the body as the server read it (hashed and sealed as it came); else `body`, received here. */
export type UploadRequest = { contentType: string | undefined; contentEncoding: string | undefined; received?: ReceivedUpload; body: Buffer };

/** Checks 4–9; the file after it (unchanged for a same-bytes retry of an UPLOADED file). */
export async function uploadCustomerFileContent(ctx: RequestContext, fileId: string, req: UploadRequest): Promise<CustomerFileView> {
  // Check 4: the path id, then no Idempotency-Key (§16.8: a repeated PUT is safe by content).
  if (!UUID.test(fileId)) throw new Problem('VALIDATION_FAILED', '/fileId: must be a UUID', [{ pointer: '/fileId', detail: 'must be a UUID' }]);
  if (ctx.idempotencyKey !== undefined)
    throw new Problem('IDEMPOTENCY_SCOPE_INVALID', 'The file upload takes no Idempotency-Key: repeating it with the same bytes is safe. Send it without the header.');
  const received = req.received ?? receiveWhole(ctx.services.config.secretBox, fileId, req.body);
  const subject = auditSubject(UPLOAD_OPERATION, { fileId });
  return ctx.services.writer.run(async (tx) => {
    // Check 5: the file, the partner's.
    const file = await findFile(tx, fileId);
    if (!file) throw new Problem('FILE_NOT_FOUND', `File ${fileId} does not exist.`);
    if (file.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', 'This file belongs to another partner.');
    // Checks 6 and 7.
    checkUploadedBytes(file, req, received);
    const now = ctx.now.toISOString();
    // Check 8: a same-bytes retry of an UPLOADED file answers it unchanged, with no event (E2).
    if (file.status === 'UPLOADED') {
      await auditSuccess(tx, ctx, subject, fileId, false);
      return fileView(file);
    }
    const invalid = () =>
      new Problem('INVALID_STATE', `File ${fileId} is ${file.status === 'PENDING_UPLOAD' ? 'past its upload window' : file.status}: only a PENDING_UPLOAD file takes bytes, before upload.expiresAt.`);
    if (file.status !== 'PENDING_UPLOAD' || file.uploadExpiresAt === null || file.uploadExpiresAt <= now) throw invalid();
    // Check 9: compare-and-set against the expiry step (status and window).
    const uploaded = await transition(tx, fileLifecycle({ open: now }), {
      id: fileId,
      from: 'PENDING_UPLOAD',
      to: 'UPLOADED',
      at: now,
      set: { uploadedAt: now, uploadExpiresAt: null },
    });
    if (!uploaded) throw invalid();
    await insertFileContent(tx, fileId, received.sealed, now);
    await auditSuccess(tx, ctx, subject, fileId, false);
    return fileView(uploaded);
  });
}
