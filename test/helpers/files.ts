// §12.2 customer files as a partner makes them: the record (UPLOAD or LINK), then the bytes by a signed PUT.
import { createHash, randomBytes } from 'node:crypto';
import { selectionOf } from './sdl-fields.js';
import type { Client, Reply, RequestOptions, TestServer } from './harness.js';

export const FILE_FIELDS = selectionOf('PartnerCustomerFile');

/** The bytes of a small file of each type: its leading bytes, then `size` in all (random filler). */
export function fileBytes(type: 'application/pdf' | 'image/jpeg' | 'image/png' = 'application/pdf', size = 64): Buffer {
  const head = {
    'application/pdf': Buffer.from('%PDF-1.7\n', 'latin1'),
    'image/jpeg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    'image/png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  }[type];
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]).subarray(0, size);
}

export const sha256Of = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The input of an UPLOAD file describing `bytes`. */
export function uploadInput(bytes: Buffer, o: Record<string, unknown> = {}) {
  return { source: 'UPLOAD', purpose: 'IDENTITY_DOCUMENT', fileName: 'passport.pdf', contentType: 'application/pdf', sizeBytes: bytes.length, sha256: sha256Of(bytes), ...o };
}

/** The input of a LINK file. */
export function linkInput(o: Record<string, unknown> = {}) {
  const bytes = fileBytes();
  return { source: 'LINK', purpose: 'PROOF_OF_ADDRESS', fileName: 'bill.pdf', contentType: 'application/pdf', sizeBytes: bytes.length, sha256: sha256Of(bytes), externalUri: 'https://files.partner.example/kyc/bill.pdf', ...o };
}

export function createFile(server: TestServer, client: Client, customerId: string, input: Record<string, unknown>, o: RequestOptions = {}): Promise<Reply> {
  return server.request(client, 'POST', `/partner/v1/customers/${customerId}/files`, { body: input, timestamp: server.clock.now().toISOString(), ...o });
}

/** The signed PUT of `bytes` (Content-Type: the given one, default application/pdf). */
export function putContent(server: TestServer, client: Client, fileId: string, bytes: Buffer, o: RequestOptions & { contentType?: string | null } = {}): Promise<Reply> {
  const { contentType = 'application/pdf', ...rest } = o;
  const headers: Record<string, string> = { ...(contentType === null ? {} : { 'content-type': contentType }), ...(rest.headers ?? {}) };
  return server.request(client, 'PUT', `/partner/v1/files/${fileId}/content`, { rawBody: bytes, timestamp: server.clock.now().toISOString(), ...rest, headers });
}

/** A LINKED file of the customer's (ready at once). */
export async function linkedFile(server: TestServer, client: Client, customerId: string, o: Record<string, unknown> = {}): Promise<string> {
  const r = await createFile(server, client, customerId, linkInput(o));
  if (r.status !== 200) throw new Error(`createCustomerFile failed: ${r.text}`);
  return r.body.fileId;
}

/** An UPLOADED file of the customer's: the record, then its bytes. */
export async function uploadedFile(server: TestServer, client: Client, customerId: string): Promise<string> {
  const bytes = fileBytes();
  const r = await createFile(server, client, customerId, uploadInput(bytes));
  if (r.status !== 200) throw new Error(`createCustomerFile failed: ${r.text}`);
  const put = await putContent(server, client, r.body.fileId, bytes);
  if (put.status !== 200) throw new Error(`upload failed: ${put.text}`);
  return r.body.fileId;
}
