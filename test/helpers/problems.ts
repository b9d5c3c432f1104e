// The §7 problem, asserted once for every suite: an RFC 9457 document on REST (§6), the same code,
// status and requestId in errors[].extensions on GraphQL. Each helper makes every check that any of the
// suites' former local helpers made (the stricter one where they differed); options say where a caller
// legitimately sees less (a nullable query field's `data`, several GraphQL errors).
import { expect } from 'vitest';
import { isProblemCode, problemStatus, type FieldError, type ProblemCode, type ProblemDocument } from '../../src/core/problem.js';
import type { Reply } from './harness.js';

/** A REST problem document (§7), exactly these members. */
export type { FieldError, ProblemDocument };

/** errors[n].extensions of a GraphQL problem (§7). */
export type ProblemExtensions = {
  code: ProblemCode;
  status: number;
  requestId: string;
  errors?: FieldError[];
};

export type ProblemOptions = {
  /** The problem's field errors include this JSON pointer (a RegExp: one that matches it). */
  pointer?: string | RegExp;
  /** Names the request in failure messages (a test's variant, a fuzz case). */
  message?: string;
};

export type GraphQLProblemOptions = ProblemOptions & {
  /**
   * What `data` may be. 'none' (the default): absent or null. 'null-fields': also an object whose root
   * fields are all null, which is what a failed nullable query field (customer, cryptoWithdrawal…) leaves.
   */
  data?: 'none' | 'null-fields';
  /** How many errors: 'one' (the default) or 'some' (≥ 1, each with a problem code that is not INTERNAL). */
  errors?: 'one' | 'some';
};

/** The fourth argument: options, or a pointer alone as shorthand for `{ pointer }`. */
type Fourth<O> = O | string | RegExp;

/**
 * The only codes whose problems carry field errors ("for validation", §7): FieldErrors and the GraphQL
 * variable checks (VALIDATION_FAILED, INVALID_WALLET_ADDRESS), and a withdrawal's amount outside its route's bounds.
 */
const FIELD_ERROR_CODES: readonly string[] = ['VALIDATION_FAILED', 'INVALID_WALLET_ADDRESS', 'AMOUNT_OUT_OF_RANGE', 'INVALID_BANK_ACCOUNT'];

const REST_MEMBERS = ['code', 'detail', 'requestId', 'status', 'title', 'type'];
const EXTENSION_MEMBERS = ['code', 'requestId', 'status'];

/** A problem code's `type`: /problems/<code in kebab case>. */
export const problemType = (code: string) => `/problems/${code.toLowerCase().replaceAll('_', '-')}`;

function optionsOf<O extends ProblemOptions>(o: Fourth<O> | undefined): O {
  if (o === undefined) return {} as O;
  return typeof o === 'string' || o instanceof RegExp ? ({ pointer: o } as O) : o;
}

function say(message: string | undefined, r: Reply): string {
  return message ? `${message}: ${r.text}` : r.text;
}

/** The caller's expectation itself is one the contract has: a known code, sent with its status. */
function expectCodeWithStatus(status: number, code: string): void {
  expect(isProblemCode(code), `${code} is not a problem code`).toBe(true);
  expect(problemStatus[code as ProblemCode], `the status of ${code}`).toBe(status);
}

/** The X-Request-Id the reply was sent with (every reply has one). */
function requestIdOf(r: Reply): string {
  const requestId = r.headers.get('x-request-id');
  expect(requestId, 'X-Request-Id header').toBeTruthy();
  return requestId!;
}

/** A refusal is never marked as an idempotent replay (§3 stores and replays successes only). */
function expectNoReplay(r: Reply, message: string): void {
  expect(r.headers.get('idempotent-replayed'), message).toBeNull();
}

/** The pointers of a problem's (or extensions') field errors: a non-empty array of { pointer, detail } strings. */
export function pointersOf(problem: { errors?: FieldError[] } | undefined): string[] {
  const errors = problem?.errors;
  expect(Array.isArray(errors), `field errors in ${JSON.stringify(problem)}`).toBe(true);
  expect(errors!.length, 'field errors').toBeGreaterThan(0);
  for (const e of errors!) {
    expect(Object.keys(e).sort(), JSON.stringify(e)).toEqual(['detail', 'pointer']);
    expect(typeof e.pointer, JSON.stringify(e)).toBe('string');
    expect(typeof e.detail, JSON.stringify(e)).toBe('string');
    expect(e.detail.length, JSON.stringify(e)).toBeGreaterThan(0);
  }
  return errors!.map((e) => e.pointer);
}

function expectPointer(pointers: string[], pointer: string | RegExp, message: string): void {
  if (typeof pointer === 'string') expect(pointers, message).toContain(pointer);
  else expect(pointers.some((p) => pointer.test(p)), `a pointer matching ${pointer} in ${JSON.stringify(pointers)}: ${message}`).toBe(true);
}

/** Field errors: only on the codes that have them; well formed when present; the pointer when one is asked for. */
function expectFieldErrors(holder: { errors?: FieldError[] }, code: string, pointer: string | RegExp | undefined, message: string): void {
  if (holder.errors !== undefined) {
    expect(FIELD_ERROR_CODES, `field errors on ${code}: ${message}`).toContain(code);
    pointersOf(holder);
  }
  if (pointer !== undefined) expectPointer(pointersOf(holder), pointer, message);
}

/**
 * The members a problem has: the base ones, `errors` when it lists faults, and on
 * AUTH_SIGNATURE_INVALID (and only there) the server's canonical string (§2), a string of seven lines;
 * on OPERATION_HASH_MISMATCH (and only there) operationType and operationPayload (§5).
 */
function membersOf(base: readonly string[], holder: Record<string, unknown>, code: string): string[] {
  const members = [...base];
  if (holder.errors !== undefined) members.push('errors');
  if (code === 'AUTH_SIGNATURE_INVALID') {
    expect(typeof holder.canonicalString).toBe('string');
    expect((holder.canonicalString as string).split('\n')).toHaveLength(7);
    members.push('canonicalString');
  }
  if (code === 'OPERATION_HASH_MISMATCH') {
    // §5: the operationType and the JCS text the server hashed, parseable as the payload object.
    expect(typeof holder.operationType).toBe('string');
    expect(typeof holder.operationPayload).toBe('string');
    expect(JSON.parse(holder.operationPayload as string)).toMatchObject({ operationType: holder.operationType });
    members.push('operationType', 'operationPayload');
  }
  return members.sort();
}

/**
 * §6/§7 on REST: HTTP `status`; Content-Type application/problem+json; exactly the members type
 * (/problems/<kebab code>), title, status, detail (both non-empty), code, requestId (the X-Request-Id
 * header's), plus `errors` only on a validation code and `canonicalString` only on AUTH_SIGNATURE_INVALID; not marked as a replay. `pointer`: errors has it.
 */
export function expectRestProblem(r: Reply, status: number, code: string, o?: Fourth<ProblemOptions>): ProblemDocument {
  const { pointer, message } = optionsOf(o);
  const why = say(message, r);
  expect(r.status, why).toBe(status);
  expectCodeWithStatus(status, code);
  expect(r.headers.get('content-type') ?? '', why).toMatch(/^application\/problem\+json\b/);
  const requestId = requestIdOf(r);
  expect(r.body, why).toBeTypeOf('object');
  expect(r.body, why).toMatchObject({
    type: problemType(code),
    title: expect.any(String),
    status,
    detail: expect.any(String),
    code,
    requestId,
  });
  expect(Object.keys(r.body).sort(), why).toEqual(membersOf(REST_MEMBERS, r.body, code));
  expect(r.body.title.length, why).toBeGreaterThan(0);
  expect(r.body.detail.length, why).toBeGreaterThan(0);
  expectFieldErrors(r.body, code, pointer, why);
  expectNoReplay(r, why);
  return r.body;
}

/**
 * §7 on GraphQL: HTTP `status`; a JSON body whose errors (one, unless `errors: 'some'`) carry in the
 * first's extensions exactly code, status, requestId (the X-Request-Id header's) and, on a validation
 * code only, `errors`; a message; no data (see `data`); not marked as a replay. `pointer`: extensions.errors has it.
 */
export function expectGraphQLProblem(r: Reply, status: number, code: string, o?: Fourth<GraphQLProblemOptions>): ProblemExtensions {
  const { pointer, message, data = 'none', errors = 'one' } = optionsOf(o);
  const why = say(message, r);
  expect(r.status, why).toBe(status);
  expectCodeWithStatus(status, code);
  expect(r.headers.get('content-type') ?? '', why).toMatch(/^application\/(graphql-response\+)?json\b/);
  const requestId = requestIdOf(r);
  expect(Array.isArray(r.body?.errors), why).toBe(true);
  if (errors === 'one') expect(r.body.errors, why).toHaveLength(1);
  else expect(r.body.errors.length, why).toBeGreaterThan(0);
  const first = r.body.errors[0];
  expect(typeof first.message, why).toBe('string');
  expect(first.message.length, why).toBeGreaterThan(0);
  const ext = first.extensions;
  expect(ext, why).toMatchObject({ code, status, requestId });
  expect(Object.keys(ext).sort(), why).toEqual(membersOf(EXTENSION_MEMBERS, ext, code));
  expectFieldErrors(ext, code, pointer, why);
  for (const e of r.body.errors) {
    expect(isProblemCode(e.extensions?.code), `error code not a problem code: ${why}`).toBe(true);
    if (code !== 'INTERNAL') expect(e.extensions.code, `an INTERNAL error: ${why}`).not.toBe('INTERNAL');
    expect(e.extensions.requestId, why).toBe(requestId);
  }
  if (data === 'none') expect(r.body.data ?? null, why).toBeNull();
  else for (const v of Object.values((r.body.data ?? {}) as Record<string, unknown>)) expect(v, `partial data: ${why}`).toBeNull();
  expectNoReplay(r, why);
  return ext;
}

/** A reply of either surface: GraphQL's has errors[] and no top-level code, a problem document a code. */
export function isGraphQLReply(r: Reply): boolean {
  return Array.isArray(r.body?.errors) && typeof r.body?.code !== 'string';
}

/** The problem, on whichever surface answered (a race mixes both): expectRestProblem or expectGraphQLProblem. */
export function expectProblem(r: Reply, status: number, code: string, o?: Fourth<GraphQLProblemOptions>): ProblemDocument | ProblemExtensions {
  if (isGraphQLReply(r)) return expectGraphQLProblem(r, status, code, o);
  const { data: _data, errors: _errors, ...rest } = optionsOf(o);
  return expectRestProblem(r, status, code, rest);
}

/** 400 VALIDATION_FAILED with a field error at `pointer` (a RegExp: at a pointer that matches), on either surface. */
export function expectValidationAt(r: Reply, pointer: string | RegExp, o: GraphQLProblemOptions = {}): ProblemDocument | ProblemExtensions {
  return expectProblem(r, 400, 'VALIDATION_FAILED', { ...o, pointer });
}

/** A clean REST refusal of whatever kind: a 4xx problem document with a code of the enum (not INTERNAL). Returns the code. */
export function expectSomeRestProblem(r: Reply, message?: string): ProblemCode {
  const why = say(message, r);
  expect(r.status, why).toBeGreaterThanOrEqual(400);
  expect(r.status, why).toBeLessThan(500);
  expect(isProblemCode(r.body?.code), `code not a problem code: ${why}`).toBe(true);
  return expectRestProblem(r, r.status, r.body.code, { message }).code;
}

/**
 * A clean GraphQL refusal of whatever kind: 4xx, every error with a code of the enum (not INTERNAL), the
 * first's status the HTTP status; a failed nullable field's null is allowed as `data`. Returns the code.
 */
export function expectSomeGraphQLProblem(r: Reply, message?: string): ProblemCode {
  const why = say(message, r);
  expect(r.status, why).toBeGreaterThanOrEqual(400);
  expect(r.status, why).toBeLessThan(500);
  const code = r.body?.errors?.[0]?.extensions?.code;
  expect(isProblemCode(code), `errors[0].extensions.code not a problem code: ${why}`).toBe(true);
  return expectGraphQLProblem(r, r.status, code, { message, errors: 'some', data: 'null-fields' }).code;
}

/** The problem code of a REST problem document or of the first GraphQL error (undefined: none). */
export function problemCodeOf(r: Reply): unknown {
  return r.body?.code ?? r.body?.errors?.[0]?.extensions?.code;
}

/** A REST success: 200, application/json, and (when given) exactly these members. Returns the body. */
export function expectRestSuccess(r: Reply, members?: readonly string[]) {
  expect(r.status, r.text).toBe(200);
  expect(r.headers.get('content-type') ?? '', r.text).toMatch(/^application\/json\b/);
  expect(r.body, r.text).toBeTypeOf('object');
  if (members) expect(Object.keys(r.body).sort(), r.text).toEqual([...members].sort());
  return r.body;
}
