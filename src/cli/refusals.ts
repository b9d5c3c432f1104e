// partnerctl's two kinds of failure, kept in a file of their own that imports nothing at run time: every
// command, and the run that prints them, use them without loading the operator code of other commands.
import type { Engine } from '../db/engine.js';
import type { ProblemCode } from '../graphql/generated/resolvers-types.js';

/** A usage error: arguments missing or malformed (partnerctl exits 2). */
export class OperatorError extends Error {}

/**
 * A refusal: well-formed, but the state says no (partnerctl exits 1 and prints `{"code", "detail"}`,
 * §11.8). Codes are the contract's (§16.6, §16.9): NOT_FOUND for any unknown record, VALIDATION_FAILED
 * for a value that breaks a rule (one that already exists included, as `conversion-pair create` of an
 * existing pair), INVALID_STATE, SANDBOX_ONLY; typed, so no code of partnerctl's own can be printed.
 */
export class OperatorRefusal extends OperatorError {
  constructor(
    readonly code: ProblemCode,
    detail: string,
  ) {
    super(detail);
  }
}

/** What an operator action needs of an engine: its writer. */
export type Operated = Pick<Engine, 'writer'>;
