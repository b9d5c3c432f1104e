// Records refused mutation attempts in the audit trail (issue #3); successes are recorded by the
// domain in the transaction of their effect. Runs first, so it sees attempts other plugins refuse.
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, valueFromASTUntyped, type FieldNode } from 'graphql';
import { auditRefusal, auditSubject } from '../domain/audit.js';
import { isProblemCode, Problem, problemStatus } from '../domain/problem.js';
import type { GraphQLContext } from './context.js';

function argumentsOf(field: FieldNode, variables: Record<string, unknown>): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const arg of field.arguments ?? []) {
    args[arg.name.value] =
      arg.value.kind === Kind.VARIABLE ? variables[arg.value.name.value] : valueFromASTUntyped(arg.value, variables);
  }
  return args;
}

export const auditPlugin: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation, request, contextValue }) {
        if (operation?.operation !== 'mutation' || !contextValue.clientId) return;
        const field = operation.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD);
        if (!field) return;
        contextValue.outcome.attempt = auditSubject(field.name.value, argumentsOf(field, request.variables ?? {}));
      },
      async willSendResponse({ response, contextValue }) {
        const attempt = contextValue.outcome.attempt;
        if (!attempt || response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (!errors?.length || (data && Object.values(data).some((v) => v !== null))) return;
        const code = errors[0]!.extensions?.code;
        const problem = isProblemCode(code) ? { code, status: problemStatus[code] } : { code: 'INTERNAL' as const, status: 500 };
        try {
          await contextValue.services.writer.run((tx) => auditRefusal(tx, contextValue, attempt, problem));
        } catch (err) {
          // A Problem here is the request's own refusal: its nonce was already spent (a replay, or another
          // process first). Requests refused at authentication are not audited; the answer becomes 401.
          if (err instanceof Problem) return;
          contextValue.logger.error({ err }, 'could not write the audit event of a refused mutation');
        }
      },
    };
  },
};
