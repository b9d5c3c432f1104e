// §12.2 the upload's second step, `PUT /partner/v1/files/{fileId}/content`: REST only and not JSON, so not
// an operation of the schema. The pipeline routes it like any signed call (§2 auth, rate limit, the audit
// of a refusal); its body limit is FILE_MAX_BYTES instead of §6's 64 KiB, checked after the headers that
// need no body (server.ts asks `bodyLimitOf`). The files module runs checks 4–9; this renders.
import { renderAs } from '../graphql/render.js';
import { sessionReadOnly } from '../graphql/session-access.js';
import { UPLOAD_OPERATION, uploadCustomerFileContent } from '../modules/files/index.js';
import { Problem } from '../core/problem.js';
import { json } from './render.js';
import type { SurfaceCall } from './surface.js';
import type { HttpCall } from './types.js';

/** The metrics label and the OpenAPI path of the upload. */
export const UPLOAD_TEMPLATE = '/partner/v1/files/:fileId/content';
const UPLOAD_PATH = /^\/partner\/v1\/files\/([^/]+)\/content$/;

/** The path's raw file id when `pathname` is the upload's path. */
export function uploadPathId(pathname: string): string | undefined {
  return UPLOAD_PATH.exec(pathname)?.[1];
}

/** The file id the upload looks up (and seals its bytes under), or undefined when the path's is not percent-encoding. */
export function uploadFileIdOf(rawId: string): string | undefined {
  try {
    // §9.4: ids compare case-insensitively; lower case, as the UUID scalar gives every other path id.
    return decodeURIComponent(rawId).toLowerCase();
  } catch {
    return undefined;
  }
}

/** A signed upload of a matched path. */
export function uploadCall(call: HttpCall, rawId: string): SurfaceCall {
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
