// partnerctl's helpers for partners who call the API with curl or their own HTTP stack: the signed
// headers of one request (§2) and the evidence of one money-moving operation (§5), computed by the
// same functions the client and the server use. No database.
import fs from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { buildEvidence, canonicalString, jcs, MONEY_OPERATIONS, operationPayload, signedHeaders, type OperationType } from '../client/index.js';
import { MONEY_FIELDS } from '../client/generated/operations.js';
import { OperatorError } from '../core/command.js';

/** A JSON text given inline, or read from a file (`-`: stdin). */
export function jsonText(inline: string | undefined, file: string | undefined, what: string): string | undefined {
  if (inline !== undefined && file !== undefined) throw new OperatorError(`give --${what} or --${what}-file, not both`);
  const text = file === undefined ? inline : fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  if (text === undefined) return undefined;
  try {
    JSON.parse(text);
  } catch {
    throw new OperatorError(`--${what} is not JSON`);
  }
  return text;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export type SignOptions = {
  clientId: string;
  secret: string;
  method: string;
  path: string;
  body?: string;
  /** A key; false: none; undefined: a fresh UUID for POST, none for GET. */
  idempotencyKey?: string | false;
  timestamp?: string;
  nonce?: string;
  baseUrl: string;
};

export function signRequest(o: SignOptions) {
  const method = o.method.toUpperCase();
  if (method !== 'GET' && method !== 'POST') throw new OperatorError('--method must be GET or POST');
  if (!o.path.startsWith('/')) throw new OperatorError('--path must start with / (path and query exactly as sent, e.g. /graphql)');
  if (method === 'GET' && o.body !== undefined) throw new OperatorError('a GET carries no body');
  const body = o.body ?? '';
  const idempotencyKey = o.idempotencyKey === false ? null : (o.idempotencyKey ?? (method === 'POST' ? randomUUID() : null));
  const parts = {
    method,
    path: o.path,
    clientId: o.clientId,
    idempotencyKey,
    body,
    timestamp: o.timestamp ?? new Date().toISOString(),
    nonce: o.nonce ?? randomBytes(16).toString('hex'),
  };
  const headers = signedHeaders(o.secret, parts);
  const all = { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...headers };
  const curl = [
    `curl -s -X ${method} ${shellQuote(o.baseUrl.replace(/\/+$/, '') + o.path)}`,
    ...Object.entries(all).map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`),
    ...(method === 'POST' ? [`--data-binary ${shellQuote(body)}`] : []),
  ].join(' \\\n  ');
  return { headers: all, canonicalString: canonicalString(parts), curl };
}

export type EvidenceOptions = {
  operationType: string;
  id: string;
  /** Which path id `id` is, where the type serves several operations (§15.7: collectionPaymentId); default the type's. */
  pathId?: string;
  input?: string;
  user: string;
  authorizationMethod: string;
  mfaRef: string;
  authorizedAt?: string;
  policyRef?: string;
  sourceSystem?: string;
  sourceActionRef?: string;
};

export function evidenceOf(o: EvidenceOptions) {
  if (!Object.prototype.hasOwnProperty.call(MONEY_OPERATIONS, o.operationType))
    throw new OperatorError(`--operation-type must be one of ${Object.keys(MONEY_OPERATIONS).join(', ')}`);
  const type = o.operationType as OperationType;
  const op = operationOf(type, o.pathId);
  const parsed: unknown = JSON.parse(o.input ?? '{}');
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new OperatorError('--input must be a JSON object (the request body without operationAuthorization)');
  const { operationAuthorization: _ignored, ...input } = parsed as Record<string, unknown>;
  if (o.authorizedAt !== undefined && Number.isNaN(Date.parse(o.authorizedAt))) throw new OperatorError('--authorized-at must be an ISO 8601 date-time');
  const who = {
    authorizedByPartnerUserRef: o.user,
    authorizationMethod: o.authorizationMethod,
    mfaEvidenceRef: o.mfaRef,
    ...(o.authorizedAt ? { authorizedAt: new Date(o.authorizedAt).toISOString() } : {}),
    ...(o.policyRef ? { authorizedByPartnerPolicyRef: o.policyRef } : {}),
    ...(o.sourceSystem ? { sourceSystem: o.sourceSystem } : {}),
    ...(o.sourceActionRef ? { sourceActionRef: o.sourceActionRef } : {}),
  };
  const operationAuthorization = buildEvidence(type, o.id, input, who, undefined, op.pathId);
  const pathId = { [op.pathId]: o.id };
  return {
    operationAuthorization,
    payloadJcs: jcs(operationPayload(type, pathId, input)),
    path: op.rest.replace(`{${op.pathId}}`, encodeURIComponent(o.id)),
    body: { ...input, operationAuthorization },
  };
}

/** The operation an operation type and path id name: the type's own without `--path-id`, else the one of its operations taking that id. */
function operationOf(type: OperationType, pathId: string | undefined): { pathId: string; rest: string } {
  if (pathId === undefined) return MONEY_OPERATIONS[type];
  const ops = Object.values(MONEY_FIELDS).filter((f) => f.operationType === type);
  const op = ops.find((f) => f.pathId === pathId);
  if (!op) throw new OperatorError(`--path-id for ${type} must be one of ${ops.map((f) => f.pathId).join(', ')}`);
  return op;
}
