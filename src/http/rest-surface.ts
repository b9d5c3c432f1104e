// The REST surface (§6, §9.4): each path comes from an operation descriptor's `rest`; a call runs that
// operation's GraphQL document in-process on the same schema and resolvers as /graphql. It translates
// and renders, nothing else: every rule runs inside the operation.
import {
  execute,
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  parse,
  validate,
  type DocumentNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { RequestContext } from '../core/context.js';
import type { AnyDescriptor, RestBinding } from '../core/operation.js';
import { Problem, problemFromError } from '../core/problem.js';
import { didYouMean } from '../core/suggest.js';
import { checkOperation } from '../graphql/operation-guard.js';
import { sessionReadOnly } from '../graphql/session-access.js';
import { jsonBodyOrUndefined, parseJsonBody } from './body.js';
import { json, problemReply } from './render.js';
import { callContext, type Attempt, type Surface, type SurfaceCall, type SurfaceOutcome } from './surface.js';
import type { HttpCall, HttpReply } from './types.js';

/** Nesting the REST rendering follows (a page's items' fields, say); deeper object fields are left out. */
const MAX_SELECTION_DEPTH = 4;

type Route = {
  descriptor: AnyDescriptor;
  rest: RestBinding;
  pattern: RegExp;
  /**
   * The path's `:name`s, in path order: the arguments they fill (none for a path without one, like the
   * event feed; two for a capability's rail under its customer, §14.2).
   */
  params: string[];
  /** GET: the query parameters it takes (§9.3), by REST name. */
  queryParams: Map<string, QueryParam>;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** Whether the field takes an `input` argument (the POST body). */
  takesInput: boolean;
};

type QueryParam = { arg: string; kind: 'list' | 'int' | 'boolean' | 'text' };

export type RestRouteInfo = {
  descriptor: AnyDescriptor;
  rest: RestBinding;
  params: string[];
  queryParams: ({ name: string } & QueryParam)[];
  takesInput: boolean;
};

/** A path matched to a route and its path values (one per `:name`, in order), percent-decoded. */
export type RestHit = { route: Route; pathValues: string[] };

/**
 * A path the routes know, matched once per request: its template (the metrics label, whatever the
 * method) and the route to run, or why not (405, a path id that is not percent-encoding).
 */
export type RestMatch = { template: string } & (RestHit | { problem: Problem });

/** §9.3: a page's size and position take REST names of their own; every other argument keeps its name. */
const REST_NAMES: Record<string, string> = { first: 'limit', after: 'cursor' };
const GRAPHQL_POINTERS: Record<string, string> = { '/first': '/limit', '/after': '/cursor' };

function queryParamsOf(field: GraphQLField<unknown, unknown>, pathParams: readonly string[]): Map<string, QueryParam> {
  const params = new Map<string, QueryParam>();
  for (const a of field.args) {
    if (pathParams.includes(a.name) || a.name === 'input') continue;
    const type = getNullableType(a.type);
    const named = getNamedType(type).name;
    const kind = isListType(type) ? 'list' : named === 'Int' ? 'int' : named === 'Boolean' ? 'boolean' : 'text';
    params.set(REST_NAMES[a.name] ?? a.name, { arg: a.name, kind });
  }
  return params;
}

/** A problem about `/first` or `/after` names the REST parameter instead (`/limit`, `/cursor`). */
function withRestPointers(problem: Problem): Problem {
  const rename = (text: string) => text.replace(/^\/(first|after)\b/, (m) => GRAPHQL_POINTERS[m] ?? m);
  if (!problem.errors?.some((e) => e.pointer in GRAPHQL_POINTERS)) return problem;
  const renamed = new Problem(
    problem.code,
    rename(problem.detail),
    problem.errors.map((e) => ({ pointer: GRAPHQL_POINTERS[e.pointer] ?? e.pointer, detail: e.detail })),
  );
  return renamed;
}

const invalidParam = (name: string, detail: string) => new Problem('VALIDATION_FAILED', `/${name}: ${detail}`, [{ pointer: `/${name}`, detail }]);

/**
 * Every field of `type`, nested objects and lists of objects with theirs (§9.4 rendering), in schema
 * order, or only `fields` (in their order) for the resource: the top level, or a page's items (§9.4:
 * "records and list items").
 */
export function selectionOf(type: GraphQLOutputType, fields?: readonly string[], depth = 0): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  const all = named.getFields();
  // §9.4: a page's items render as its records do, so a page's `fields` are its items'.
  if (fields && all.items && all.pageInfo)
    return `{ items ${selectionOf(all.items.type, fields, depth + 1)} pageInfo ${selectionOf(all.pageInfo.type, undefined, depth + 1)} }`;
  const names = fields ?? Object.keys(all);
  const parts: string[] = [];
  for (const name of names) {
    const field = all[name];
    if (!field) throw new Error(`REST rendering of ${named.name} names ${name}, which is not one of its fields`);
    if (!isObjectType(getNamedType(field.type))) parts.push(name);
    else if (depth + 1 < MAX_SELECTION_DEPTH) parts.push(`${name} ${selectionOf(field.type, undefined, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

function argumentTypes(field: GraphQLField<unknown, unknown>): string {
  return field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
}

function compile(schema: GraphQLSchema, descriptor: AnyDescriptor, rest: RestBinding): Route {
  const root = (descriptor.kind === 'mutation' ? schema.getMutationType() : schema.getQueryType()) as GraphQLObjectType;
  const field = root.getFields()[descriptor.name];
  if (!field) throw new Error(`REST route for ${descriptor.name}: no such root field`);
  const params = [...rest.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (params.some((p) => !field.args.some((a) => a.name === p)) || new Set(params).size !== params.length)
    throw new Error(`REST path ${rest.path} must name distinct arguments of ${descriptor.name}`);
  if ((rest.method === 'GET') !== (descriptor.kind === 'query')) throw new Error(`${descriptor.name}: GET serves queries, POST mutations`);
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const call = args ? `${descriptor.name}(${args})` : descriptor.name;
  const variables = field.args.length ? `(${argumentTypes(field)})` : '';
  const text = `${descriptor.kind} Rest${variables} { result: ${call} ${selectionOf(field.type, rest.fields)} }`;
  const document = parse(text);
  const errors = validate(schema, document);
  if (errors.length) throw new Error(`REST document of ${descriptor.name} is invalid: ${errors[0]!.message}`);
  const pattern = new RegExp(`^${rest.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '([^/]+)')}$`);
  return {
    descriptor,
    rest,
    pattern,
    params,
    queryParams: rest.method === 'GET' ? queryParamsOf(field, params) : new Map(),
    document,
    operation: document.definitions[0] as OperationDefinitionNode,
    takesInput: field.args.some((a) => a.name === 'input'),
  };
}

export class RestSurface implements Surface {
  private readonly routes: Route[];

  constructor(
    private readonly schema: GraphQLSchema,
    descriptors: readonly AnyDescriptor[],
  ) {
    this.routes = descriptors.flatMap((d) => (d.rest ? [compile(schema, d, d.rest)] : []));
  }

  /** Every REST route, for the docs and tests. */
  list(): { method: string; path: string; field: string }[] {
    return this.routes.map((r) => ({ method: r.rest.method, path: r.rest.path, field: r.descriptor.name }));
  }

  /** What each route takes and renders, for its OpenAPI description (src/http/openapi/). */
  describe(): RestRouteInfo[] {
    return this.routes.map((r) => ({
      descriptor: r.descriptor,
      rest: r.rest,
      params: r.params,
      queryParams: [...r.queryParams].map(([name, q]) => ({ name, ...q })),
      takesInput: r.takesInput,
    }));
  }

  /** What a path and method are here: undefined for a path no route has. */
  match(method: string, pathname: string): RestMatch | undefined {
    // Every request walks the routes: no array per request unless a path has several of them.
    let found: { route: Route; raw: string[] }[] | undefined;
    let hit: { route: Route; raw: string[] } | undefined;
    for (const route of this.routes) {
      const m = route.pattern.exec(pathname);
      if (!m) continue;
      const f = { route, raw: m.slice(1) };
      (found ??= []).push(f);
      if (!hit && route.rest.method === method) hit = f;
    }
    if (!found) return undefined;
    const template = found[0]!.route.rest.path;
    // Only the methods the OpenAPI document and Allow name: HEAD is refused like any other (§6).
    if (!hit) {
      const allow = [...new Set(found.map((f) => f.route.rest.method))].join(', ');
      const problem = new Problem('METHOD_NOT_ALLOWED', `Use ${allow} on this path.`);
      problem.allow = allow;
      return { template, problem };
    }
    try {
      return { template, route: hit.route, pathValues: hit.raw.map((v) => decodeURIComponent(v)) };
    } catch {
      return { template, problem: new Problem('INVALID_REQUEST', 'The path is not valid percent-encoding.') };
    }
  }

  /** A signed call of a matched route. */
  callOf(call: HttpCall, hit: RestHit): SurfaceCall {
    return { execute: (ctx) => this.execute(call, hit, ctx), attempt: () => this.attempt(call, hit), sessionRefusal: () => this.sessionRefusal(hit) };
  }

  /** §17.2: a session GETs the record and list paths of the queries that declare `session`, nothing else. */
  private sessionRefusal({ route }: RestHit): Problem | undefined {
    const d = route.descriptor;
    if (d.kind !== 'query') return sessionReadOnly(`${route.rest.method} ${route.rest.path}`);
    return d.session ? undefined : sessionReadOnly(`GET ${route.rest.path}`);
  }

  private variables(call: HttpCall, hit: RestHit): Record<string, unknown> {
    const { route } = hit;
    const variables: Record<string, unknown> = pathArgs(hit);
    const query = call.url.includes('?') ? new URLSearchParams(call.url.slice(call.url.indexOf('?') + 1)) : undefined;
    const seen = new Set<string>();
    for (const [name, value] of query ?? []) {
      const param = route.queryParams.get(name);
      if (!param) throw invalidParam(name, `is not a parameter of this path${didYouMean(name, [...route.queryParams.keys()])}`);
      if (seen.has(name)) throw invalidParam(name, 'may be given once');
      seen.add(name);
      // §9.3: an empty value is the parameter absent.
      if (value === '') continue;
      if (param.kind === 'int') {
        if (!/^[1-9][0-9]{0,5}$/.test(value)) throw invalidParam(name, 'must be digits without leading zeros, 1 to 100');
        variables[param.arg] = Number(value);
      } else if (param.kind === 'boolean') {
        // A Boolean filter (§17.1 `active`): exactly the words GraphQL would take.
        if (value !== 'true' && value !== 'false') throw invalidParam(name, 'must be true or false');
        variables[param.arg] = value === 'true';
      } else variables[param.arg] = param.kind === 'list' ? value.split(',') : value;
    }
    if (route.rest.method === 'POST' && route.takesInput) {
      // A POST that takes input needs a body; without one, a content type is beside the point.
      if (call.body.length === 0 && !route.rest.optionalBody) throw new Problem('INVALID_REQUEST', 'A JSON body is required: the operation takes input.');
      variables.input = call.body.length === 0 ? {} : parseJsonBody(call);
    } else if (route.rest.method === 'POST' && call.body.length > 0) {
      // §9.4: an action without input takes no body, an empty one or {}; any member is refused.
      const body = parseJsonBody(call);
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw new Problem('VALIDATION_FAILED', '/: this action takes no input (send no body or {})', [{ pointer: '/', detail: 'this action takes no input' }]);
      const members = Object.keys(body);
      if (members.length > 0)
        throw new Problem(
          'VALIDATION_FAILED',
          `${members.length} fields are not accepted: this action takes no input`,
          members.map((m) => ({ pointer: `/${m}`, detail: 'is not accepted: this action takes no input' })),
        );
    }
    return variables;
  }

  private async execute(call: HttpCall, hit: RestHit, ctx: RequestContext): Promise<SurfaceOutcome> {
    // The query's own faults already name REST parameters; only the operation's are renamed.
    const variables = this.variables(call, hit);
    try {
      return await this.run(hit, variables, ctx);
    } catch (e) {
      throw e instanceof Problem ? withRestPointers(e) : e;
    }
  }

  private async run(hit: RestHit, variables: Record<string, unknown>, ctx: RequestContext): Promise<SurfaceOutcome> {
    const { route } = hit;
    // §3 in REST's words: the GraphQL guard below would speak of mutation fields a REST caller never wrote.
    if (route.rest.method === 'GET' && ctx.idempotencyKey !== undefined)
      throw new Problem('IDEMPOTENCY_SCOPE_INVALID', 'Idempotency-Key belongs on a POST: a GET changes nothing, so send it without the header.');
    checkOperation(this.schema, route.operation, {}, variables, ctx.idempotencyKey);
    const call = callContext(ctx);
    const result = await execute({ schema: this.schema, document: route.document, variableValues: variables, contextValue: call.ctx });
    const error = result.errors?.[0];
    if (error) {
      const known = problemFromError(error.originalError);
      if (known) throw known;
      ctx.logger.error({ err: error.originalError ?? error }, 'internal error in REST execution');
      throw new Problem('INTERNAL', 'Internal server error');
    }
    const resource = (result.data as { result: unknown } | null | undefined)?.result;
    if (resource === null || resource === undefined) {
      // The record a GET reads is the path's last id.
      const name = (route.params.at(-1) ?? 'resource').replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
      throw new Problem(route.rest.notFound ?? 'NOT_FOUND', `The ${name} ${hit.pathValues.at(-1)} does not exist.`);
    }
    // §14.2, §16.8 (§6): a query whose answer is a list, not a page (the capability reads), answers {"items": [...]}.
    return { reply: json(200, Array.isArray(resource) ? { items: resource } : resource), stored: call.stored() };
  }

  render(problem: Problem, requestId: string): HttpReply {
    return problemReply(problem, requestId);
  }

  private attempt(call: HttpCall, hit: RestHit): Attempt | undefined {
    const { route } = hit;
    if (route.descriptor.kind !== 'mutation') return undefined;
    const input = route.takesInput ? (route.rest.optionalBody && call.body.length === 0 ? {} : jsonBodyOrUndefined(call)) : undefined;
    const path = pathArgs(hit);
    return { descriptor: route.descriptor, args: { ...path, ...(input === undefined ? {} : { input }) } };
  }
}

/** The arguments the path fills: each `:name` with its value. */
function pathArgs({ route, pathValues }: RestHit): Record<string, unknown> {
  return Object.fromEntries(route.params.map((p, i) => [p, pathValues[i]]));
}
