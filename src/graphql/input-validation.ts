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
  type GraphQLInputFieldMap,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { FieldError } from '../core/problem.js';
import { pointerToken } from '../core/text.js';

const escape = pointerToken;

type Check = (value: unknown, pointer: string, errors: FieldError[]) => void;

/**
 * The check of an input type, worked out once per type (every request walks its variables): the same
 * faults in the same order as walking the type afresh, without asking each level what kind of type it is.
 */
const checks = new WeakMap<GraphQLInputType, Check>();

function checkOf(type: GraphQLInputType): Check {
  let check = checks.get(type);
  if (!check) {
    // Set before it is built: input types may refer to themselves.
    let built: Check | undefined;
    checks.set(type, (value, pointer, errors) => (built ??= build(type))(value, pointer, errors));
    check = checks.get(type)!;
  }
  return check;
}

function build(type: GraphQLInputType): Check {
  if (isNonNullType(type)) {
    const inner = checkOf(type.ofType);
    return (value, pointer, errors) => {
      if (value === null || value === undefined) errors.push({ pointer, detail: 'is required' });
      else inner(value, pointer, errors);
    };
  }
  if (isListType(type)) {
    const item = checkOf(type.ofType);
    // §9.3: a wrong value of a list of scalars or enums (a filter like `statuses`) names the list.
    const leafItems = isLeafType(getNamedType(type.ofType));
    return (value, pointer, errors) => {
      if (value === null || value === undefined) return;
      if (!Array.isArray(value)) {
        errors.push({ pointer, detail: 'must be an array' });
        return;
      }
      value.forEach((v, i) => item(v, leafItems ? pointer : `${pointer}/${i}`, errors));
    };
  }
  if (isInputObjectType(type)) {
    let fields: { name: string; token: string; check: Check }[] | undefined;
    let names: GraphQLInputFieldMap | undefined;
    return (value, pointer, errors) => {
      if (value === null || value === undefined) return;
      if (typeof value !== 'object' || Array.isArray(value)) {
        errors.push({ pointer, detail: 'must be an object' });
        return;
      }
      names ??= type.getFields();
      fields ??= Object.values(names).map((f) => ({ name: f.name, token: escape(f.name), check: checkOf(f.type) }));
      for (const key of Object.keys(value)) {
        if (!Object.prototype.hasOwnProperty.call(names, key)) errors.push({ pointer: `${pointer}/${escape(key)}`, detail: `is not a field of ${type.name}` });
      }
      for (const f of fields) f.check((value as Record<string, unknown>)[f.name], `${pointer}/${f.token}`, errors);
    };
  }
  if (isLeafType(type))
    return (value, pointer, errors) => {
      if (value === null || value === undefined) return;
      try {
        if (type.parseValue(value) === undefined) errors.push({ pointer, detail: `is not a valid ${type.name}` });
      } catch (e) {
        errors.push({ pointer, detail: e instanceof Error ? e.message : `is not a valid ${type.name}` });
      }
    };
  return () => {};
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
    checkOf(type)(value, name === 'input' ? '' : `/${escape(name)}`, errors);
  }
  return errors.map((e) => ({ pointer: e.pointer === '' ? '/' : e.pointer, detail: e.detail }));
}
