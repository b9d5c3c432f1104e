// The request of one operation on each surface, derived from the schema and the operation's descriptor
// (its REST binding, §6 / §9.4), so the documented requests are the ones the server routes.
import {
  getNamedType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { descriptorOf } from '../../src/graphql/registry.js';

export type GraphQLRequest = { query: string; variables: Record<string, unknown> };
export type RestRequest = { method: 'GET' | 'POST'; path: string; query: Record<string, string>; body?: unknown };

// §9.3 on REST: the page arguments' names.
const REST_NAMES: Record<string, string> = { first: 'limit', after: 'cursor' };

/** Every field of a type, objects expanded (to `depth` levels), fields with arguments left out. */
export function selectionOf(type: GraphQLOutputType, depth = 3, indent = '  '): string {
  const named = getNamedType(type);
  if (isLeafType(named) || !isObjectType(named) || depth === 0) return '';
  const lines = Object.values(named.getFields())
    .filter((f) => f.args.length === 0 && (isLeafType(getNamedType(f.type)) || depth > 1))
    .map((f) => {
      const inner = selectionOf(f.type, depth - 1, `${indent}  `);
      return inner === '' ? `${indent}  ${f.name}` : `${indent}  ${f.name} ${inner}`;
    });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

function fieldOf(schema: GraphQLSchema, name: string): { kind: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> } {
  const q = schema.getQueryType()!.getFields()[name];
  if (q) return { kind: 'query', field: q };
  const m = schema.getMutationType()!.getFields()[name];
  if (m) return { kind: 'mutation', field: m };
  throw new Error(`no root field ${name}`);
}

export function graphqlRequest(schema: GraphQLSchema, name: string, args: Record<string, unknown>): GraphQLRequest {
  const { kind, field } = fieldOf(schema, name);
  const used = field.args.filter((a) => args[a.name] !== undefined);
  const decl = used.length === 0 ? '' : `(${used.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')})`;
  const call = used.length === 0 ? '' : `(${used.map((a) => `${a.name}: $${a.name}`).join(', ')})`;
  const opName = name[0]!.toUpperCase() + name.slice(1);
  const query = `${kind} ${opName}${decl} {\n  ${name}${call} ${selectionOf(field.type, 3, '  ')}\n}`;
  return { query, variables: Object.fromEntries(used.map((a) => [a.name, args[a.name]])) };
}

export function restRequest(name: string, args: Record<string, unknown>): RestRequest | undefined {
  const d = descriptorOf(name);
  if (!d?.rest) return undefined;
  const pathParams = new Set<string>();
  const path = d.rest.path.replace(/:([A-Za-z]+)/g, (_m, p: string) => {
    pathParams.add(p);
    return encodeURIComponent(String(args[p]));
  });
  if (d.rest.method === 'POST') return { method: 'POST', path, query: {}, body: args.input ?? undefined };
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) {
    if (pathParams.has(k) || v === undefined || v === null) continue;
    query[REST_NAMES[k] ?? k] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return { method: 'GET', path, query };
}

export function isMutation(schema: GraphQLSchema, name: string): boolean {
  return fieldOf(schema, name).kind === 'mutation';
}

export function descriptionOf(schema: GraphQLSchema, name: string): string {
  return fieldOf(schema, name).field.description ?? '';
}

export function typeOf(schema: GraphQLSchema, name: string): string {
  const t = fieldOf(schema, name).field.type;
  return isNonNullType(t) || isListType(t) ? t.toString() : `${t.toString()} (null when absent)`;
}
