// §7 on GraphQL: a Problem travels in errors[].extensions as code, status, requestId and errors.
// Everything that is not a Problem or a known GraphQL request fault is masked as INTERNAL.
import { unwrapResolverError } from '@apollo/server/errors';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { CallContext } from '../core/context.js';
import { isProblemCode, Problem, problemFromError, problemStatus, UNAVAILABLE_RETRY_AFTER_SECONDS, type ProblemCode } from '../core/problem.js';
import { literalFault } from './literal-faults.js';

/** Apollo's own codes for faults of the request itself, mapped onto ProblemCode. */
const apolloCodes: Record<string, ProblemCode> = {
  GRAPHQL_PARSE_FAILED: 'INVALID_REQUEST',
  GRAPHQL_VALIDATION_FAILED: 'VALIDATION_FAILED',
  BAD_USER_INPUT: 'VALIDATION_FAILED',
  BAD_REQUEST: 'INVALID_REQUEST',
  OPERATION_RESOLUTION_FAILURE: 'INVALID_REQUEST',
  PERSISTED_QUERY_NOT_FOUND: 'INVALID_REQUEST',
  PERSISTED_QUERY_NOT_SUPPORTED: 'INVALID_REQUEST',
};

export function problemToGraphQLError(problem: Problem): GraphQLError {
  return new GraphQLError(problem.detail, {
    originalError: problem,
    extensions: {
      code: problem.code,
      status: problem.status,
      ...(problem.errors?.length ? { errors: problem.errors } : {}),
      http: { status: problem.status },
    },
  });
}

/** The Problem behind an error: thrown by a resolver, a plugin or a validation rule. */
function problemOf(error: unknown): Problem | undefined {
  const unwrapped = unwrapResolverError(error);
  // A Problem, or 503 where the database went away (settled point 10).
  return problemFromError(unwrapped) ?? (error instanceof GraphQLError ? problemFromError(error.originalError) : undefined);
}

// graphql 16 says "more that N tokens" (sic); accept the corrected wording too.
function tooManyTokens(formatted: GraphQLFormattedError): boolean {
  return formatted.extensions?.code === 'GRAPHQL_PARSE_FAILED' && /more th(?:an|at) \d+ tokens/.test(formatted.message);
}

/**
 * §12.3: no answer repeats a value the request sent. graphql-js's syntax errors quote the token they
 * stopped at (`Expected Name, found String "…"`); the location says where, so the quote goes.
 */
function withoutQuotedTokens(message: string): string {
  // The token or character quoted last (`found String "…".`, `Unexpected character: "…".`); an expected
  // punctuator before it (`Expected ":"`) is the grammar's and stays.
  return message
    .replace(/ (Name|String|BlockString|Int|Float) "[\s\S]*"(?=\.?$)/, ' $1')
    .replace(/: "[\s\S]*"(?=\.?$)/, '');
}

/** A variable's value that Apollo's own coercion refused (the operation guard refuses them first): named, not quoted. */
function withoutVariableValue(message: string): string {
  const m = /^Variable "\$([A-Za-z0-9_]+)" got invalid value/.exec(message);
  return m ? `Variable "$${m[1]}" got an invalid value.` : withoutQuotedTokens(message);
}

/** Apollo's formatError for the schema (literal faults are located in it). */
export function errorFormatter(schema: GraphQLSchema): (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError {
  return (formatted, error) => formatError(formatted, error, schema);
}

export function formatError(formatted: GraphQLFormattedError, error: unknown, schema?: GraphQLSchema): GraphQLFormattedError {
  const original = problemOf(error);
  const base = { message: formatted.message, locations: formatted.locations, path: formatted.path };
  if (original instanceof Problem) {
    return {
      ...base,
      message: original.detail,
      extensions: {
        code: original.code,
        status: original.status,
        ...(original.errors?.length ? { errors: original.errors } : {}),
        ...original.diagnostics,
      },
    };
  }
  const code = formatted.extensions?.code;
  if (tooManyTokens(formatted))
    return { ...base, extensions: { code: 'QUERY_TOO_COMPLEX', status: problemStatus.QUERY_TOO_COMPLEX } };
  if (isProblemCode(code) && code !== 'INTERNAL') {
    const { http: _http, stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
    return { ...base, extensions: { ...extensions, status: problemStatus[code] } };
  }
  if (code === 'GRAPHQL_VALIDATION_FAILED' && schema && error instanceof GraphQLError) {
    const fault = literalFault(schema, error);
    if (fault)
      return {
        ...base,
        message: `${fault.pointer}: ${fault.detail}`,
        extensions: { code: 'VALIDATION_FAILED', status: problemStatus.VALIDATION_FAILED, errors: [fault] },
      };
  }
  const mapped = typeof code === 'string' ? apolloCodes[code] : undefined;
  if (code === 'GRAPHQL_PARSE_FAILED') base.message = withoutQuotedTokens(base.message);
  if (code === 'BAD_USER_INPUT') base.message = withoutVariableValue(base.message);
  if (mapped) return { ...base, extensions: { code: mapped, status: problemStatus[mapped] } };
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL', status: 500 } };
}

function isInternal(error: GraphQLError): boolean {
  if (problemOf(error)) return false;
  const code = error.extensions?.code;
  return !(typeof code === 'string' && (apolloCodes[code] || (isProblemCode(code) && code !== 'INTERNAL')));
}

/**
 * Adds the request id to every error, logs internal ones (never their input), and sets the HTTP status
 * from the problem when no root field produced data.
 */
export const problemResponsePlugin: ApolloServerPlugin<CallContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          if (isInternal(error)) contextValue.logger.error({ err: unwrapResolverError(error) }, 'internal error in GraphQL execution');
        }
      },
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        if (!result.errors?.length) return;
        contextValue.onErrors();
        result.errors = result.errors.map((e) => ({ ...e, extensions: { ...e.extensions, requestId: contextValue.requestId } }));
        const data = result.data as Record<string, unknown> | null | undefined;
        const anyData = data ? Object.values(data).some((v) => v !== null && v !== undefined) : false;
        const status = result.errors[0]?.extensions?.status;
        if (!anyData && typeof status === 'number') response.http.status = status;
        if (!anyData && result.errors[0]?.extensions?.code === 'SERVICE_UNAVAILABLE') response.http.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      },
    };
  },
};
