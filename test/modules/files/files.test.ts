// §12.2 customer files: createCustomerFile (UPLOAD, LINK), customerFile, customerFiles, the signed upload
// PUT with its own order of checks, the expiry step, events, bytes sealed at rest.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suspendCustomer } from '../../../src/modules/customers/operators.js';
import { PartnerClient } from '../../../src/client/index.js';
import { signedHeaders } from '../../../src/http/signature.js';
import { Scenario, startTestServer, type Client, type TestServer } from '../../helpers/harness.js';
import { createFile, FILE_FIELDS, fileBytes, linkInput, putContent, sha256Of, uploadInput } from '../../helpers/files.js';
import { eventsOf } from '../../helpers/lifecycle.js';
import { expectProblem, expectRestProblem, pointersOf } from '../../helpers/problems.js';

const WINDOW_S = 3600;

let server: TestServer;
let s: Scenario;
let customerId: string;
beforeAll(async () => {
  server = await startTestServer({ FILE_MAX_BYTES: String(200 * 1024), FILE_UPLOAD_WINDOW_SECONDS: String(WINDOW_S) });
  s = await Scenario.create(server);
  customerId = await s.customer();
});
afterAll(() => server?.stop());

const GET_FILE = `query($id: UUID!) { customerFile(fileId: $id) { ${FILE_FIELDS} } }`;
const auditOf = (fileId: string) =>
  server.db.all<{ operation: string; status: number; problem_code: string | null; result_id: string | null }>(
    'SELECT operation, status, problem_code, result_id FROM audit_events WHERE target_id = ? ORDER BY id',
    fileId,
  );

async function pending(bytes = fileBytes(), o: Record<string, unknown> = {}, client: Client = s.client, customer = customerId) {
  const r = await createFile(server, client, customer, uploadInput(bytes, o));
  expect(r.status, r.text).toBe(200);
  return r.body as Record<string, any> & { fileId: string };
}

describe('createCustomerFile (§12.2)', () => {
  it('UPLOAD → PENDING_UPLOAD with its upload; event customer_file.pending_upload (sequence 1) = the by-id view', async () => {
    const bytes = fileBytes('image/png', 100);
    const f = await pending(bytes, { contentType: 'IMAGE/PNG; foo=bar', fileName: 'selfie.png', purpose: 'SELFIE', description: 'front' });
    expect(Object.keys(f).sort()).toEqual(FILE_FIELDS.split(' ').filter((x) => !['{', '}', 'method', 'path', 'expiresAt', 'maxSizeBytes'].includes(x)).sort());
    expect(f).toMatchObject({
      customerId,
      source: 'UPLOAD',
      purpose: 'SELFIE',
      fileName: 'selfie.png',
      contentType: 'image/png',
      sizeBytes: 100,
      sha256: sha256Of(bytes),
      externalUri: null,
      description: 'front',
      status: 'PENDING_UPLOAD',
      uploadedAt: null,
    });
    expect(f.upload).toEqual({
      method: 'PUT',
      path: `/partner/v1/files/${f.fileId}/content`,
      expiresAt: new Date(Date.parse(f.createdAt) + WINDOW_S * 1000).toISOString(),
      maxSizeBytes: 100,
    });
    const q = await server.gql(s.client, GET_FILE, { id: f.fileId });
    expect(q.body.data.customerFile).toEqual(f);
    const events = await eventsOf(server, s.client, f.fileId);
    expect(events.map((e: any) => [e.type, e.sequence])).toEqual([['customer_file.pending_upload', 1]]);
    const { externalUri: _, ...data } = f;
    expect(events[0].data).toEqual(data);
  });

  it('LINK → LINKED, no upload; its externalUri appears in no event (E4)', async () => {
    const uri = `https://files.partner.example/kyc/${randomUUID()}.pdf`;
    const r = await createFile(server, s.client, customerId, linkInput({ externalUri: uri }));
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ source: 'LINK', status: 'LINKED', externalUri: uri, upload: null, uploadedAt: null });
    const events = await eventsOf(server, s.client, r.body.fileId);
    expect(events.map((e: any) => e.type)).toEqual(['customer_file.linked']);
    expect(events[0].data).not.toHaveProperty('externalUri');
    expect(await server.db.count('SELECT COUNT(*) AS n FROM events WHERE data LIKE ?', `%${uri}%`)).toBe(0);
  });

  it('stage B: every fault at once, 400 VALIDATION_FAILED with each pointer', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ fileName: '' }, '/fileName'],
      [{ fileName: 'x'.repeat(256) }, '/fileName'],
      [{ fileName: 'a/b.pdf' }, '/fileName'],
      [{ fileName: 'a\\b.pdf' }, '/fileName'],
      [{ fileName: 'evil\u202Efdp.exe' }, '/fileName'],
      [{ fileName: 'bell\u0085.pdf' }, '/fileName'],
      [{ contentType: 'text/plain' }, '/contentType'],
      [{ contentType: 'application/pdfx' }, '/contentType'],
      [{ sizeBytes: 0 }, '/sizeBytes'],
      [{ sizeBytes: 200 * 1024 + 1 }, '/sizeBytes'],
      [{ sha256: 'A'.repeat(64) }, '/sha256'],
      [{ externalUri: 'https://x.example/a.pdf' }, '/externalUri'],
      [{ description: 'd'.repeat(501) }, '/description'],
    ];
    for (const [o, pointer] of cases) expectProblem(await createFile(server, s.client, customerId, uploadInput(fileBytes(), o)), 400, 'VALIDATION_FAILED', { pointer, message: JSON.stringify(o) });
    const links: [Record<string, unknown>, string][] = [
      [{ externalUri: null }, '/externalUri'],
      [{ externalUri: 'http://x.example/a.pdf' }, '/externalUri'],
      [{ externalUri: 'https://x.example/a.pdf?sig=1' }, '/externalUri'],
      [{ externalUri: 'https://x.example/a.pdf?' }, '/externalUri'],
      [{ externalUri: 'https://x.example/a.pdf#p1' }, '/externalUri'],
      [{ externalUri: 'https://user:pw@x.example/a.pdf' }, '/externalUri'],
      [{ externalUri: '/relative/a.pdf' }, '/externalUri'],
      [{ externalUri: `https://x.example/${'a'.repeat(2040)}` }, '/externalUri'],
    ];
    for (const [o, pointer] of links) expectProblem(await createFile(server, s.client, customerId, linkInput(o)), 400, 'VALIDATION_FAILED', { pointer, message: JSON.stringify(o) });
    const all = await createFile(server, s.client, customerId, uploadInput(fileBytes(), { fileName: '', sizeBytes: 0, sha256: 'x', externalUri: 'https://x.example/' }));
    expect(pointersOf(all.body).sort()).toEqual(['/externalUri', '/fileName', '/sha256', '/sizeBytes']);
  });

  it('stage D: unknown customer → 404 CUSTOMER_NOT_FOUND; another partner\'s → 403; no gate: a SUSPENDED customer may send files', async () => {
    expectRestProblem(await createFile(server, s.client, randomUUID(), linkInput()), 404, 'CUSTOMER_NOT_FOUND');
    const other = await Scenario.create(server);
    expectRestProblem(await createFile(server, other.client, customerId, linkInput()), 403, 'FORBIDDEN');
    const c = await s.customer();
    await server.operator((db) => suspendCustomer(db, c, true));
    expect((await createFile(server, s.client, c, linkInput())).status).toBe(200);
  });

  it('customerFile: unknown → null (REST 404 FILE_NOT_FOUND); another partner\'s → 403', async () => {
    const q = await server.gql(s.client, GET_FILE, { id: randomUUID() });
    expect(q.body.data.customerFile).toBeNull();
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/files/${randomUUID()}`), 404, 'FILE_NOT_FOUND');
    const f = await pending();
    const other = await Scenario.create(server);
    expectRestProblem(await server.request(other.client, 'GET', `/partner/v1/files/${f.fileId}`), 403, 'FORBIDDEN');
    expect((await server.request(s.client, 'GET', `/partner/v1/files/${f.fileId}`)).body).toEqual(f);
  });

  it('customerFiles: newest first, by statuses and purposes, on both surfaces', async () => {
    const c = await s.customer();
    const a = (await createFile(server, s.client, c, linkInput({ purpose: 'BANK_STATEMENT' }))).body;
    const b = await pending(fileBytes(), { purpose: 'SELFIE' }, s.client, c);
    const list = await server.request(s.client, 'GET', `/partner/v1/customers/${c}/files`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((f: any) => f.fileId)).toEqual([b.fileId, a.fileId]);
    const linked = await server.request(s.client, 'GET', `/partner/v1/customers/${c}/files?statuses=LINKED`);
    expect(linked.body.items.map((f: any) => f.fileId)).toEqual([a.fileId]);
    const g = await server.gql(s.client, `query($c: UUID!) { customerFiles(customerId: $c, purposes: [SELFIE]) { items { ${FILE_FIELDS} } pageInfo { hasNextPage } } }`, { c });
    expect(g.body.data.customerFiles.items).toEqual([b]);
    expectRestProblem(await server.request(s.client, 'GET', `/partner/v1/customers/${randomUUID()}/files`), 404, 'CUSTOMER_NOT_FOUND');
  });
});

describe('PUT /partner/v1/files/{fileId}/content (§12.2)', () => {
  it('stores the bytes sealed: UPLOADED, uploadedAt, no upload; event customer_file.uploaded; a same-bytes retry answers it unchanged, no event; audited', async () => {
    // Larger than §6's 64 KiB: this path takes up to FILE_MAX_BYTES.
    const bytes = fileBytes('application/pdf', 100 * 1024);
    const f = await pending(bytes);
    const r = await putContent(server, s.client, f.fileId, bytes, { contentType: 'application/PDF; q=1' });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ fileId: f.fileId, status: 'UPLOADED', upload: null, uploadedAt: r.body.updatedAt });
    expect((await server.request(s.client, 'GET', `/partner/v1/files/${f.fileId}`)).body).toEqual(r.body);
    const again = await putContent(server, s.client, f.fileId, bytes);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(r.body);
    expect((await eventsOf(server, s.client, f.fileId)).map((e: any) => [e.type, e.sequence])).toEqual([
      ['customer_file.pending_upload', 1],
      ['customer_file.uploaded', 2],
    ]);
    const row = await server.db.get<{ sealed: string }>('SELECT sealed FROM customer_file_contents WHERE file_id = ?', f.fileId);
    expect(row!.sealed).not.toContain(bytes.subarray(0, 64).toString('base64url'));
    expect(server.config.secretBox.openBytes(f.fileId, row!.sealed).equals(bytes)).toBe(true);
    // §8: both PUTs audited (the create's target is the customer).
    expect(await auditOf(f.fileId)).toEqual([
      { operation: 'uploadCustomerFileContent', status: 200, problem_code: null, result_id: f.fileId },
      { operation: 'uploadCustomerFileContent', status: 200, problem_code: null, result_id: f.fileId },
    ]);
  });

  it('the partner client uploads: PartnerClient.uploadFileContent signs the raw bytes', async () => {
    const bytes = fileBytes('image/jpeg', 300);
    const f = await pending(bytes, { contentType: 'image/jpeg', fileName: 'id.jpg' });
    const client = new PartnerClient({ baseUrl: server.url, clientId: s.client.clientId, secret: s.client.secret, now: server.clock.now });
    const uploaded = await client.uploadFileContent<{ status: string }>(f.fileId, bytes, 'image/jpeg');
    expect(uploaded.status).toBe('UPLOADED');
    await expect(client.uploadFileContent(f.fileId, fileBytes('image/jpeg', 300), 'image/jpeg')).rejects.toMatchObject({ code: 'FILE_INTEGRITY_MISMATCH', status: 400 });
  });

  it('the path id compares case-insensitively (§9.4): an upper-case fileId uploads the file; its audit names the lower-case id', async () => {
    const bytes = fileBytes();
    const f = await pending(bytes);
    const r = await putContent(server, s.client, f.fileId.toUpperCase(), bytes);
    expect([r.status, r.body?.fileId, r.body?.status], r.text).toEqual([200, f.fileId, 'UPLOADED']);
    expect((await auditOf(f.fileId)).length).toBeGreaterThan(0);
  });

  it('two uploads of the same bytes at once: both 200, one UPLOADED event, one sealed copy (§16.4)', async () => {
    const bytes = fileBytes();
    const f = await pending(bytes);
    const [a, b] = await Promise.all([putContent(server, s.client, f.fileId, bytes), putContent(server, s.client, f.fileId, bytes)]);
    expect([a.status, b.status], a.text + b.text).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect((await eventsOf(server, s.client, f.fileId)).map((e: any) => e.type)).toEqual(['customer_file.pending_upload', 'customer_file.uploaded']);
    expect(await server.db.count('SELECT COUNT(*) AS n FROM customer_file_contents WHERE file_id = ?', f.fileId)).toBe(1);
  });

  it('check 1 before 2: no auth headers and a Content-Length over FILE_MAX_BYTES → 401; check 2 before 3: a wrong signature and too many bytes → 413', async () => {
    const f = await pending();
    const big = Buffer.alloc(200 * 1024 + 1, 0x25);
    expectRestProblem(await putContent(server, s.client, f.fileId, big, { sign: false }), 401, 'AUTH_HEADERS_MISSING');
    expectRestProblem(await putContent(server, s.client, f.fileId, big, { headers: { 'x-partner-client-id': 'nobody-here' } }), 401, 'AUTH_CLIENT_UNKNOWN');
    expectRestProblem(await putContent(server, s.client, f.fileId, big, { headers: { 'x-partner-signature': '0'.repeat(64) } }), 413, 'PAYLOAD_TOO_LARGE');
    expectRestProblem(await putContent(server, s.client, f.fileId, fileBytes(), { headers: { 'x-partner-signature': '0'.repeat(64) } }), 401, 'AUTH_SIGNATURE_INVALID');
  });

  it('check 2 without Content-Length: chunked bytes past FILE_MAX_BYTES → 413', async () => {
    const f = await pending();
    const path = `/partner/v1/files/${f.fileId}/content`;
    const headers = signedHeaders(s.client.secret, { method: 'PUT', path, clientId: s.client.clientId, body: 'whatever', timestamp: server.clock.now().toISOString() });
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method: 'PUT', path, headers: { ...headers, 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(16 * 1024, 0x41);
      let sent = 0;
      const pump = () => {
        while (sent < 400 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it('check 4: a fileId that is no UUID → 400 VALIDATION_FAILED; an Idempotency-Key → 400 IDEMPOTENCY_SCOPE_INVALID; other methods → 405', async () => {
    expectRestProblem(await putContent(server, s.client, 'not-a-uuid', fileBytes()), 400, 'VALIDATION_FAILED', '/fileId');
    const f = await pending();
    expectRestProblem(await putContent(server, s.client, f.fileId, fileBytes(), { idempotencyKey: randomUUID() }), 400, 'IDEMPOTENCY_SCOPE_INVALID');
    const get = await server.request(s.client, 'GET', `/partner/v1/files/${f.fileId}/content`);
    expectRestProblem(get, 405, 'METHOD_NOT_ALLOWED');
    expect(get.headers.get('allow')).toBe('PUT');
  });

  it('check 5: unknown → 404 FILE_NOT_FOUND; another partner\'s → 403 FORBIDDEN (audited refusals)', async () => {
    const id = randomUUID();
    expectRestProblem(await putContent(server, s.client, id, fileBytes()), 404, 'FILE_NOT_FOUND');
    const f = await pending();
    const other = await Scenario.create(server);
    expectRestProblem(await putContent(server, other.client, f.fileId, fileBytes()), 403, 'FORBIDDEN');
    expect(await auditOf(id)).toEqual([{ operation: 'uploadCustomerFileContent', status: 404, problem_code: 'FILE_NOT_FOUND', result_id: null }]);
  });

  it('check 6: Content-Type absent or another type, a Content-Encoding, or other leading bytes → 415 FILE_TYPE_NOT_ALLOWED', async () => {
    const bytes = fileBytes();
    const f = await pending(bytes);
    expectRestProblem(await putContent(server, s.client, f.fileId, bytes, { contentType: null }), 415, 'FILE_TYPE_NOT_ALLOWED');
    expectRestProblem(await putContent(server, s.client, f.fileId, bytes, { contentType: 'image/png' }), 415, 'FILE_TYPE_NOT_ALLOWED');
    expectRestProblem(await putContent(server, s.client, f.fileId, bytes, { headers: { 'content-encoding': 'gzip' } }), 415, 'FILE_TYPE_NOT_ALLOWED');
    expect((await putContent(server, s.client, f.fileId, bytes, { headers: { 'content-encoding': 'identity' } })).status).toBe(200);
    const png = fileBytes('image/png');
    const g = await pending(png, { contentType: 'application/pdf' });
    // Right header, wrong leading bytes: 415 before the integrity check (the hash matches the record).
    expectRestProblem(await putContent(server, s.client, g.fileId, png), 415, 'FILE_TYPE_NOT_ALLOWED');
  });

  it('check 7: length or SHA-256 other than the record → 400 FILE_INTEGRITY_MISMATCH naming expected and received', async () => {
    const bytes = fileBytes('application/pdf', 80);
    const f = await pending(bytes);
    const shorter = bytes.subarray(0, 79);
    const r = await putContent(server, s.client, f.fileId, shorter);
    expectRestProblem(r, 400, 'FILE_INTEGRITY_MISMATCH');
    for (const part of ['80', '79', sha256Of(bytes), sha256Of(shorter)]) expect(r.body.detail).toContain(part);
    const altered = Buffer.from(bytes);
    altered[70] = altered[70]! ^ 1;
    expectRestProblem(await putContent(server, s.client, f.fileId, altered), 400, 'FILE_INTEGRITY_MISMATCH');
    expect((await server.request(s.client, 'GET', `/partner/v1/files/${f.fileId}`)).body.status).toBe('PENDING_UPLOAD');
  });

  it('check 8: a LINKED file, or PENDING_UPLOAD at or after upload.expiresAt → 409 INVALID_STATE; the expiry step makes it EXPIRED, event customer_file.expired', async () => {
    const bytes = fileBytes();
    const link = (await createFile(server, s.client, customerId, linkInput({ sha256: sha256Of(bytes), sizeBytes: bytes.length }))).body;
    expectRestProblem(await putContent(server, s.client, link.fileId, bytes), 409, 'INVALID_STATE');
    const f = await pending(bytes);
    server.clock.advance(WINDOW_S * 1000);
    expectRestProblem(await putContent(server, s.client, f.fileId, bytes), 409, 'INVALID_STATE');
    await server.advanceWorker();
    const after = (await server.request(s.client, 'GET', `/partner/v1/files/${f.fileId}`)).body;
    expect(after).toMatchObject({ status: 'EXPIRED', upload: null, uploadedAt: null });
    expect((await eventsOf(server, s.client, f.fileId)).map((e: any) => e.type)).toEqual(['customer_file.pending_upload', 'customer_file.expired']);
    expectRestProblem(await putContent(server, s.client, f.fileId, bytes), 409, 'INVALID_STATE');
  });
});

describe('file references: supportFiles[].fileAssetId of createCryptoWalletBeneficiary (§4.3 as amended, §16.8)', () => {
  const beneficiary = (c: string, fileIds: string[], o: Record<string, unknown> = {}) =>
    s.beneficiary(c, { supportFiles: fileIds.map((fileAssetId) => ({ fileAssetId, purpose: 'proof' })), ...o });

  it('D: unknown → 404 FILE_NOT_FOUND; another customer\'s or partner\'s → 403 FORBIDDEN; in list order, before the route (E)', async () => {
    const c = await s.customer();
    const mine = (await createFile(server, s.client, c, linkInput())).body.fileId;
    const otherCustomers = (await createFile(server, s.client, customerId, linkInput())).body.fileId;
    const other = await Scenario.create(server);
    const otherPartners = (await createFile(server, other.client, await other.customer(), linkInput())).body.fileId;
    expectRestProblem(await beneficiary(c, [mine, randomUUID()]), 404, 'FILE_NOT_FOUND');
    expectRestProblem(await beneficiary(c, [otherCustomers]), 403, 'FORBIDDEN');
    expectRestProblem(await beneficiary(c, [otherPartners]), 403, 'FORBIDDEN');
    expectRestProblem(await beneficiary(c, [randomUUID()], { routeCode: 'NO-SUCH-ROUTE' }), 404, 'FILE_NOT_FOUND');
    expectRestProblem(await beneficiary(c, [mine], { routeCode: 'NO-SUCH-ROUTE' }), 403, 'ROUTE_NOT_PERMITTED');
  });

  it('H: PENDING_UPLOAD or EXPIRED → 409 FILE_NOT_READY, after the gate and before DUPLICATE_WALLET_BENEFICIARY; UPLOADED and LINKED are ready', async () => {
    const c = await s.customer();
    const waiting = (await createFile(server, s.client, c, uploadInput(fileBytes()))).body.fileId;
    const linked = (await createFile(server, s.client, c, linkInput())).body.fileId;
    expectRestProblem(await beneficiary(c, [linked, waiting]), 409, 'FILE_NOT_READY');
    const ok = await beneficiary(c, [linked]);
    expect(ok.status, ok.text).toBe(200);
    // The same address again: FILE_NOT_READY comes before the duplicate.
    expectRestProblem(await beneficiary(c, [waiting], { walletAddress: ok.body.walletAddress }), 409, 'FILE_NOT_READY');
    expectRestProblem(await beneficiary(c, [linked], { walletAddress: ok.body.walletAddress }), 409, 'DUPLICATE_WALLET_BENEFICIARY');
    await server.operator((db) => suspendCustomer(db, c, true));
    expectRestProblem(await beneficiary(c, [waiting]), 409, 'CUSTOMER_SUSPENDED');
  });
});
