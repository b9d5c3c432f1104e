// The docs' tables of operations, derived from the descriptors: each lives in a marked block of its page
// (`<!-- generated:NAME … -->` … `<!-- /generated:NAME -->`) that `npm run codegen` rewrites, so a new
// operation, REST path or evidence type is documented without editing a table by hand.
import fs from 'node:fs';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import type { AnyDescriptor } from '../../src/core/operation.js';
import { moneyOperations } from '../client-gen/render.js';

const braces = (p: string) => p.replace(/:([A-Za-z]+)/g, '{$1}');
const code = (s: string) => `\`${s}\``;

/**
 * §6 / §9.4: every REST route and the root field it runs, by path; then the operations without one, which
 * the registry test refuses (every operation has a REST path), so the line is there only while one lacks it.
 */
export function restRoutesTable(descriptors: readonly AnyDescriptor[]): string {
  const routed = descriptors
    .flatMap((d) => (d.rest ? [{ method: d.rest.method, path: braces(d.rest.path), name: d.name }] : []))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  const graphqlOnly = descriptors.filter((d) => !d.rest).map((d) => d.name).sort();
  return [
    '| REST | runs |',
    '|---|---|',
    ...routed.map((r) => `| ${code(`${r.method} ${r.path}`)} | ${code(r.name)} |`),
    '',
    graphqlOnly.length ? `GraphQL only: ${graphqlOnly.map(code).join(', ')}.` : 'Every operation of the GraphQL schema has its REST path here.',
  ].join('\n');
}

/** §5: each evidence operationType, its operation, its REST path and the path id its payload carries. */
export function evidenceTable(schema: GraphQLSchema, descriptors: readonly AnyDescriptor[]): string {
  return [
    '| `operationType` | operation | REST | path id in the payload |',
    '|---|---|---|---|',
    ...moneyOperations(schema, descriptors).map(
      (o) => `| ${code(o.operationType)} | ${code(o.field)} | ${o.rest === null ? 'GraphQL only' : code(`POST ${o.rest}`)} | ${code(o.pathId)} |`,
    ),
  ].join('\n');
}

/** The client's generated money methods and their signatures. */
export function clientMethodsTable(schema: GraphQLSchema, descriptors: readonly AnyDescriptor[]): string {
  return [
    '| method | evidence | answers |',
    '|---|---|---|',
    ...moneyOperations(schema, descriptors).map(
      (o) => `| ${code(`${o.field}(${o.pathId}${o.takesInput ? ', input' : ''}, approver, options?)`)} | ${code(o.operationType)} | ${code(o.resultType)} |`,
    ),
  ].join('\n');
}

/**
 * §17.2: the queries a frontend session may ask, with their REST GET paths and how each is bound to the
 * session's customer (the descriptors' `session`); everything else is 403 FRONTEND_SESSION_READ_ONLY.
 */
export function sessionQueriesTable(schema: GraphQLSchema, descriptors: readonly AnyDescriptor[]): string {
  const fields = schema.getQueryType()!.getFields();
  const rows = descriptors
    .flatMap((d) => (d.kind === 'query' && d.session ? [{ d, session: d.session as { customer: string } | { owner: unknown } }] : []))
    .sort((a, b) => a.d.name.localeCompare(b.d.name))
    .map(({ d, session }) => {
      const rest = d.rest ? code(`GET ${braces(d.rest.path)}`) : 'GraphQL only';
      let bound: string;
      if ('customer' in session) {
        const optional = !fields[d.name]!.args.find((a) => a.name === session.customer)!.type.toString().endsWith('!');
        bound = `${code(session.customer)} must be the session's${optional ? '; left out, it is' : ''}`;
      } else bound = "the record's customer must be the session's; no record: `null` (REST 404)";
      return `| ${code(d.name)} | ${rest} | ${bound} |`;
    });
  return ['| query | REST | the customer |', '|---|---|---|', ...rows].join('\n');
}

/** Page → block name → its content. */
function blocks(schema: GraphQLSchema, descriptors: readonly AnyDescriptor[]): Record<string, Record<string, string>> {
  return {
    'docs/api/surfaces.md': { 'rest-routes': restRoutesTable(descriptors) },
    'docs/api/evidence.md': { 'evidence-types': evidenceTable(schema, descriptors) },
    'docs/client.md': { 'client-money-methods': clientMethodsTable(schema, descriptors) },
    'docs/api/frontend.md': { 'session-queries': sessionQueriesTable(schema, descriptors) },
  };
}

/** `text` with the block `name` holding `content`; a page that lost its markers is an error. */
export function fillBlock(text: string, name: string, content: string, page: string): string {
  const begin = new RegExp(`<!-- generated:${name}\\b[^>]*-->\\n`);
  const end = `<!-- /generated:${name} -->`;
  const b = begin.exec(text);
  const e = text.indexOf(end);
  if (!b || e < b.index) throw new Error(`${page}: the block ${name} needs its markers: <!-- generated:${name} --> … ${end}`);
  return `${text.slice(0, b.index + b[0].length)}\n${content}\n\n${text.slice(e)}`;
}

/** Each page with its blocks filled: path (from the repository root) → the page's text. */
export function operationTables(root: string, schema: GraphQLSchema, descriptors: readonly AnyDescriptor[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(blocks(schema, descriptors)).map(([page, named]) => {
      let text = fs.readFileSync(path.join(root, page), 'utf8');
      for (const [name, content] of Object.entries(named)) text = fillBlock(text, name, content, page);
      return [page, text];
    }),
  );
}
