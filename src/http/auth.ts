// §2 Authentication: headers → verified partner client id, or a 401 Problem naming the cause.
import type { Exec } from '../db/exec.js';
import { Problem } from '../core/problem.js';
import type { ClientCredentials, CredentialCache } from './credentials.js';
import type { NonceLedger, NonceSpend } from './nonces.js';
import { bodySha256, canonicalString, sign, signaturesEqual } from './signature.js';

export const TIMESTAMP_SKEW_MS = 300_000;
/**
 * The challenge of every 401 (RFC 9110 §11.6.1 requires one): the scheme of §2, named after its MAC, and
 * the headers that carry it. It is not HTTP Authorization-header auth, so no standard scheme fits.
 */
export const WWW_AUTHENTICATE =
  'Partner-HMAC-SHA256 realm="partner-api", headers="X-Partner-Client-Id X-Partner-Timestamp X-Partner-Nonce X-Partner-Signature"';
const TIMESTAMP_FORMAT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NONCE_FORMAT = /^[A-Za-z0-9_-]{16,64}$/;
const SIGNATURE_FORMAT = /^[0-9a-f]{64}$/;

export type AuthInput = {
  method: string;
  path: string;
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** SHA-256 of the body, when the server hashed it as it arrived (the upload's body is not kept). */
  bodyHash?: string;
};

export function hasAnyAuthHeader(headers: Record<string, string | undefined>): boolean {
  return ['x-partner-client-id', 'x-partner-timestamp', 'x-partner-nonce', 'x-partner-signature'].some(
    (h) => headers[h] !== undefined,
  );
}

export type Authenticated = ClientCredentials & {
  /** The nonce being spent: the request's writer, and the Problem (if any) that replaces its answer. */
  nonce: NonceSpend;
  /** SHA-256 of the body (hex), as signed: the replay cache compares bodies by it. */
  bodyHash: string;
};

/**
 * §2's checks that need no body, in its order: the headers present, the client known, the timestamp, the
 * nonce's form. The file upload (§12.2, §16.8) runs them before reading its body, to refuse an oversized
 * one (413) only for a request that could verify.
 */
export async function checkAuthHead(db: Exec, credentials: CredentialCache, headers: Record<string, string | undefined>, now: Date) {
  const clientId = headers['x-partner-client-id'];
  const timestamp = headers['x-partner-timestamp'];
  const nonce = headers['x-partner-nonce'];
  const signature = headers['x-partner-signature'];
  if (!clientId || !timestamp || !nonce || !signature)
    throw new Problem(
      'AUTH_HEADERS_MISSING',
      'X-Partner-Client-Id, X-Partner-Timestamp, X-Partner-Nonce and X-Partner-Signature are required.',
    );
  const client = await credentials.get(db, clientId, now.getTime());
  if (!client || client.secrets.length === 0) throw new Problem('AUTH_CLIENT_UNKNOWN', 'Unknown partner client.');
  checkTimestamp(timestamp, now);
  if (!NONCE_FORMAT.test(nonce)) throw new Problem('AUTH_NONCE_INVALID', 'X-Partner-Nonce must be 16–64 characters of [A-Za-z0-9_-].');
  return { client, clientId, timestamp, nonce, signature };
}

/** Checks in the order of §2; the nonce is spent only once the signature verified. */
export async function authenticate(db: Exec, nonces: NonceLedger, credentials: CredentialCache, req: AuthInput, now: Date): Promise<Authenticated> {
  const { client, clientId, timestamp, nonce, signature } = await checkAuthHead(db, credentials, req.headers, now);
  const parts = {
    method: req.method,
    path: req.path,
    timestamp,
    nonce,
    clientId,
    idempotencyKey: req.headers['idempotency-key'],
    body: req.body,
    bodyHash: req.bodyHash ?? bodySha256(req.body),
  };
  // Every active secret is tried (rotation), each compared in constant time.
  const formatFault = signatureFormatFault(signature);
  const verified = !formatFault && client.secrets.map((secret) => signaturesEqual(sign(secret, parts), signature)).some(Boolean);
  if (!verified) {
    const problem = new Problem(
      'AUTH_SIGNATURE_INVALID',
      formatFault
        ? `X-Partner-Signature is not 64 lower-case hex characters (${formatFault}): send the HMAC-SHA256 as lower-case hex. canonicalString has the seven lines this server signs.`
        : 'X-Partner-Signature does not verify: compare canonicalString, the seven lines this server signed, with yours; if they are equal, the secret is wrong.',
    );
    problem.canonicalString = canonicalString(parts);
    throw problem;
  }
  return { ...client, nonce: nonces.spend(clientId, nonce, now.getTime()), bodyHash: parts.bodyHash };
}

/** A header value quoted for a detail: the caller sent it, so it may be shown, but not at any length. */
const quoted = (value: string): string => JSON.stringify(value.length > 64 ? `${value.slice(0, 64)}…` : value);

/**
 * §2: a real UTC instant in exactly the stated form (so 2020-02-30 and 24:00 are refused, not rolled
 * over), within the window. The detail says which rule failed, with the server's time and the window,
 * so a partner can tell a formatting bug from a clock that drifted.
 */
function checkTimestamp(timestamp: string, now: Date): void {
  const serverTime = now.toISOString();
  const window = `${TIMESTAMP_SKEW_MS / 1000} s`;
  const sentAt = TIMESTAMP_FORMAT.test(timestamp) ? Date.parse(timestamp) : NaN;
  if (Number.isNaN(sentAt) || new Date(sentAt).toISOString() !== timestamp)
    throw new Problem(
      'AUTH_TIMESTAMP_INVALID',
      `X-Partner-Timestamp ${quoted(timestamp)} is not a UTC time of the form YYYY-MM-DDTHH:mm:ss.sssZ (a real date, milliseconds, Z). The server's time is ${serverTime}; accepted: within ${window} of it.`,
    );
  const skewMs = sentAt - now.getTime();
  if (Math.abs(skewMs) > TIMESTAMP_SKEW_MS)
    throw new Problem(
      'AUTH_TIMESTAMP_INVALID',
      `X-Partner-Timestamp ${timestamp} is ${Math.round(Math.abs(skewMs) / 1000)} s ${skewMs < 0 ? 'behind' : 'ahead of'} the server's time ${serverTime}; accepted: within ${window} either way. Check your clock (NTP) and sign each attempt with a fresh timestamp.`,
    );
}

/** Why a signature cannot be §2's lower-case hex HMAC-SHA256, or undefined when it has that form. */
function signatureFormatFault(signature: string): string | undefined {
  if (SIGNATURE_FORMAT.test(signature)) return undefined;
  if (/^[0-9a-fA-F]{64}$/.test(signature)) return 'it has upper-case letters';
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(signature)) return `it has ${signature.length} characters, like base64`;
  if (/^[0-9a-fA-F]*$/.test(signature)) return `it has ${signature.length} characters`;
  return `it has ${signature.length} characters, not all of them hex digits`;
}
