// §12.2 the upload's second step, `PUT /partner/v1/files/{fileId}/content`: REST only and not JSON, so not
// an operation of the schema but a signed route of the pipeline (§2 auth, rate limit, the audit of a
// refusal). Its body may be FILE_MAX_BYTES instead of §6's 64 KiB: the pipeline admits it after the checks
// that need no body (check 1 of §12.2's table) and a slot among the client's uploads in flight, then the
// server hands its bytes to an UploadReceiver (receive.ts: hashed and sealed as they come, never kept
// whole). upload.ts runs checks 4–9; this renders.
import { httpRoutes, json, signedRoute, type HttpCall, type SurfaceCall } from '../../core/http-route.js';
import { Problem } from '../../core/problem.js';
import { renderAs } from '../../graphql/render.js';
import { sessionReadOnly } from '../../graphql/session-access.js';
import { UploadReceiver, type ReceivedUpload } from './receive.js';
import { UPLOAD_OPERATION, uploadCustomerFileContent } from './upload.js';

/** The metrics label and the OpenAPI path of the upload. */
export const UPLOAD_TEMPLATE = '/partner/v1/files/:fileId/content';

/** The file id the upload looks up (and seals its bytes under), or undefined when the path's is not percent-encoding. */
function uploadFileIdOf(rawId: string): string | undefined {
  try {
    // §9.4: ids compare case-insensitively; lower case, as the UUID scalar gives every other path id.
    return decodeURIComponent(rawId).toLowerCase();
  } catch {
    return undefined;
  }
}

export default httpRoutes(({ config }) => [
  signedRoute<ReceivedUpload>({
    path: UPLOAD_TEMPLATE,
    methods: ['PUT'],
    access: 'signed',
    largeBody: {
      maxBytes: config.fileMaxBytes,
      perClient: {
        limit: config.uploadConcurrencyPerClient,
        refusal: `At most ${config.uploadConcurrencyPerClient} file uploads of a partner client at once (UPLOAD_CONCURRENCY_PER_CLIENT).`,
      },
      receiver: ({ fileId }) => {
        const id = uploadFileIdOf(fileId!);
        return id === undefined ? undefined : new UploadReceiver(config.secretBox, id);
      },
    },
    call: (call, { fileId }) => uploadCall(call, fileId!),
  }),
]);

/** A signed upload of a matched path. */
function uploadCall(call: HttpCall & { upload?: ReceivedUpload }, rawId: string): SurfaceCall {
  const fileId = uploadFileIdOf(rawId);
  return {
    execute: async (ctx) => {
      if (fileId === undefined) throw new Problem('INVALID_REQUEST', 'The path is not valid percent-encoding.');
      const file = await uploadCustomerFileContent(ctx, fileId, {
        contentType: call.headers['content-type'],
        contentEncoding: call.headers['content-encoding'],
        received: call.upload,
        body: call.body,
      });
      return { reply: json(200, renderAs('PartnerCustomerFile', file)) };
    },
    attempt: () => ({ descriptor: UPLOAD_OPERATION, args: { fileId: fileId ?? rawId } }),
    // §17.2: a session never writes, and the upload is a write.
    sessionRefusal: () => sessionReadOnly(`PUT ${UPLOAD_TEMPLATE}`),
  };
}
