// The GraphQL surface (§1): POST and GET /graphql through Apollo Server. It parses and renders only.
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { Kind, parse, valueFromASTUntyped, type DocumentNode, type FieldNode } from 'graphql';
import type { CallContext, RequestContext } from '../core/context.js';
import { isProblemCode, Problem, problemStatus } from '../core/problem.js';
import { QUERY_LIMITS } from '../graphql/limits.js';
import { descriptorOf } from '../graphql/registry.js';
import { sessionOperationRefusal } from '../graphql/session-access.js';
import { jsonBodyOrUndefined, parseJsonBody } from './body.js';
import { graphqlProblemReply } from './render.js';
import { callContext, type Attempt, type Surface, type SurfaceCall, type SurfaceOutcome } from './surface.js';
import type { HttpCall, HttpReply } from './types.js';

function parseQuery(query: unknown): DocumentNode | undefined {
  if (typeof query !== 'string') return undefined;
  try {
    return parse(query, { maxTokens: QUERY_LIMITS.maxTokens });
  } catch {
    return undefined;
  }
}

/** In development the schema may be read without signing (§2): an introspection-only query. */
export function isIntrospectionOnly(body: unknown): boolean {
  const doc = parseQuery((body as { query?: unknown } | null)?.query);
  // Fragment definitions (as in Sandbox's introspection query) are fine; every operation must be a
  // query of __schema / __type / __typename only.
  return (
    doc !== undefined &&
    doc.definitions.every(
      (d) =>
        d.kind === Kind.FRAGMENT_DEFINITION ||
        (d.kind === Kind.OPERATION_DEFINITION &&
          d.operation === 'query' &&
          d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__'))),
    )
  );
}

export class GraphQLSurface implements Surface {
  constructor(private readonly apollo: ApolloServer<CallContext>) {}

  /** A signed call of /graphql. */
  callOf(call: HttpCall): SurfaceCall {
    return { execute: (ctx) => this.execute(call, ctx), attempt: () => this.attempt(call), sessionRefusal: () => this.sessionRefusal(call) };
  }

  /** §17.2: the operation the request selects, read as GraphQL will read it (POST body, or GET's query string). */
  private sessionRefusal(call: HttpCall): Problem | undefined {
    let request: { query?: unknown; operationName?: unknown } | undefined;
    if (call.method === 'POST') request = jsonBodyOrUndefined(call) as typeof request;
    else {
      const search = new URLSearchParams(call.url.includes('?') ? call.url.slice(call.url.indexOf('?') + 1) : '');
      request = { query: search.get('query') ?? undefined, operationName: search.get('operationName') ?? undefined };
    }
    // A batch, a body that is not JSON or a document that does not parse: refused by execute, running nothing.
    if (!request || typeof request !== 'object' || Array.isArray(request)) return undefined;
    const doc = parseQuery(request.query);
    return doc && sessionOperationRefusal(doc, request.operationName);
  }

  private async execute(call: HttpCall, ctx: RequestContext): Promise<SurfaceOutcome> {
    let body: unknown = undefined;
    if (call.method === 'POST') body = parseJsonBody(call);
    // One operation per request: a batch would multiply every limit and the idempotency scope.
    if (Array.isArray(body)) throw new Problem('INVALID_REQUEST', 'Batched GraphQL requests are not supported: send one operation per request.');
    const run = callContext(ctx);
    const outcome = await this.run(call, body, run.ctx, true);
    const stored = run.stored();
    return stored ? { ...outcome, stored, hadErrors: run.hadErrors() } : outcome;
  }

  /** The development landing page and unsigned introspection (no partner context, nothing stored). */
  async runUnsigned(call: HttpCall, body: unknown, ctx: RequestContext): Promise<HttpReply> {
    return (await this.run(call, body, callContext(ctx).ctx, call.method === 'POST')).reply;
  }

  private async run(call: HttpCall, body: unknown, ctx: CallContext, json: boolean): Promise<SurfaceOutcome> {
    const headers = new HeaderMap();
    for (const [k, v] of Object.entries(call.headers)) if (v !== undefined) headers.set(k, v);
    // Apollo reads the JSON type from the header; the body was parsed and checked already.
    if (call.method === 'POST') headers.set('content-type', 'application/json');
    // Apollo negotiates Accept only after executing the operation: a mutation would commit and then be
    // refused (406). The answer is JSON whatever was asked (the landing page aside).
    if (json) headers.set('accept', 'application/json');
    const search = call.url.includes('?') ? call.url.slice(call.url.indexOf('?') + 1) : '';
    const res = await this.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: call.method, headers, search, body },
      context: async () => ctx,
    });
    const out: Record<string, string> = {};
    for (const [k, v] of res.headers) out[k] = v;
    if (res.body.kind !== 'complete') throw new Error('incremental delivery is not supported');
    const status = res.status ?? 200;
    if (status < 400) return { reply: { status, headers: out, body: res.body.string } };
    return this.refusal(status, out, res.body.string, ctx.requestId);
  }

  /**
   * A refused request: the problem's code and status, from the errors Apollo rendered. Apollo refuses
   * some requests before any plugin runs (an unacceptable Accept header, say): those get the request
   * id and the problem's status here.
   */
  private refusal(status: number, headers: Record<string, string>, body: string, requestId: string): SurfaceOutcome {
    let parsed: { errors?: { extensions?: Record<string, unknown> }[] };
    try {
      parsed = JSON.parse(body);
    } catch {
      return { reply: { status, headers, body } };
    }
    const first = Array.isArray(parsed.errors) ? parsed.errors[0] : undefined;
    if (!first) return { reply: { status, headers, body } };
    for (const e of parsed.errors!) e.extensions = { ...e.extensions, requestId: e.extensions?.requestId ?? requestId };
    const code = first.extensions?.code;
    const refused = isProblemCode(code) ? { code, status: problemStatus[code] } : { code: 'INTERNAL' as const, status: 500 };
    const problemStatusValue = first.extensions?.status;
    const replyStatus = typeof problemStatusValue === 'number' ? problemStatusValue : status;
    return { reply: { status: replyStatus, headers, body: JSON.stringify(parsed) }, refused };
  }

  render(problem: Problem, requestId: string): HttpReply {
    return graphqlProblemReply(problem, requestId);
  }

  private attempt(call: HttpCall): Attempt | undefined {
    if (call.method !== 'POST') return undefined;
    const body = jsonBodyOrUndefined(call) as { query?: unknown; variables?: unknown } | undefined;
    const doc = parseQuery(body?.query);
    const operation = doc?.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
    if (!operation || operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== 'mutation') return undefined;
    const field = operation.selectionSet.selections.find((s): s is FieldNode => s.kind === Kind.FIELD);
    const descriptor = field && descriptorOf(field.name.value);
    if (!field || descriptor?.kind !== 'mutation') return undefined;
    const variables = body?.variables && typeof body.variables === 'object' ? (body.variables as Record<string, unknown>) : {};
    const args: Record<string, unknown> = {};
    for (const arg of field.arguments ?? [])
      args[arg.name.value] = arg.value.kind === Kind.VARIABLE ? variables[arg.value.name.value] : valueFromASTUntyped(arg.value, variables);
    return { descriptor, args };
  }
}
