// §12.2 createCustomerFile: B → C → D customer → I. UPLOAD → PENDING_UPLOAD (its bytes follow by a signed
// PUT before upload.expiresAt), LINK → LINKED (a reference the partner vouches for, never fetched). No
// gate: a SUSPENDED or unverified customer may send files.
import { randomUUID } from 'node:crypto';
import { mutation } from '../../../core/operation.js';
import { requireOwnCustomer } from '../../../core/customer-ownership.js';
import { recordEvent } from '../../events/index.js';
import { insertFile } from '../repository.js';
import { checkFileInput, fileView, mediaTypeOf } from '../rules.js';

export default mutation('createCustomerFile', {
  rest: { method: 'POST', path: '/partner/v1/customers/:customerId/files' },
  target: 'customerId',
  evidence: null,
  resultId: (f) => f.fileId,
  validate: ({ input }, errors, ctx) => checkFileInput(errors, input, ctx.services.config.fileMaxBytes),
  run: async (tx, ctx, { customerId, input }) => {
    await requireOwnCustomer(tx, ctx, customerId);
    const now = ctx.now.toISOString();
    const upload = input.source === 'UPLOAD';
    const file = await insertFile(tx, {
      fileId: randomUUID(),
      customerId,
      clientId: ctx.clientId,
      source: input.source,
      purpose: input.purpose,
      fileName: input.fileName,
      contentType: mediaTypeOf(input.contentType),
      sizeBytes: input.sizeBytes,
      sha256: input.sha256,
      externalUri: upload ? null : (input.externalUri ?? null),
      description: input.description ?? null,
      status: upload ? 'PENDING_UPLOAD' : 'LINKED',
      uploadExpiresAt: upload ? new Date(ctx.now.getTime() + ctx.services.config.fileUploadWindowSeconds * 1000).toISOString() : null,
      uploadedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    const view = fileView(file);
    // §12.5: `customer_file.pending_upload` or `.linked`, sequence 1.
    await recordEvent(tx, {
      resourceType: 'CUSTOMER_FILE',
      resourceId: file.fileId,
      clientId: file.clientId,
      customerId,
      resource: view,
      status: file.status,
      previousStatus: null,
      at: now,
    });
    return view;
  },
});
