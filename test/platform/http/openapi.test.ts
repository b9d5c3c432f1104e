// GET /openapi.json describes the REST surface as the server serves it: a valid OpenAPI 3.1 document
// (checked by @readme/openapi-parser) with every route, its parameters, body and problem responses,
// whose schemas a real answer satisfies.
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptors } from '../../../src/graphql/registry.js';
import { problemStatus } from '../../../src/core/problem.js';
import { Scenario, startTestServer, type TestServer } from '../../helpers/harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

let server: TestServer;
let doc: Doc;
beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
});
afterAll(() => server.stop());

const restRoutes = descriptors.filter((d) => d.rest).map((d) => ({ name: d.name, method: d.rest!.method.toLowerCase(), path: d.rest!.path.replace(/:([A-Za-z]+)/g, '{$1}') }));

/** The schema a $ref names. */
const deref = (s: Doc): Doc => (s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()] : s);

describe('GET /openapi.json', () => {
  it('is valid OpenAPI 3.1, served unsigned', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('has every REST route with its method and operationId, and no other', () => {
    expect(restRoutes.length).toBeGreaterThan(20);
    for (const r of restRoutes) expect(doc.paths[r.path]?.[r.method]?.operationId, `${r.method} ${r.path}`).toBe(r.name);
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m} ${p}`));
    // Beside the routes of operations: the file upload (§12.2), raw bytes by PUT, and the live stream (§17.4).
    expect(documented.sort()).toEqual(
      [...restRoutes.map((r) => `${r.method} ${r.path}`), 'put /partner/v1/files/{fileId}/content', 'get /partner/v1/frontend/events/stream'].sort(),
    );
    expect(doc.paths['/partner/v1/files/{fileId}/content'].put).toMatchObject({
      operationId: 'uploadCustomerFileContent',
      requestBody: { required: true, content: { 'application/pdf': {}, 'image/jpeg': {}, 'image/png': {} } },
    });
    expect(Object.keys(doc.paths['/partner/v1/files/{fileId}/content'].put.responses).sort()).toEqual(['200', '400', '401', '403', '404', '405', '408', '409', '413', '415', '429', '500', '503']);
    const stream = doc.paths['/partner/v1/frontend/events/stream'].get;
    expect(stream).toMatchObject({ operationId: 'frontendEventStream', responses: { '200': { content: { 'text/event-stream': {} } } } });
    expect(stream.parameters.map((p: Doc) => `${p.in} ${p.name}`)).toEqual(['query customerId', 'query after', 'header Last-Event-ID']);
    expect(Object.keys(stream.responses).sort()).toEqual(['200', '400', '401', '403', '404', '405', '429', '500', '503']);
  });

  it('every route answers problems as application/problem+json, and POSTs need an Idempotency-Key', () => {
    for (const r of restRoutes) {
      const op = doc.paths[r.path][r.method];
      for (const status of ['400', '401', '403', '404', '429', '500', '503'])
        expect(op.responses[status]?.content['application/problem+json'].schema.$ref, `${r.name} ${status}`).toBe('#/components/schemas/Problem');
      if (r.method === 'post') {
        expect(op.responses['409'], r.name).toBeDefined();
        expect(op.parameters.find((p: Doc) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header', required: true });
      }
    }
    expect(doc.components.schemas.Problem.properties.code.enum.sort()).toEqual(Object.keys(problemStatus).sort());
  });

  it('request bodies are the GraphQL input types: a withdrawal draft requires what the SDL requires', () => {
    const op = doc.paths['/partner/v1/customers/{customerId}/crypto-withdrawals'].post;
    const body = deref(op.requestBody.content['application/json'].schema);
    expect(body.required.sort()).toEqual(['amountMinor', 'currency', 'currencyScale', 'operationAuthorization', 'routeCode', 'walletBeneficiaryId']);
    expect(body.additionalProperties).toBe(false);
    expect(op.parameters[0]).toMatchObject({ name: 'customerId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });
    expect(op.description).toContain('CRYPTO_WITHDRAWAL_CREATE');
  });

  it('list filters are query parameters; lists are comma-separated', () => {
    const op = doc.paths['/partner/v1/customers/{customerId}/crypto-withdrawals'].get;
    const names = op.parameters.map((p: Doc) => p.name);
    expect(names).toEqual(expect.arrayContaining(['customerId', 'limit', 'cursor', 'statuses']));
    expect(op.parameters.find((p: Doc) => p.name === 'statuses')).toMatchObject({ style: 'form', explode: false, schema: { type: 'array' } });
  });

  it("a real answer has exactly the documented rendering's properties (REST's own for withdrawals)", async () => {
    const s = await Scenario.create(server);
    const customerId = await s.customer();
    const ben = await s.beneficiary(customerId);
    expect(ben.status).toBe(200);
    const schema = deref(doc.paths['/partner/v1/customers/{customerId}/crypto/wallet-beneficiaries'].post.responses['200'].content['application/json'].schema);
    expect(Object.keys(ben.body).sort()).toEqual(Object.keys(schema.properties).sort());
    expect(schema.required.sort()).toEqual(Object.keys(ben.body).sort());
    const list = await server.request(s.client, 'GET', `/partner/v1/customers/${customerId}/crypto-withdrawals`);
    const page = deref(doc.paths['/partner/v1/customers/{customerId}/crypto-withdrawals'].get.responses['200'].content['application/json'].schema);
    expect(Object.keys(list.body).sort()).toEqual(Object.keys(page.properties).sort());
    const item = deref(page.properties.items.items);
    expect(Object.keys(item.properties)).not.toContain('customerId'); // §9.4: the document's fields only
  });
});
