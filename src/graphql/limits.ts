// Hardened GraphQL (issue #3): depth, aliases, directives and cost are bounded by graphql-armor's
// validation rules, and the token count by Apollo's parser. A refusal is 400 QUERY_TOO_COMPLEX.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import { Problem } from '../domain/problem.js';

export const QUERY_LIMITS = {
  maxTokens: 2000,
  maxDepth: 8,
  maxAliases: 5,
  maxDirectives: 10,
  maxCost: 1000,
} as const;

/** Re-reports the rule's errors with a QUERY_TOO_COMPLEX Problem as their original error. */
function asProblem(rule: (ctx: ValidationContext) => unknown): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const proxy = new Proxy(context, {
      get(target, prop, receiver) {
        if (prop === 'reportError')
          return (error: GraphQLError) =>
            target.reportError(
              new GraphQLError(error.message, { nodes: error.nodes, originalError: new Problem('QUERY_TOO_COMPLEX', error.message) }),
            );
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return rule(proxy) as ASTVisitor;
  };
}

export const limitRules: ValidationRule[] = [
  asProblem(maxDepthRule({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, exposeLimits: true })),
  asProblem(maxAliasesRule({ n: QUERY_LIMITS.maxAliases, exposeLimits: true })),
  asProblem(maxDirectivesRule({ n: QUERY_LIMITS.maxDirectives, exposeLimits: true })),
  asProblem(costLimitRule({ maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, exposeLimits: true })),
];
