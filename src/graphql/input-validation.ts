// Shape validation of variables against the schema's input types, before any resolver runs, so a
// wrong body answers 400 VALIDATION_FAILED with a JSON Pointer per fault (§6 "no silent mass
// assignment", §7 errors[]). Pointers are relative to the argument a variable fills, whatever the
// variable is called: into the `input` as into the REST body (`/checks/0/completedAt`), else from the
// argument's name. Details never repeat the value (input-faults.ts).
import {
  getNamedType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  typeFromAST,
  visit,
  BREAK,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { FieldError } from '../core/problem.js';
import { pointerToken } from '../core/text.js';
import { argumentPointerOf, expectedOf, leafFaultDetail, unknownFieldDetail } from './input-faults.js';

const escape = pointerToken;

function walk(type: GraphQLInputType, value: unknown, pointer: string, errors: FieldError[]): void {
  if (isNonNullType(type)) {
    if (value === null || value === undefined) {
      errors.push({ pointer, detail: 'is required' });
      return;
    }
    walk(type.ofType, value, pointer, errors);
    return;
  }
  if (value === null || value === undefined) return;
  if (isListType(type)) {
    if (!Array.isArray(value)) {
      errors.push({ pointer, detail: 'must be an array' });
      return;
    }
    // §9.3: a wrong value of a list of scalars or enums (a filter like `statuses`) names the list.
    const itemPointer = (i: number) => (isLeafType(getNamedType(type.ofType)) ? pointer : `${pointer}/${i}`);
    value.forEach((item, i) => walk(type.ofType, item, itemPointer(i), errors));
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      errors.push({ pointer, detail: 'must be an object' });
      return;
    }
    const fields = type.getFields();
    for (const key of Object.keys(value)) {
      if (!Object.prototype.hasOwnProperty.call(fields, key))
        errors.push({ pointer: `${pointer}/${escape(key)}`, detail: unknownFieldDetail(type.name, key, Object.keys(fields)) });
    }
    for (const field of Object.values(fields))
      walk(field.type, (value as Record<string, unknown>)[field.name], `${pointer}/${escape(field.name)}`, errors);
    return;
  }
  if (isLeafType(type)) {
    try {
      if (type.parseValue(value) === undefined) errors.push({ pointer, detail: expectedOf(type) });
    } catch (e) {
      // graphql-js's scalars and enums and graphql-scalars' quote the value ("Value "…" does not exist in
      // …"); a detail never echoes what was sent (§12.3: not even a mistyped piece of evidence).
      errors.push({ pointer, detail: leafFaultDetail(type, e) });
    }
  }
}

/**
 * Where a variable's value sits, as a pointer prefix ('' for the input itself): at its first use in an
 * argument of the operation's own selections; a variable used only in fragments or nowhere keeps its name
 * (`input` the input's place).
 */
function variablePlace(operation: OperationDefinitionNode, name: string): string {
  let place: string | undefined;
  visit(operation.selectionSet, {
    Variable(node, _key, _parent, path) {
      if (node.name.value !== name) return undefined;
      place = argumentPointerOf(operation.selectionSet, path);
      return place === undefined ? undefined : BREAK;
    },
  });
  place ??= name === 'input' ? '/' : `/${escape(name)}`;
  return place === '/' ? '' : place;
}

/** Every shape fault of the operation's variables; [] when they coerce cleanly. */
export function variableFaults(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const def of operation.variableDefinitions ?? []) {
    const name = def.variable.name.value;
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    if (!type) continue; // unknown types are GraphQL validation errors, reported by Apollo
    const value = variables?.[name];
    if (value === undefined && def.defaultValue) continue;
    const before = errors.length;
    walk(type, value, '', errors);
    // Only a faulty variable pays for finding where it is used.
    if (errors.length > before) {
      const place = variablePlace(operation, name);
      for (let i = before; i < errors.length; i++) errors[i] = { pointer: place + errors[i]!.pointer, detail: errors[i]!.detail };
    }
  }
  return errors.map((e) => ({ pointer: e.pointer === '' ? '/' : e.pointer, detail: e.detail }));
}
