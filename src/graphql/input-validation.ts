// Shape validation of variables against the schema's input types, before any resolver runs, so a
// wrong body answers 400 VALIDATION_FAILED with a JSON Pointer per fault (§6 "no silent mass
// assignment", §7 errors[]). The `input` variable's pointers are relative to it: they point into the
// REST body and the mutation's input alike.
import {
  getNamedType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { FieldError } from '../core/problem.js';
import { pointerToken } from '../core/text.js';

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
        errors.push({ pointer: `${pointer}/${escape(key)}`, detail: `is not a field of ${type.name}` });
    }
    for (const field of Object.values(fields))
      walk(field.type, (value as Record<string, unknown>)[field.name], `${pointer}/${escape(field.name)}`, errors);
    return;
  }
  if (isLeafType(type)) {
    try {
      if (type.parseValue(value) === undefined) errors.push({ pointer, detail: `is not a valid ${type.name}` });
    } catch (e) {
      // graphql-js's own scalars quote the value ("String cannot represent a non string value: …"); a
      // detail never echoes what was sent (§12.3: not even a mistyped piece of evidence).
      const builtIn = ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name);
      errors.push({ pointer, detail: builtIn || !(e instanceof Error) ? `must be a ${type.name}` : e.message });
    }
  }
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
    walk(type, value, name === 'input' ? '' : `/${escape(name)}`, errors);
  }
  return errors.map((e) => ({ pointer: e.pointer === '' ? '/' : e.pointer, detail: e.detail }));
}
