// The words of an input fault, one set for every way a value arrives: a variable, a REST body or query
// parameter, a literal written in the document. A detail names the field, its type and what is expected,
// never the value that was sent (§12.3: evidence appears in no answer, not even a mistyped piece of it;
// graphql-js and graphql-scalars quote the value in theirs, so theirs are never passed on).
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  type ASTNode,
  type GraphQLInputType,
  type GraphQLNamedType,
} from 'graphql';
import { didYouMean } from '../core/suggest.js';
import { pointerToken } from '../core/text.js';

/** What a value of each scalar must be. */
const SCALARS: Record<string, string> = {
  String: 'must be a string',
  Int: 'must be an integer from -2147483648 to 2147483647',
  Float: 'must be a finite number',
  Boolean: 'must be true or false',
  ID: 'must be a string or an integer',
  UUID: 'must be a UUID (8-4-4-4-12 hexadecimal digits)',
  DateTime: 'must be an RFC 3339 date-time string, e.g. 2026-11-22T10:15:30.123Z',
  StringMap: 'must be a JSON object whose values are all strings',
  JSONObject: 'must be a JSON object',
};

/**
 * Scalars of this service whose parse errors are written here (src/graphql/scalars.ts) to say more than
 * SCALARS does (a DateTime that names no real instant) and never to quote the value: their message is
 * the detail. Every other scalar's is replaced by SCALARS'.
 */
const OWN_MESSAGES = new Set(['DateTime', 'StringMap']);

const MAX_LISTED_VALUES = 30;

/** What a value of `type` must be. */
export function expectedOf(type: GraphQLInputType | GraphQLNamedType): string {
  const t = isNonNullType(type) ? type.ofType : type;
  if (isListType(t)) return 'must be an array';
  if (isInputObjectType(t)) return `must be an object (${t.name})`;
  if (isEnumType(t)) {
    const values = t.getValues().map((v) => v.name);
    return values.length <= MAX_LISTED_VALUES ? `must be one of ${values.join(', ')}` : `must be a value of ${t.name}`;
  }
  return SCALARS[getNamedType(t).name] ?? `must be a ${getNamedType(t).name}`;
}

/** The detail of a leaf value its type's parser refused with `error`. */
export function leafFaultDetail(type: GraphQLInputType, error: unknown): string {
  const named = getNamedType(type);
  return OWN_MESSAGES.has(named.name) && error instanceof TypeError ? error.message : expectedOf(type);
}

/** The detail of a member `name` that the input object type `typeName` does not have, with the nearest of `fields`. */
export function unknownFieldDetail(typeName: string, name: string, fields: readonly string[]): string {
  return `is not a field of ${typeName}${didYouMean(name, fields)}`;
}

/**
 * The JSON Pointer of a node of `root` reached by the visitor's `path`, relative to the argument it is in
 * as REST's pointers are: `input`'s members from the input itself (`/checks/0/completedAt`), any other
 * argument by its name (`/createdFrom`). A leaf inside a list names the list (§9.3, as for variables).
 * Undefined outside an argument.
 */
export function argumentPointerOf(root: ASTNode, path: readonly (string | number)[]): string | undefined {
  let at: unknown = root;
  let owner: ASTNode | undefined;
  let segments: string[] | undefined;
  let lastFromList = false;
  for (const key of path) {
    const parent = at as Record<string | number, unknown>;
    at = parent[key];
    if (Array.isArray(parent) && owner?.kind === Kind.LIST && segments) {
      segments.push(String(key));
      lastFromList = true;
    }
    if (at && typeof at === 'object' && !Array.isArray(at) && 'kind' in at) {
      owner = at as ASTNode;
      if (owner.kind === Kind.ARGUMENT) segments = owner.name.value === 'input' ? [] : [owner.name.value];
      else if (owner.kind === Kind.OBJECT_FIELD && segments) segments.push(owner.name.value);
      if (owner.kind === Kind.ARGUMENT || owner.kind === Kind.OBJECT_FIELD) lastFromList = false;
    }
  }
  if (!segments) return undefined;
  const node = at as ASTNode;
  const leaf = node.kind !== Kind.OBJECT && node.kind !== Kind.LIST && node.kind !== Kind.OBJECT_FIELD;
  if (leaf && lastFromList) segments.pop();
  return segments.length === 0 ? '/' : `/${segments.map(pointerToken).join('/')}`;
}
