// The one error model (contract §7): a Problem decides code and status; http/ and graphql/ only render it.
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { problemStatus } from './generated/problems.js';

// Every code (§7) and its HTTP status, generated from the SDL: the platform's `enum ProblemCode` and each
// area's `extend enum ProblemCode`, a @status on every value (npm run codegen).
export { problemStatus };

export type ProblemCode = keyof typeof problemStatus;

export type FieldError = { pointer: string; detail: string };

const titles: Partial<Record<ProblemCode, string>> = {
  INTERNAL: 'Internal server error',
};

export function titleOf(code: ProblemCode): string {
  const explicit = titles[code];
  if (explicit) return explicit;
  const words = code.toLowerCase().split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export class Problem extends Error {
  readonly status: number;
  /** For METHOD_NOT_ALLOWED: the Allow header. */
  allow?: string;
  /** For RATE_LIMITED and SERVICE_UNAVAILABLE: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /**
   * For AUTH_SIGNATURE_INVALID: the canonical string the server computed (§2), so a partner can diff it
   * against the one they signed. It holds nothing secret: every line is sent in the request.
   */
  canonicalString?: string;
  /**
   * For OPERATION_HASH_MISMATCH: the operationType and the JCS text the server hashed (§5), so a partner
   * can diff it against the payload they hashed. Every member of it is in the request already.
   */
  operationType?: string;
  operationPayload?: string;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'Problem';
    this.status = problemStatus[code];
  }

  get title(): string {
    return titleOf(this.code);
  }

  /** The members beyond §7's that help a partner compare (canonicalString, operationType, operationPayload). */
  get diagnostics(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.canonicalString !== undefined) out.canonicalString = this.canonicalString;
    if (this.operationPayload !== undefined) {
      out.operationType = this.operationType ?? '';
      out.operationPayload = this.operationPayload;
    }
    return out;
  }

  /** RFC 9457 document; `type` is relative: /problems/<code in kebab case>. */
  toJSON(requestId: string): ProblemDocument {
    const doc: ProblemDocument = {
      type: problemType(this.code),
      title: this.title,
      status: this.status,
      detail: this.detail,
      code: this.code,
      requestId,
    };
    if (this.errors && this.errors.length > 0) doc.errors = this.errors;
    return Object.assign(doc, this.diagnostics);
  }
}

export type ProblemDocument = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ProblemCode;
  requestId: string;
  errors?: FieldError[];
  canonicalString?: string;
  operationType?: string;
  operationPayload?: string;
};

/** §7: the problem's `type`, a page about the code (src/http/pages/problems.ts serves it). */
export const problemType = (code: ProblemCode): string => `/problems/${code.toLowerCase().replaceAll('_', '-')}`;

export function isProblemCode(value: unknown): value is ProblemCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(problemStatus, value);
}

/** Field-level validation: collects every fault, then throws one VALIDATION_FAILED (or a more specific code). */
export class FieldErrors {
  private readonly list: FieldError[] = [];
  /** Each fault's code, in the list's order. */
  private readonly codes: ProblemCode[] = [];

  add(pointer: string, detail: string): void {
    this.addCoded('VALIDATION_FAILED', pointer, detail);
  }

  /** A wrong address is its own code (§4.3) when it is the only fault. */
  addAddress(pointer: string, detail: string): void {
    this.addCoded('INVALID_WALLET_ADDRESS', pointer, detail);
  }

  /**
   * A fault with a code of its own (§14.5 INVALID_BANK_ACCOUNT): B and G answer under the faults' common
   * code when they share one, else VALIDATION_FAILED listing all (the stage table of accounts-and-payments.md).
   */
  addCoded(code: ProblemCode, pointer: string, detail: string): void {
    this.codes.push(code);
    this.list.push({ pointer, detail });
  }

  throwIfAny(): void {
    if (this.list.length === 0) return;
    const shared = new Set(this.codes).size === 1 ? this.codes[0]! : 'VALIDATION_FAILED';
    // §4.3: an address fault keeps its code only alone.
    const code = shared === 'INVALID_WALLET_ADDRESS' && this.list.length > 1 ? 'VALIDATION_FAILED' : shared;
    const first = this.list[0]!;
    const detail = this.list.length === 1 ? `${first.pointer}: ${first.detail}` : `${this.list.length} fields are invalid`;
    throw new Problem(code, detail, this.list);
  }
}

/** Settled point 10: the seconds a partner waits before retrying a request the database could not take. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** 503 SERVICE_UNAVAILABLE with its Retry-After (settled point 10). */
export function serviceUnavailable(): Problem {
  const p = new Problem('SERVICE_UNAVAILABLE', 'The database is not reachable; retry with the same Idempotency-Key after Retry-After seconds.');
  p.retryAfterSeconds = UNAVAILABLE_RETRY_AFTER_SECONDS;
  return p;
}

/**
 * The Problem an error answers: itself, 503 where the database went away (not the service's fault, settled
 * point 10), else undefined (the caller's INTERNAL).
 */
export function problemFromError(error: unknown): Problem | undefined {
  if (error instanceof Problem) return error;
  return isDatabaseUnavailable(error) ? serviceUnavailable() : undefined;
}
