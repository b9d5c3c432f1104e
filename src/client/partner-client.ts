// A typed client for the partner API, for partners' backends, the README's examples, partnerctl and the
// tests: it signs every request (§2), gives every mutation an Idempotency-Key (§3) and builds §5
// evidence with the operation's hash, on either surface (GraphQL at /graphql, REST under /partner/v1).
import { randomBytes, randomUUID } from 'node:crypto';
import { signedHeaders } from '../http/signature.js';
import { buildEvidence, type Authorizer } from './evidence.js';
import { MONEY_FIELDS, MoneyOperations, type MoneyField, type OperationType } from './generated/operations.js';
import type { OperationAuthorizationInput } from './generated/types.js';
import type { CallOptions, MoneyOptions } from './options.js';
import { PartnerApiError, type ProblemBody } from './problem.js';

export type { CallOptions, MoneyOptions, Surface } from './options.js';

export type PartnerClientOptions = {
  /** e.g. http://127.0.0.1:4000 */
  baseUrl: string;
  clientId: string;
  secret: string;
  fetch?: typeof fetch;
  /** The clock of X-Partner-Timestamp and of evidence's authorizedAt. */
  now?: () => Date;
  /** Idempotency keys of mutations that were not given one (default: a random UUID). */
  newIdempotencyKey?: () => string;
};

export type Reply<T> = { status: number; headers: Headers; requestId: string | null; body: T };

export type GraphQLErrorBody = { message: string; path?: (string | number)[]; extensions?: ProblemBody & { code?: string } };
export type GraphQLReply<T> = Reply<{ data?: T | null; errors?: GraphQLErrorBody[] }>;

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

const isMutation = (query: string): boolean => /^(?:\s|,|#[^\n]*\n)*mutation\b/.test(query);

// The money-moving methods (one per operation with §5 evidence, named after its root field) are generated
// into MoneyOperations; this class gives them their transport.
export class PartnerClient extends MoneyOperations {
  private readonly baseUrl: string;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => Date;
  private readonly newKey: () => string;

  constructor(private readonly options: PartnerClientOptions) {
    super();
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.fetchFn = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
    this.newKey = options.newIdempotencyKey ?? randomUUID;
  }

  /** Sends one signed request: `pathAndQuery` exactly as signed (§2 line 2), `body` the exact bytes. */
  async send(method: 'GET' | 'POST' | 'PUT', pathAndQuery: string, body: string | Buffer, options: CallOptions = {}): Promise<Reply<unknown>> {
    const idempotencyKey = options.idempotencyKey === undefined ? (method === 'POST' ? this.newKey() : null) : options.idempotencyKey;
    const headers = signedHeaders(this.options.secret, {
      method,
      path: pathAndQuery,
      clientId: this.options.clientId,
      idempotencyKey,
      body,
      timestamp: this.now().toISOString(),
      nonce: randomBytes(16).toString('hex'),
    });
    const res = await this.fetchFn(`${this.baseUrl}${pathAndQuery}`, {
      method,
      headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...options.headers, ...headers },
      body: method === 'GET' ? undefined : typeof body === 'string' ? body : new Uint8Array(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: the text itself
    }
    return { status: res.status, headers: res.headers, requestId: res.headers.get('x-request-id'), body: parsed };
  }

  /** A GraphQL operation at POST /graphql; a mutation gets an Idempotency-Key. Errors are returned, not thrown. */
  async graphql<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, options: CallOptions = {}): Promise<GraphQLReply<T>> {
    const idempotencyKey = options.idempotencyKey === undefined ? (isMutation(query) ? this.newKey() : null) : options.idempotencyKey;
    return this.send('POST', '/graphql', JSON.stringify({ query, variables }), { ...options, idempotencyKey }) as Promise<GraphQLReply<T>>;
  }

  /** Like graphql(), but returns `data` and throws PartnerApiError on the first error. */
  async execute<T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, options: CallOptions = {}): Promise<T> {
    const reply = await this.graphql<T>(query, variables, options);
    const error = reply.body?.errors?.[0];
    if (error || !reply.body?.data) {
      const ext = error?.extensions ?? {};
      throw new PartnerApiError(ext.status ?? reply.status, ext.code ?? 'UNKNOWN', { ...ext, detail: error?.message }, reply.requestId);
    }
    return reply.body.data;
  }

  /** A REST call under /partner/v1; a POST gets an Idempotency-Key. Problems are returned, not thrown. */
  async rest<T = unknown>(method: 'GET' | 'POST', path: string, options: CallOptions & { body?: unknown; query?: Record<string, QueryValue> } = {}): Promise<Reply<T | ProblemBody>> {
    const body = method === 'POST' ? JSON.stringify(options.body ?? {}) : '';
    return this.send(method, path + queryString(options.query), body, options) as Promise<Reply<T | ProblemBody>>;
  }

  /** GET, returning the body of a 2xx and throwing PartnerApiError otherwise. */
  async get<T = Record<string, unknown>>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    return successOf<T>(await this.rest<T>('GET', path, { query }));
  }

  /** POST, returning the body of a 2xx and throwing PartnerApiError otherwise. */
  async post<T = Record<string, unknown>>(path: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
    return successOf<T>(await this.rest<T>('POST', path, { ...options, body }));
  }

  /**
   * §12.2 the bytes of a PENDING_UPLOAD file (createCustomerFile with source UPLOAD): a signed PUT of the raw
   * bytes with the file's declared `contentType`, without Idempotency-Key (a retry with the same bytes is
   * safe). Returns the file, UPLOADED; throws PartnerApiError otherwise.
   */
  async uploadFileContent<T = Record<string, unknown>>(fileId: string, bytes: Buffer, contentType: string): Promise<T> {
    const path = `/partner/v1/files/${encodeURIComponent(fileId)}/content`;
    return successOf<T>((await this.send('PUT', path, bytes, { idempotencyKey: null, headers: { 'content-type': contentType } })) as Reply<T | ProblemBody>);
  }

  /** §5 evidence for an operation: `id` is its path argument, `input` every other field it sends. */
  evidence(operationType: OperationType, id: string, input: Record<string, unknown>, who: Authorizer, pathId?: string): OperationAuthorizationInput {
    return buildEvidence(operationType, id, input, who, this.now, pathId);
  }

  /** `input` with its operationAuthorization: what a money-moving operation sends. */
  authorize<I extends object>(
    operationType: OperationType,
    id: string,
    input: I,
    who: Authorizer,
    pathId?: string,
  ): I & { operationAuthorization: OperationAuthorizationInput } {
    return { ...input, operationAuthorization: this.evidence(operationType, id, input as Record<string, unknown>, who, pathId) };
  }

  // Shorter names of generated methods, kept for the code that calls them so.
  createWithdrawalDraft(...a: Parameters<MoneyOperations['createCryptoWithdrawalApprovalDraft']>) {
    return this.createCryptoWithdrawalApprovalDraft(...a);
  }
  submitWithdrawal(...a: Parameters<MoneyOperations['submitCryptoWithdrawal']>) {
    return this.submitCryptoWithdrawal(...a);
  }
  createRefundDraft(...a: Parameters<MoneyOperations['createCryptoRefundApprovalDraft']>) {
    return this.createCryptoRefundApprovalDraft(...a);
  }
  submitRefund(...a: Parameters<MoneyOperations['submitCryptoRefund']>) {
    return this.submitCryptoRefund(...a);
  }
  confirmRefund(...a: Parameters<MoneyOperations['confirmCryptoRefund']>) {
    return this.confirmCryptoRefund(...a);
  }

  /** A money-moving operation: `input` with its evidence, on the surface asked for (GraphQL by default). */
  protected async money<T>(field: MoneyField, id: string, input: object, who: Authorizer, options: MoneyOptions): Promise<T> {
    const op = { field, ...MONEY_FIELDS[field] };
    const body = this.authorize(op.operationType, id, input, who, op.pathId);
    if ((options.surface ?? 'graphql') === 'rest') {
      const rest: string | null = op.rest;
      if (rest === null) throw new Error(`${op.field} has no REST path; call it on GraphQL`);
      return this.post<T>(rest.replace(`{${op.pathId}}`, encodeURIComponent(id)), body, options);
    }
    const query = `mutation(${op.variables}) { ${op.field}(${op.pathId}: $id, input: $input) ${options.select ?? op.selection} }`;
    const data = await this.execute<Record<string, T>>(query, { id, input: body }, options);
    return data[op.field]!;
  }
}

function successOf<T>(reply: Reply<T | ProblemBody>): T {
  if (reply.status >= 200 && reply.status < 300) return reply.body as T;
  const problem = (reply.body && typeof reply.body === 'object' ? reply.body : { detail: String(reply.body) }) as ProblemBody;
  throw new PartnerApiError(reply.status, problem.code ?? 'UNKNOWN', problem, reply.requestId);
}

/** `?a=1&b=x,y` in the order given; lists are comma-separated (§9.3), absent values left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
