// Hardened GraphQL: depth, aliases, directives and cost are bounded by graphql-armor's
// validation rules, and the token count by Apollo's parser. A refusal is 400 QUERY_TOO_COMPLEX.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { GraphQLError, Kind, TypeInfo, visit, visitWithTypeInfo, type ArgumentNode, type ASTVisitor, type ValidationContext, type ValidationRule } from 'graphql';
import { pageSize } from '../core/pages.js';
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

/**
 * The first literal `first` of a list field outside §9.3's 1–100, as pageSize() refuses it, or undefined.
 * Only fields whose definition has a `first` argument count (TypeInfo), so another field's argument of
 * that name is left to the schema.
 */
function pageSizeFault(context: ValidationContext): { problem: Problem; node: ArgumentNode } | undefined {
  const typeInfo = new TypeInfo(context.getSchema());
  let found: { problem: Problem; node: ArgumentNode } | undefined;
  visit(
    context.getDocument(),
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        if (found || node.name.value !== 'first' || node.value.kind !== Kind.INT || !typeInfo.getArgument()) return;
        try {
          pageSize(Number(node.value.value));
        } catch (e) {
          if (e instanceof Problem) found = { problem: e, node };
          else throw e;
        }
      },
    }),
  );
  return found;
}

const costRule = costLimitRule({ maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, ...common }) as ValidationRule;

/**
 * §9.3: a page size out of range is 400 VALIDATION_FAILED at /first whether it comes as a variable (the
 * resolver's pageSize) or written inline. Inline it would otherwise reach the cost rule first, which
 * multiplies by it and answers QUERY_TOO_COMPLEX; so it is refused here, with pageSize's own problem,
 * and the cost is not computed over a size that is refused anyway.
 */
const costOrPageSizeRule: ValidationRule = (context): ASTVisitor => {
  const fault = pageSizeFault(context);
  if (!fault) return costRule(context);
  context.reportError(new GraphQLError(fault.problem.detail, { nodes: fault.node, originalError: fault.problem }));
  return {};
};

export const limitRules: ValidationRule[] = [
  maxDepthRule({ n: QUERY_LIMITS.maxDepth, ignoreIntrospection: true, ...common }),
  maxAliasesRule({ n: QUERY_LIMITS.maxAliases, ...common }),
  maxDirectivesRule({ n: QUERY_LIMITS.maxDirectives, ...common }),
  costOrPageSizeRule,
] as ValidationRule[];
