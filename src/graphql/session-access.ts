// §17.2 what a frontend session may ask of the schema, decided from the parsed document before anything
// runs (§17.6: after the token, the origin and the session's rate; before the query's own checks), so a
// refusal is one HTTP 403 and never a partial answer. The resolvers refuse the same again (registry.ts).
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import { Problem } from '../core/problem.js';
import { descriptorOf } from './registry.js';

/** 403 FRONTEND_SESSION_READ_ONLY: `what` names the refused thing, never the token. */
export const sessionReadOnly = (what: string): Problem =>
  new Problem('FRONTEND_SESSION_READ_ONLY', `A frontend session only reads its customer's records: ${what} is for your backend's signed requests.`);

/** The operation a request selects (by operationName, or the only one), as GraphQL execution picks it. */
function selectedOperation(doc: DocumentNode, operationName: unknown): OperationDefinitionNode | undefined {
  const operations = doc.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (typeof operationName === 'string' && operationName !== '') return operations.find((o) => o.name?.value === operationName);
  return operations.length === 1 ? operations[0] : undefined;
}

/**
 * The root fields a selection asks for, fragments expanded. The document is not validated yet, so a
 * fragment that spreads itself is expanded once, not forever (validation refuses it afterwards).
 */
function rootFieldNames(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen = new Set<string>(), out: string[] = []): string[] {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) out.push(sel.name.value);
    else if (sel.kind === Kind.INLINE_FRAGMENT) rootFieldNames(sel.selectionSet, fragments, seen, out);
    else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const fragment = fragments.get(sel.name.value);
      if (fragment) rootFieldNames(fragment.selectionSet, fragments, seen, out);
    }
  }
  return out;
}

/**
 * The refusal of a session's GraphQL request (§17.2, §17.6), or undefined when a session may send it: a
 * mutation, whatever it selects and whether or not it carries an Idempotency-Key; a root field of a
 * query whose descriptor declares no `session` (fragments included). Introspection fields pass: they
 * follow the server's mode, as for partners. A document that does not parse or select an operation is
 * left to GraphQL's own refusal (400), which runs nothing.
 */
export function sessionOperationRefusal(doc: DocumentNode, operationName: unknown): Problem | undefined {
  const operation = selectedOperation(doc, operationName);
  if (!operation) return undefined;
  if (operation.operation === 'mutation') return sessionReadOnly('a mutation');
  if (operation.operation !== 'query') return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  for (const field of rootFieldNames(operation.selectionSet, fragments)) {
    if (field.startsWith('__')) continue;
    const d = descriptorOf(field);
    // A name the schema lacks is GraphQL validation's to refuse (400).
    if (d && (d.kind !== 'query' || !d.session)) return sessionReadOnly(`the query ${field}`);
  }
  return undefined;
}
