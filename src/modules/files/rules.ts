// §12.2 customer files: what a partner sees of one, its lifecycle, the shape rules of its input, the
// upload's checks, and the file references other operations make (§12.2 "File references").
import type { Exec } from '../../db/exec.js';
import type { CallContext } from '../../core/context.js';
import { FieldErrors, Problem } from '../../core/problem.js';
import type { Lifecycle } from '../lifecycle/index.js';
import { customerFileRecord } from './records.js';
import { findFiles, updateFile } from './repository.js';
import type { CustomerFileRow, CustomerFileView } from './tables.js';

/** §12.2: the three content types, and the leading bytes each file of the type starts with. */
export const FILE_SIGNATURES: Readonly<Record<string, Buffer>> = {
  'application/pdf': Buffer.from('%PDF-', 'latin1'),
  'image/jpeg': Buffer.from([0xff, 0xd8, 0xff]),
  'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

export const uploadPath = (fileId: string) => `/partner/v1/files/${fileId}/content`;

/** §12.2 `upload`: set while PENDING_UPLOAD only. */
export function fileView(row: CustomerFileRow): CustomerFileView {
  return {
    ...row,
    upload:
      row.status === 'PENDING_UPLOAD' && row.uploadExpiresAt
        ? { method: 'PUT', path: uploadPath(row.fileId), expiresAt: row.uploadExpiresAt, maxSizeBytes: row.sizeBytes }
        : null,
  };
}

/** A file's status changes (§12.2): upload and expiry, each a compare-and-set on status and window. */
export function fileLifecycle(window: { open: string } | { due: string }): Lifecycle<CustomerFileRow> {
  return {
    record: customerFileRecord,
    compareAndSet: (tx, id, from, set) => updateFile(tx, id, from, set, window),
    view: async (_tx, row) => fileView(row),
  };
}

/** The media type of a Content-Type value: `type/subtype` in lower case, parameters dropped. */
export function mediaTypeOf(value: string): string {
  return value.split(';')[0]!.trim().toLowerCase();
}

// U+0000–U+001F, U+007F–U+009F, the bidi controls, "/" and "\".
const FILE_NAME_FAULT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/u;

/** §12.2 stage B: the input's shape, every fault at once. */
export function checkFileInput(
  errors: FieldErrors,
  input: { source: string; fileName: string; contentType: string; sizeBytes: number; sha256: string; externalUri?: string | null; description?: string | null },
  maxBytes: number,
): void {
  const nameLength = [...input.fileName].length;
  if (nameLength < 1 || nameLength > 255) errors.add('/fileName', 'must be 1–255 characters');
  else if (FILE_NAME_FAULT.test(input.fileName)) errors.add('/fileName', 'must not contain "/", "\\", control characters or bidirectional controls');
  if (!(mediaTypeOf(input.contentType) in FILE_SIGNATURES) || !/^[^;]+\/[^;]+(;.*)?$/s.test(input.contentType))
    errors.add('/contentType', 'must be application/pdf, image/jpeg or image/png (parameters allowed)');
  if (!Number.isInteger(input.sizeBytes) || input.sizeBytes < 1 || input.sizeBytes > maxBytes) errors.add('/sizeBytes', `must be 1 to ${maxBytes} (FILE_MAX_BYTES)`);
  if (!/^[0-9a-f]{64}$/.test(input.sha256)) errors.add('/sha256', 'must be 64 lower-case hex characters (SHA-256)');
  if (input.description !== null && input.description !== undefined && [...input.description].length > 500) errors.add('/description', 'must be at most 500 characters');
  const uri = input.externalUri;
  if (input.source === 'UPLOAD') {
    if (uri !== null && uri !== undefined) errors.add('/externalUri', 'is refused for source UPLOAD: the bytes are sent by PUT');
  } else if (uri === null || uri === undefined) errors.add('/externalUri', 'is required for source LINK');
  else {
    const fault = externalUriFault(uri);
    if (fault) errors.add('/externalUri', fault);
  }
}

/** §12.2: a WHATWG absolute URL of at most 2048 characters, https, without userinfo, query or fragment. */
function externalUriFault(uri: string): string | undefined {
  if ([...uri].length > 2048) return 'must be at most 2048 characters';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:') return 'must use the https scheme';
  if (url.username !== '' || url.password !== '' || /^https:\/\/[^/?#]*@/i.test(uri)) return 'must not carry userinfo';
  if (url.search !== '' || uri.includes('?')) return 'must not have a query';
  if (url.hash !== '' || uri.includes('#')) return 'must not have a fragment';
  return undefined;
}

/** The checks of the upload that read the bytes (§12.2 checks 6 and 7), in order, on what was received of them. */
export function checkUploadedBytes(
  file: CustomerFileRow,
  headers: { contentType: string | undefined; contentEncoding: string | undefined },
  body: { size: number; head: Buffer; sha256: string },
): void {
  // Check 6: the declared type, no content coding, the type's leading bytes.
  if (headers.contentType === undefined || mediaTypeOf(headers.contentType) !== file.contentType)
    throw new Problem('FILE_TYPE_NOT_ALLOWED', `Send the bytes with Content-Type ${file.contentType}, the file's declared type.`);
  const encoding = headers.contentEncoding?.trim().toLowerCase();
  if (encoding !== undefined && encoding !== '' && encoding !== 'identity')
    throw new Problem('FILE_TYPE_NOT_ALLOWED', 'Send the bytes as they are: no Content-Encoding (or identity).');
  const signature = FILE_SIGNATURES[file.contentType]!;
  if (body.head.length < signature.length || !body.head.subarray(0, signature.length).equals(signature))
    throw new Problem('FILE_TYPE_NOT_ALLOWED', `The bytes do not start as a ${file.contentType} file does.`);
  // Check 7: the declared length and hash.
  if (body.size !== file.sizeBytes || body.sha256 !== file.sha256)
    throw new Problem(
      'FILE_INTEGRITY_MISMATCH',
      `The bytes differ from the file's record: expected ${file.sizeBytes} bytes with SHA-256 ${file.sha256}, received ${body.size} bytes with SHA-256 ${body.sha256}.`,
    );
}

/** The answer to a file reference (§12.2): stage D done; `requireReady()` is its stage H check. */
export type FileReferences = { files: CustomerFileRow[]; requireReady(): void };

/**
 * §12.2 "File references", for every `fileIds` (§12.3 and later areas) and `supportFiles[].fileAssetId` of §4.3. Stage
 * D, in the order given: unknown → 404 FILE_NOT_FOUND; another partner's or another customer's → 403
 * FORBIDDEN. The returned `requireReady()` is stage H (after the gate): a PENDING_UPLOAD or EXPIRED file
 * → 409 FILE_NOT_READY; UPLOADED and LINKED files are ready.
 */
export async function fileReferences(tx: Exec, ctx: CallContext, customerId: string, fileIds: readonly string[]): Promise<FileReferences> {
  const found = new Map((await findFiles(tx, [...new Set(fileIds)])).map((f) => [f.fileId, f]));
  const files = fileIds.map((id) => {
    const f = found.get(id);
    if (!f) throw new Problem('FILE_NOT_FOUND', `File ${id} does not exist.`);
    if (f.clientId !== ctx.clientId) throw new Problem('FORBIDDEN', `File ${id} belongs to another partner.`);
    if (f.customerId !== customerId) throw new Problem('FORBIDDEN', `File ${id} belongs to another customer.`);
    return f;
  });
  return {
    files,
    requireReady: () => {
      const notReady = files.find((f) => f.status === 'PENDING_UPLOAD' || f.status === 'EXPIRED');
      if (notReady) throw new Problem('FILE_NOT_READY', `File ${notReady.fileId} is ${notReady.status}: only UPLOADED and LINKED files may be named.`);
    },
  };
}
