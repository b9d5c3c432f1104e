// Hardened GraphQL: depth, aliases, directives and cost are bounded by graphql-armor's
// validation rules, and the token count by Apollo's parser. A refusal is 400 QUERY_TOO_COMPLEX.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';
import { Problem } from '../core/problem.js';

export const QUERY_LIMITS = {
  maxTokens: 2000,
  maxDepth: 8,
  maxAliases: 5,
  maxDirectives: 10,
  // graphql-armor multiplies a field's cost by a literal `first`: a §9.3 page of 100 of the widest record
  // with every field selected costs about 7,600; the limit leaves room for that and no more than a few.
  maxCost: 10_000,
} as const;

/** graphql-armor reports through this instead of throwing, so the refusal is a Problem, not a 500. */
function reject(context: ValidationContext | null, error: GraphQLError): void {
  const detail = error.message.replace(/^Syntax Error: /, '');
  context?.reportError(new GraphQLError(detail, { nodes: error.nodes, originalError: new Problem('QUERY_TOO_COMPLEX', detail) }));
}

const common = { propagateOnRejection: false, onReject: [reject], exposeLimits: true };

export const limitRules: ValidationRule[] = [
  maxDepthRule({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, ...common }),
  maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...common }),
  maxDirectivesRule({ n: QUERY_LIMITS.maxDirectives, ...common }),
  costLimitRule({ maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, ...common }),
] as ValidationRule[];
