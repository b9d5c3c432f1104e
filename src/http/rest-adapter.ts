// §6 REST adapter: a path is a fixed GraphQL mutation; the body is its `input`. It translates and
// renders, nothing else: every rule runs inside the mutation, exactly as on /graphql.
import type { ApolloServer } from '@apollo/server';
import { getNamedType, isObjectType, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from '../graphql/context.js';
import { Problem, isProblemCode, type FieldError } from '../domain/problem.js';
import { json, problemReply } from './respond.js';
import type { HttpReply } from './types.js';

type RestRoute = {
  pattern: RegExp;
  mutation: string;
  pathArg: string;
  pathArgType: string;
  inputType: string;
  resultType: string;
};

const SEGMENT = '([^/]+)';

export const restRoutes: RestRoute[] = [
  {
    pattern: new RegExp(`^/partner/v1/customers/${SEGMENT}/crypto/wallet-beneficiaries$`),
    mutation: 'createCryptoWalletBeneficiary',
    pathArg: 'customerId',
    pathArgType: 'UUID!',
    inputType: 'CreateCryptoWalletBeneficiaryInput!',
    resultType: 'WalletBeneficiary',
  },
  {
    pattern: new RegExp(`^/partner/v1/customers/${SEGMENT}/crypto-withdrawals$`),
    mutation: 'createCryptoWithdrawalApprovalDraft',
    pathArg: 'customerId',
    pathArgType: 'UUID!',
    inputType: 'CreateCryptoWithdrawalApprovalDraftInput!',
    resultType: 'CryptoWithdrawal',
  },
  {
    pattern: new RegExp(`^/partner/v1/crypto/refunds/${SEGMENT}/confirmation$`),
    mutation: 'confirmCryptoRefund',
    pathArg: 'refundId',
    pathArgType: 'UUID!',
    inputType: 'ConfirmCryptoRefundInput!',
    resultType: 'CryptoRefund',
  },
];

export function matchRestRoute(pathname: string): { route: RestRoute; pathValue: string } | undefined {
  for (const route of restRoutes) {
    const m = route.pattern.exec(pathname);
    if (m) {
      try {
        return { route, pathValue: decodeURIComponent(m[1]!) };
      } catch {
        throw new Problem('INVALID_REQUEST', 'The path is not valid percent-encoding.');
      }
    }
  }
  return undefined;
}

/** Selects every field of the result type: the REST body is the whole resource (§6). */
function documentFor(schema: GraphQLSchema, route: RestRoute): string {
  const type = schema.getType(route.resultType);
  if (!isObjectType(type)) throw new Error(`REST route result type ${route.resultType} is not an object type`);
  for (const f of Object.values(type.getFields()))
    if (isObjectType(getNamedType(f.type))) throw new Error(`REST result ${route.resultType}.${f.name} needs a sub-selection`);
  const fields = Object.keys(type.getFields()).join(' ');
  return `mutation Rest($${route.pathArg}: ${route.pathArgType}, $input: ${route.inputType}) { result: ${route.mutation}(${route.pathArg}: $${route.pathArg}, input: $input) { ${fields} } }`;
}

export class RestAdapter {
  private readonly documents = new Map<RestRoute, string>();

  constructor(
    private readonly apollo: ApolloServer<GraphQLContext>,
    schema: GraphQLSchema,
  ) {
    for (const route of restRoutes) this.documents.set(route, documentFor(schema, route));
  }

  async run(route: RestRoute, pathValue: string, input: unknown, ctx: GraphQLContext): Promise<HttpReply> {
    const document = this.documents.get(route)!;
    const response = await this.apollo.executeOperation(
      { query: document, variables: { [route.pathArg]: pathValue, input } },
      { contextValue: ctx },
    );
    if (response.body.kind !== 'single') throw new Error('REST adapter got an incremental GraphQL response');
    const { data, errors } = response.body.singleResult;
    if (errors?.length) {
      const ext = errors[0]!.extensions ?? {};
      const code = isProblemCode(ext.code) ? ext.code : 'INTERNAL';
      const problem = new Problem(code, code === 'INTERNAL' ? 'Internal server error' : errors[0]!.message, ext.errors as FieldError[] | undefined);
      return problemReply(problem, ctx.requestId);
    }
    const headers: Record<string, string> = ctx.outcome.replayed ? { 'idempotent-replayed': 'true' } : {};
    return json(200, (data as { result: unknown }).result, headers);
  }
}
