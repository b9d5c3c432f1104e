// What each platform problem code (§7) means for a partner and what to do about it; an area's codes are
// explained in its src/modules/<area>/problems.ts. Together they are the text of the pages at
// `/problems/<code>` (the problem's `type`) and of docs/problems.md (src/http/problem-guides.ts collects
// them). Records over the generated code lists, so a new code does not compile until it is explained.
import type { ProblemCodesOf } from './generated/problems.js';

export type ProblemGuideText = {
  /** When the service answers it. */
  when: string;
  /** What the partner should do. */
  action: string;
};

/** The guides of one area's codes (`platform`: those of src/graphql/common.graphql), each exactly once. */
export type ProblemGuides<Area extends keyof ProblemCodesOf> = Record<ProblemCodesOf[Area], ProblemGuideText>;

export const platformGuides: ProblemGuides<'platform'> = {
  AUTH_HEADERS_MISSING: {
    when: 'A signed header (X-Partner-Client-Id, X-Partner-Timestamp, X-Partner-Nonce, X-Partner-Signature) is missing or empty (§2).',
    action: 'Send all four headers on every request to /graphql and /partner/v1/... (docs/api/authentication.md).',
  },
  AUTH_CLIENT_UNKNOWN: {
    when: 'X-Partner-Client-Id names no client with an active secret.',
    action: 'Check the client id the operator gave you (the demo client is demo-partner).',
  },
  AUTH_TIMESTAMP_INVALID: {
    when: 'X-Partner-Timestamp is not a real UTC time of the form YYYY-MM-DDTHH:mm:ss.sssZ, or is more than 300 seconds from the server clock; the detail says which, with the server’s time.',
    action: 'Send the current UTC time in that exact form; synchronise your clock (NTP). Make a fresh timestamp for each retry.',
  },
  AUTH_NONCE_INVALID: {
    when: 'X-Partner-Nonce is not 16–64 characters of A–Z, a–z, 0–9, _ and -.',
    action: 'Send a fresh random nonce of that form with every request (e.g. 32 hex characters).',
  },
  AUTH_NONCE_REUSED: {
    when: 'The nonce was already used by a request that verified, within the last 15 minutes.',
    action: 'Use a new nonce for every request, retries included (a retry keeps its Idempotency-Key, not its nonce).',
  },
  AUTH_SIGNATURE_INVALID: {
    when: 'X-Partner-Signature is not the HMAC-SHA256 of the canonical string under any active secret of the client.',
    action:
      'If the detail says the signature is not 64 lower-case hex characters, send the HMAC-SHA256 as lower-case hex (not upper case, not base64). Otherwise compare the problem’s canonicalString (the seven lines the server signed) with the string you signed, line by line; if they are equal the secret is wrong (rotated, retired, or a lost demo secret: npx partnerctl demo-secret).',
  },
  IDEMPOTENCY_KEY_MISSING: {
    when: 'A mutation (a GraphQL mutation or a REST POST) came without an Idempotency-Key (§3).',
    action: 'Send an Idempotency-Key you generate and store with the operation, and sign it as the sixth line.',
  },
  IDEMPOTENCY_KEY_INVALID: {
    when: 'The Idempotency-Key is not 1–255 printable ASCII characters (0x21–0x7E).',
    action: 'Use a key of that form, e.g. a UUID.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    when: 'The key was used before, within its retention, for a different request (another operation, other arguments).',
    action: 'Use a new key for a new operation. Reuse a key only to retry exactly the same request.',
  },
  IDEMPOTENCY_REQUEST_IN_PROGRESS: {
    when: 'A request with the same key is still being executed.',
    action: 'Retry the same request a moment later with the same key: you get its result.',
  },
  IDEMPOTENCY_SCOPE_INVALID: {
    when: 'An Idempotency-Key came on a query, a REST GET, or a GraphQL document that is not exactly one mutation field.',
    action: 'Send keys only with single-mutation requests and REST POSTs.',
  },
  VALIDATION_FAILED: {
    when: 'A field, argument, query parameter or path id has a value the operation does not accept.',
    action:
      'Read errors[]: each entry names the field by JSON Pointer (pointer, relative to the input as in a REST body) and says what is expected (detail), never repeating the value sent; an unknown member or parameter names the nearest known one ("did you mean"). Fix those fields and send again.',
  },
  INVALID_WALLET_ADDRESS: {
    when: 'walletAddress is not a valid address of the blockchain named (checksum included where the chain has one: an ETH address in mixed case that fails only its EIP-55 checksum is told so).',
    action: 'Check the address and that blockchain matches the route’s; copy the address rather than typing it.',
  },
  INVALID_REQUEST: {
    when: 'The request cannot be read as an operation: no body where one is needed, bytes that are not UTF-8 or not JSON, a GraphQL batch or persisted query.',
    action: 'Send one JSON document (UTF-8) as the body; on GraphQL one operation per request.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    when: 'The body was sent with a Content-Type other than application/json.',
    action: 'Send Content-Type: application/json with every body.',
  },
  PAYLOAD_TOO_LARGE: {
    when: 'The body is larger than 64 KiB.',
    action: 'Send a smaller body; no operation needs more.',
  },
  REQUEST_TIMEOUT: {
    when: 'The body did not arrive in time: BODY_TIMEOUT_MS (30 s) from the request head, and on the file upload also one second per UPLOAD_MIN_BYTES_PER_SECOND (64 KiB) of its Content-Length. Nothing was kept of it.',
    action: 'Send the body at once after the headers, as one request; on a slow link, retry the upload (a same-bytes PUT is safe) when the connection is better.',
  },
  NOT_FOUND: {
    when: 'No such path, or no such record (withdrawal, deposit, refund, transaction, webhook endpoint) for a REST GET or a mutation.',
    action: 'Check the path (docs/api/surfaces.md) and the id; ids of another environment or database do not exist here.',
  },
  METHOD_NOT_ALLOWED: {
    when: 'The path exists, but not with this method.',
    action: 'Use a method named in the Allow header.',
  },
  FORBIDDEN: {
    when: 'The record belongs to another partner.',
    action: 'Use ids of your own customers and records.',
  },
  OPERATION_TYPE_MISMATCH: {
    when: 'operationAuthorization.operationType is not this operation’s type (§5).',
    action: 'Use the type of the operation you call (docs/api/evidence.md lists them).',
  },
  OPERATION_HASH_MISMATCH: {
    when: 'operationAuthorization.operationHash is not the SHA-256 of the JCS of this request’s payload (§5).',
    action:
      'Diff the problem’s operationPayload (the JCS text the server hashed) with the payload you hashed: the member that differs is the one to fix. Hash exactly what you send: every input field but operationAuthorization, plus the path id (in lower case) and operationType, nulls left out, as JCS (docs/api/evidence.md), or build it with the client or npx partnerctl evidence.',
  },
  AUTHORIZATION_EXPIRED: {
    when: 'operationAuthorization.authorizedAt is older than the allowed age (900 s by default) or more than 300 s in the future.',
    action: 'Have the operation approved again and send the new evidence.',
  },
  AUTHORIZATION_ALREADY_USED: {
    when: 'The same evidence (type, hash and authorizedAt) already authorized another request.',
    action: 'Each operation needs its own approval. To retry the same request, resend it with the same Idempotency-Key instead.',
  },
  INVALID_STATE: {
    when: 'The record is not in a state that allows this transition (§10.10), e.g. submitting a withdrawal twice.',
    action: 'Read the record’s status (docs/api/lifecycle.md has the state machines) and act on what it is now.',
  },
  SANDBOX_ONLY: {
    when: 'The operation (simulateCryptoDeposit) exists only in sandbox mode.',
    action: 'Use it against a sandbox server; in production deposits arrive from the chain.',
  },
  QUERY_TOO_COMPLEX: {
    when: 'The GraphQL document is too deep, too costly, or has too many aliases, directives or tokens.',
    action: 'Select fewer fields or levels, and page lists with first/after.',
  },
  RATE_LIMITED: {
    when: 'Your client (or, for failed authentications, your address) sent more requests than its limit.',
    action: 'Wait the seconds in Retry-After, then retry; spread requests out.',
  },
  INTERNAL: {
    when: 'The service failed unexpectedly; nothing of the request was committed unless a replay says otherwise.',
    action: 'Retry with the same Idempotency-Key; if it persists, report the requestId to the operator.',
  },
  SERVICE_UNAVAILABLE: {
    when: 'The service’s database could not be reached, or ended the request’s transaction (a restart, a failover), so the request may not have taken effect.',
    action: 'Wait the seconds in Retry-After, then retry with the same Idempotency-Key (and a fresh nonce): it replays what committed, or runs anew.',
  },
};
