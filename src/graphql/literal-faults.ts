// A value written in the document (not a variable) that its type refuses: GraphQL validation reports it
// in graphql-js's words, which quote the literal (`Expected value of type "DateTime!", found "…"`,
// `Value "…" does not exist in "VerificationCheckType" enum.`). §12.3 puts evidence in no answer, so the
// fault is said again here as a variable's would be (input-faults.ts): at its pointer relative to the
// argument, naming what is expected, never the value.
import {
  BREAK,
  getNamedType,
  isInputObjectType,
  Kind,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import type { FieldError } from '../core/problem.js';
import { pointerToken } from '../core/text.js';
import { argumentPointerOf, expectedOf, leafFaultDetail, unknownFieldDetail } from './input-faults.js';

const VALUE_KINDS: ReadonlySet<string> = new Set([
  Kind.INT,
  Kind.FLOAT,
  Kind.STRING,
  Kind.BOOLEAN,
  Kind.NULL,
  Kind.ENUM,
  Kind.LIST,
  Kind.OBJECT,
  Kind.OBJECT_FIELD,
]);

type Found = { type: GraphQLInputType | undefined; parent: GraphQLInputType | undefined; pointer: string | undefined };

/** The node of the document at `target`'s place, with its input type and pointer. */
function locate(schema: GraphQLSchema, target: ASTNode): Found | undefined {
  const loc = target.loc;
  if (!loc) return undefined;
  let document;
  try {
    document = parse(loc.source);
  } catch {
    return undefined;
  }
  const info = new TypeInfo(schema);
  let found: Found | undefined;
  visit(
    document,
    visitWithTypeInfo(info, {
      enter(node, _key, _parent, path) {
        if (node.kind !== target.kind || node.loc?.start !== loc.start || node.loc.end !== loc.end) return undefined;
        found = { type: info.getInputType() ?? undefined, parent: info.getParentInputType() ?? undefined, pointer: argumentPointerOf(document, path) };
        return BREAK;
      },
    }),
  );
  return found;
}

const under = (pointer: string, name: string) => `${pointer === '/' ? '' : pointer}/${pointerToken(name)}`;

/**
 * The field fault a validation error about a literal stands for, or undefined when the error is about
 * something else (an unknown field of a selection, a fragment, an argument: names, which it may repeat).
 */
export function literalFault(schema: GraphQLSchema, error: GraphQLError): FieldError | undefined {
  const node = error.nodes?.[0];
  if (!node || !VALUE_KINDS.has(node.kind)) return undefined;
  const found = locate(schema, node);
  const pointer = found?.pointer ?? '/';
  if (node.kind === Kind.OBJECT_FIELD) {
    const parent = found?.parent && getNamedType(found.parent);
    if (!parent || !isInputObjectType(parent)) return { pointer, detail: 'is not a field of this input' };
    return { pointer, detail: unknownFieldDetail(parent.name, node.name.value, Object.keys(parent.getFields())) };
  }
  // `Field "Type.member" of required type "…" was not provided.`: names only.
  const missing = /^Field "[^".]+\.([^".]+)" of required type/.exec(error.message);
  if (node.kind === Kind.OBJECT && missing) return { pointer: under(pointer, missing[1]!), detail: 'is required' };
  if (node.kind === Kind.NULL) return { pointer, detail: 'is required' };
  if (!found?.type) return { pointer, detail: 'is not a valid value here' };
  return { pointer, detail: node.kind === Kind.OBJECT || node.kind === Kind.LIST ? expectedOf(found.type) : leafFaultDetail(found.type, error.originalError) };
}
