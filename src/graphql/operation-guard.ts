// Request-level rules that need the parsed operation: §3 Idempotency-Key presence, format and scope,
// and the shape of variables. Runs after GraphQL validation, before any resolver, on both surfaces (the
// REST surface calls checkOperation with its own document).
import {
  Kind,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { ApolloServerPlugin } from '@apollo/server';
import type { CallContext } from '../core/context.js';
import { checkIdempotencyKey } from '../core/idempotency.js';
import { Problem } from '../core/problem.js';
import { problemToGraphQLError } from './errors.js';
import { variableFaults } from './input-validation.js';

/** Root fields after fragments are expanded (aliases count as separate selections). */
function rootFields(
  set: SelectionSetNode,
  fragments: Record<string, FragmentDefinitionNode>,
  out: string[] = [],
): string[] {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) rootFields(sel.selectionSet, fragments, out);
    else {
      const fragment = fragments[sel.name.value];
      if (fragment) rootFields(fragment.selectionSet, fragments, out);
    }
  }
  return out;
}

/**
 * Whether the operation selects exactly one mutation field. A property of the document, so it is worked
 * out once per parsed operation (REST routes and Apollo's document cache reuse theirs).
 */
const oneMutationField = new WeakMap<OperationDefinitionNode, boolean>();
function isOneMutationField(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): boolean {
  let known = oneMutationField.get(operation);
  if (known === undefined) {
    const fields = rootFields(operation.selectionSet, fragments).filter((f) => f !== '__typename');
    const mutationFields = schema.getMutationType()?.getFields() ?? {};
    oneMutationField.set(operation, (known = fields.length === 1 && fields[0]! in mutationFields));
  }
  return known;
}

export function checkOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown> | undefined,
  idempotencyKey: string | undefined,
): void {
  if (operation.operation === 'subscription')
    throw new Problem('INVALID_REQUEST', 'Subscriptions are not supported: use a query or a mutation.');
  const isMutation = operation.operation === 'mutation';
  if (isMutation || idempotencyKey !== undefined) {
    checkIdempotencyKey(idempotencyKey);
    // §3: a keyed request is exactly one mutation field, so the key names exactly one operation.
    if (!isMutation || !isOneMutationField(schema, operation, fragments))
      throw new Problem(
        'IDEMPOTENCY_SCOPE_INVALID',
        'A request with an Idempotency-Key must select exactly one mutation field (and a mutation needs its own request).',
      );
  }
  const faults = variableFaults(schema, operation, variables);
  if (faults.length > 0) {
    const detail = faults.length === 1 ? `${faults[0]!.pointer}: ${faults[0]!.detail}` : `${faults.length} fields are invalid`;
    throw new Problem('VALIDATION_FAILED', detail, faults);
  }
}

export const operationGuardPlugin: ApolloServerPlugin<CallContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, document, request, contextValue, schema }) {
        if (!operation) return;
        const fragments: Record<string, FragmentDefinitionNode> = {};
        for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments[def.name.value] = def;
        try {
          checkOperation(schema, operation, fragments, request.variables, contextValue.idempotencyKey);
        } catch (e) {
          throw e instanceof Problem ? problemToGraphQLError(e) : e;
        }
      },
    };
  },
};
