// The REST surface (§6, §9.4) as an OpenAPI 3.1 document, generated from the REST route table and the
// GraphQL types, so it says what the server routes and renders. Signing (§2) cannot be expressed in
// OpenAPI: its four headers are declared as API keys and described, with a pointer to the docs. The GET
// paths a frontend session may read (§17.2) take its bearer token instead, and declare its CORS headers.
import { getNullableType, GraphQLNonNull, isListType, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { problemStatus, type ProblemCode } from '../../core/problem.js';
import { guideOf } from '../problem-guides.js';
import { WWW_AUTHENTICATE } from '../auth.js';
import { BEARER_CHALLENGE } from '../sessions.js';
import type { RestRouteInfo } from '../rest-surface.js';
import { STREAM_PATH } from '../../modules/frontend/index.js';
import { SchemaRegistry, type JsonSchema } from './json-schema.js';

const SIGNED = ['PartnerClientId', 'PartnerTimestamp', 'PartnerNonce', 'PartnerSignature'] as const;
/** The four signature headers together: one security requirement (§2). */
const SIGNED_REQUIREMENT = Object.fromEntries(SIGNED.map((s) => [s, []]));

/** The problems every route may answer, and those of POSTs (§2, §3, §6, §7). */
const EVERY_ROUTE: ProblemCode[] = ['VALIDATION_FAILED', 'AUTH_SIGNATURE_INVALID', 'FORBIDDEN', 'NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL', 'SERVICE_UNAVAILABLE'];
const POSTS: ProblemCode[] = ['INVALID_STATE', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

function statusesOf(route: RestRouteInfo): number[] {
  const codes = route.rest.method === 'POST' ? [...EVERY_ROUTE, ...POSTS] : EVERY_ROUTE;
  return [...new Set(codes.map((c) => problemStatus[c]))].sort();
}

/** The codes of one status, for a response's description. */
function codesOf(status: number): ProblemCode[] {
  return (Object.keys(problemStatus) as ProblemCode[]).filter((c) => problemStatus[c] === status);
}

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/**
 * The headers every answer of `status` carries beside Content-Type (the document says all the service
 * sends); `session`: a path a frontend session may read, whose answers to one carry CORS headers (§17.3).
 */
function headersOf(status: number, method: string, allow: string, session = false): Record<string, unknown> {
  return {
    'X-Request-Id': header('XRequestId'),
    ...(status === 200 && method === 'POST' ? { 'Idempotent-Replayed': header('IdempotentReplayed') } : {}),
    ...(status === 401 ? { 'WWW-Authenticate': header(session ? 'WWWAuthenticateEither' : 'WWWAuthenticate') } : {}),
    ...(session
      ? { 'Access-Control-Allow-Origin': header('AccessControlAllowOrigin'), 'Access-Control-Expose-Headers': header('AccessControlExposeHeaders'), Vary: header('Vary') }
      : {}),
    ...(status === 405 ? { Allow: { ...HEADERS.Allow, schema: { type: 'string', const: allow } } } : {}),
    ...(status === 429 || status === 503 ? { 'Retry-After': header('RetryAfter') } : {}),
  };
}

/** components.headers: each header once, with what it carries. */
const HEADERS = {
  XRequestId: {
    description: 'On every answer (§2): the request’s own X-Request-Id when it sent a usable one (1–128 of 0x21–0x7E), else a new UUID; also the problem’s requestId.',
    required: true,
    schema: { type: 'string', pattern: '^[\\x21-\\x7E]{1,128}$' },
  },
  IdempotentReplayed: { description: '"true" on a replay (§3).', schema: { type: 'string', enum: ['true'] } },
  WWWAuthenticate: { description: 'The §2 scheme (RFC 9110 §11.6.1).', required: true, schema: { type: 'string', const: WWW_AUTHENTICATE } },
  WWWAuthenticateEither: {
    description: 'The §2 scheme for a signed request; for a frontend session’s bearer token (§17.2), RFC 6750’s challenge.',
    required: true,
    schema: { type: 'string', enum: [WWW_AUTHENTICATE, BEARER_CHALLENGE] },
  },
  AccessControlAllowOrigin: {
    description: 'A frontend session’s request from an origin some client registered (§17.3, §17.6): that origin, on every answer. Never on signed requests.',
    schema: { type: 'string', pattern: '^https?://[^/]+$' },
  },
  AccessControlExposeHeaders: { description: 'With Access-Control-Allow-Origin (§17.3).', schema: { type: 'string', const: 'x-request-id, retry-after' } },
  Vary: { description: 'With Access-Control-Allow-Origin (§17.3).', schema: { type: 'string', const: 'Origin' } },
  // Its value is the path's own methods (a const on each 405); HEAD is not one of them (§6).
  Allow: { description: 'The methods this path answers (RFC 9110 §10.2.1).', required: true, schema: { type: 'string' } },
  RetryAfter: { description: 'Seconds to wait before a retry (RFC 9110 §10.2.3).', required: true, schema: { type: 'string', pattern: '^[1-9][0-9]*$' } },
} as const;

const UPLOAD_PATH = '/partner/v1/files/{fileId}/content';

/** §12.2 the upload's second step: raw bytes, not an operation of the schema, so described here by hand. */
function uploadOperation(schema: GraphQLSchema, types: SchemaRegistry): Record<string, unknown> {
  const file = schema.getType('PartnerCustomerFile') as GraphQLObjectType;
  const codes: ProblemCode[] = ['VALIDATION_FAILED', 'IDEMPOTENCY_SCOPE_INVALID', 'FILE_INTEGRITY_MISMATCH', 'AUTH_SIGNATURE_INVALID', 'FORBIDDEN', 'FILE_NOT_FOUND', 'METHOD_NOT_ALLOWED', 'INVALID_STATE', 'REQUEST_TIMEOUT', 'PAYLOAD_TOO_LARGE', 'FILE_TYPE_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL', 'SERVICE_UNAVAILABLE'];
  const responses: Record<string, unknown> = {
    '200': {
      description: 'The file, UPLOADED (a same-bytes retry of an UPLOADED file answers it unchanged).',
      headers: headersOf(200, 'PUT', 'PUT'),
      content: { 'application/json': { schema: types.output(new GraphQLNonNull(file)) } },
    },
  };
  for (const status of [...new Set(codes.map((c) => problemStatus[c]))].sort())
    responses[String(status)] = {
      description: `A problem: ${codes.filter((c) => problemStatus[c] === status).join(', ')} (docs/problems.md).`,
      headers: headersOf(status, 'PUT', 'PUT'),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  const bytes = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
  return {
    operationId: 'uploadCustomerFileContent',
    summary: 'The bytes of a PENDING_UPLOAD file (§12.2)',
    description:
      'The raw bytes of the file (not JSON; no Content-Encoding), signed like every request (SHA-256 of these bytes in the canonical string), without Idempotency-Key, before upload.expiresAt. Content-Type: the file’s declared type. At most FILE_MAX_BYTES: a larger Content-Length is refused (413) before the body is read.',
    tags: ['files'],
    parameters: [{ name: 'fileId', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
    requestBody: { required: true, content: { 'application/pdf': bytes, 'image/jpeg': bytes, 'image/png': bytes } },
    responses,
  };
}

/** §17.4 the live stream: a long-lived text/event-stream body, not an operation of the schema, so described here by hand. */
function streamOperation(): Record<string, unknown> {
  const codes: ProblemCode[] = ['VALIDATION_FAILED', 'IDEMPOTENCY_SCOPE_INVALID', 'AUTH_SIGNATURE_INVALID', 'FORBIDDEN', 'CUSTOMER_NOT_FOUND', 'METHOD_NOT_ALLOWED', 'RATE_LIMITED', 'INTERNAL', 'SERVICE_UNAVAILABLE'];
  const responses: Record<string, unknown> = {
    '200': {
      description:
        'The stream (Cache-Control: no-store), its headers sent at once. Per event of the customer’s feed, in feed order: `id: <the feed cursor after it>`, `event: <its type>`, `data: <the item `events` answers, as one line of JSON>`, then a blank line. A comment `: keep-alive` at least every 15 s. In a frontend session, it ends at the session’s expiresAt or on its revocation with `event: session_ended` and `data: {"reason":"expired"|"revoked"}` (no id).',
      headers: { 'X-Request-Id': header('XRequestId'), 'Cache-Control': { description: 'Never stored.', required: true, schema: { type: 'string', const: 'no-store' } } },
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    },
  };
  for (const status of [...new Set(codes.map((c) => problemStatus[c]))].sort()) {
    const headers = headersOf(status, 'GET', 'GET');
    // The streams-per-session limit names no time: a slot frees when one of the session's streams closes.
    if (status === 429) delete headers['Retry-After'];
    responses[String(status)] = {
      description: `A problem: ${codes.filter((c) => problemStatus[c] === status).join(', ')} (docs/problems.md).${status === 429 ? ' The client’s rate (with Retry-After), or a frontend session’s streams all open (FRONTEND_STREAMS_PER_SESSION; without).' : ''}`,
      headers,
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  const cursor = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,512}$' };
  return {
    operationId: 'frontendEventStream',
    summary: 'The live stream of a customer’s events, as Server-Sent Events (§17.4)',
    description:
      'Signed by the partner’s backend with `customerId`, or (for a browser) with a frontend session’s `Authorization: Bearer` token, whose customer it streams. Starts after `Last-Event-ID` (which wins) or `after`, cursors of the partner’s feed as `events` returns them; without either, at the feed’s end. Each event arrives within 1 s of its commit; a reconnect with the last id resumes with nothing lost or repeated. See docs/api/frontend.md.',
    tags: ['frontend'],
    parameters: [
      { name: 'customerId', in: 'query', required: false, description: 'The customer whose events to stream: required when signed, the session’s own (or absent) in a session.', schema: { type: 'string', format: 'uuid' } },
      { name: 'after', in: 'query', required: false, description: 'Start after this feed cursor (for clients that cannot set Last-Event-ID).', schema: cursor },
      { name: 'Last-Event-ID', in: 'header', required: false, description: 'Start after this feed cursor: the id of the last event received (a browser’s EventSource sends it when it reconnects).', schema: cursor },
    ],
    responses,
  };
}

function fieldOf(schema: GraphQLSchema, route: RestRouteInfo): GraphQLField<unknown, unknown> {
  const root = route.descriptor.kind === 'mutation' ? schema.getMutationType()! : schema.getQueryType()!;
  return root.getFields()[route.descriptor.name]!;
}

export function openApiDocument(schema: GraphQLSchema, routes: RestRouteInfo[], version: string): Record<string, unknown> {
  const types = new SchemaRegistry();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const field = fieldOf(schema, route);
    const path = route.rest.path.replace(/:([A-Za-z]+)/g, '{$1}');
    // As the REST surface's 405 lists them: the methods of this path, in route order.
    const allow = [...new Set(routes.filter((r) => r.rest.path === route.rest.path).map((r) => r.rest.method))].join(', ');
    const parameters: JsonSchema[] = [];
    for (const param of route.params) {
      const arg = field.args.find((a) => a.name === param)!;
      parameters.push({ name: param, in: 'path', required: true, description: arg.description ?? undefined, schema: types.input(arg.type) });
    }
    for (const q of route.queryParams) {
      const arg = field.args.find((a) => a.name === q.arg)!;
      const list = isListType(getNullableType(arg.type));
      parameters.push({
        name: q.name,
        in: 'query',
        required: false,
        ...(arg.description ? { description: arg.description } : {}),
        schema: q.name === 'limit' ? { type: 'integer', minimum: 1, maximum: 100, default: 20 } : types.input(getNullableType(arg.type)),
        // §9.3: list filters are comma-separated.
        ...(list ? { style: 'form', explode: false } : {}),
      });
    }
    if (route.rest.method === 'POST')
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: true,
        description: '§3: 1–255 characters 0x21–0x7E; the same key and body replay the first answer (docs/api/idempotency.md).',
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7E]+$' },
      });
    const input = field.args.find((a) => a.name === 'input');
    const evidence = route.descriptor.kind === 'mutation' ? route.descriptor.evidence : null;
    // §17.2: the GET of a query that declares `session` is a frontend session's to read too.
    const session = route.descriptor.kind === 'query' && route.descriptor.session !== undefined;
    const responses: Record<string, unknown> = {
      '200': {
        description: 'The resource (§9.4 rendering).',
        headers: headersOf(200, route.rest.method, allow, session),
        content: { 'application/json': { schema: restAnswerSchema(types.output(field.type, route.rest.fields), field) } },
      },
    };
    for (const status of statusesOf(route))
      responses[String(status)] = {
        description: `A problem: ${codesOf(status).join(', ')} (docs/problems.md).`,
        headers: headersOf(status, route.rest.method, allow, session),
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      };
    paths[path] ??= {};
    paths[path][route.rest.method.toLowerCase()] = {
      operationId: route.descriptor.name,
      summary: field.description ?? route.descriptor.name,
      description: [
        `Runs the GraphQL ${route.descriptor.kind} \`${route.descriptor.name}\` (§6).`,
        evidence ? `Money-moving: \`input.operationAuthorization\` carries evidence of type \`${evidence}\` (§5, docs/api/evidence.md).` : '',
        session ? 'A frontend session may read it for its own customer (§17.2, docs/api/frontend.md).' : '',
      ]
        .filter(Boolean)
        .join(' '),
      ...(session ? { security: [SIGNED_REQUIREMENT, { FrontendSession: [] }] } : {}),
      tags: [route.rest.path.split('/')[3] === 'customers' && route.rest.path.split('/').length > 5 ? route.rest.path.split('/')[5]! : route.rest.path.split('/')[3]!],
      parameters,
      ...(input
        ? { requestBody: { required: true, content: { 'application/json': { schema: types.input(input.type) } } } }
        : route.rest.method === 'POST'
          ? { requestBody: { required: false, description: 'No input: no body, an empty one or {} (§9.4).', content: { 'application/json': { schema: { type: 'object', maxProperties: 0 } } } } }
          : {}),
      responses,
    };
  }

  paths[UPLOAD_PATH] = { put: uploadOperation(schema, types) };
  paths[STREAM_PATH] = { get: streamOperation() };

  const problemCodes = Object.keys(problemStatus) as ProblemCode[];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner crypto payments API — REST adapter',
      version,
      description:
        'The REST surface of the partner API: each path runs the same GraphQL operation as POST /graphql. Every request is signed (§2, docs/api/authentication.md): the four X-Partner-* headers are all required, and X-Partner-Signature is an HMAC-SHA256 over seven lines that OpenAPI cannot express. A browser reads its customer’s records with a frontend session’s bearer token instead, on the GET paths whose security names FrontendSession (§17.2, docs/api/frontend.md).',
    },
    servers: [{ url: '/' }],
    security: [SIGNED_REQUIREMENT],
    tags: [...new Set(Object.values(paths).flatMap((p) => Object.values(p).flatMap((o) => (o as { tags: string[] }).tags)))].map((name) => ({ name })),
    paths,
    components: {
      headers: HEADERS,
      securitySchemes: {
        FrontendSession: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'pfs_ followed by 43 base64url characters',
          description:
            'A frontend session’s token (§17.2), created by the partner backend for one customer and one origin: GET only, with the page’s Origin; never together with the X-Partner-* headers.',
        },
        PartnerClientId: { type: 'apiKey', in: 'header', name: 'X-Partner-Client-Id', description: 'Your client id.' },
        PartnerTimestamp: { type: 'apiKey', in: 'header', name: 'X-Partner-Timestamp', description: 'Now, YYYY-MM-DDTHH:mm:ss.sssZ, within 300 s of the server.' },
        PartnerNonce: { type: 'apiKey', in: 'header', name: 'X-Partner-Nonce', description: '16–64 of [A-Za-z0-9_-], single use.' },
        PartnerSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Partner-Signature',
          description: 'Lowercase hex HMAC-SHA256 of METHOD, path and query, timestamp, nonce, client id, Idempotency-Key and SHA-256 of the body, joined by \\n (§2).',
        },
      },
      schemas: {
        ...types.schemas,
        Problem: {
          type: 'object',
          description: 'RFC 9457 problem (§7); `type` is a page about the code.',
          properties: {
            type: { type: 'string', description: '/problems/<code in kebab case>' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string' },
            code: { type: 'string', enum: problemCodes, description: problemCodes.map((c) => `${c}: ${guideOf(c).when}`).join('\n') },
            requestId: { type: 'string' },
            errors: {
              type: 'array',
              items: { type: 'object', properties: { pointer: { type: 'string' }, detail: { type: 'string' } }, required: ['pointer', 'detail'] },
            },
            canonicalString: { type: 'string', description: 'AUTH_SIGNATURE_INVALID only: the seven lines the server signed.' },
            operationType: { type: 'string', description: 'OPERATION_HASH_MISMATCH only: the operationType of the payload the server hashed.' },
            operationPayload: { type: 'string', description: 'OPERATION_HASH_MISMATCH only: the JCS text the server hashed (§5), to diff with yours.' },
          },
          required: ['type', 'title', 'status', 'detail', 'code', 'requestId'],
        },
      },
    },
  };
}

/** §14.2, §16.8 (§6): a query answering a list (not a page) answers `{"items": [...]}` on REST (rest-surface.ts). */
function restAnswerSchema(schema: unknown, field: GraphQLField<unknown, unknown>): unknown {
  if (!isListType(getNullableType(field.type))) return schema;
  return { type: 'object', properties: { items: schema }, required: ['items'], additionalProperties: false };
}
