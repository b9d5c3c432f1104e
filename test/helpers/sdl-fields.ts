// Field lists taken from the SDL (src/modules/*/schema.graphql), so a field added to a type reaches every
// suite that selects "all fields" without a second list to edit.
import { buildSchema, getNamedType, isLeafType, isObjectType, type GraphQLSchema } from 'graphql';
import { descriptorOf } from '../../src/graphql/registry.js';
import { loadTypeDefs } from '../../src/graphql/type-defs.js';

let built: GraphQLSchema | undefined;

/** The schema the service serves, built once per test file. */
export function sdlSchema(): GraphQLSchema {
  return (built ??= buildSchema(loadTypeDefs()));
}

/** The fields of an object type whose values are scalars or enums, in schema order. */
export function leafFieldsOf(typeName: string): string[] {
  const type = sdlSchema().getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type of the SDL`);
  return Object.values(type.getFields())
    .filter((f) => f.args.length === 0 && isLeafType(getNamedType(f.type)))
    .map((f) => f.name);
}

/** Every field of an object type that takes no arguments, in schema order. */
export function allFieldsOf(typeName: string): string[] {
  const type = sdlSchema().getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type of the SDL`);
  return Object.values(type.getFields())
    .filter((f) => f.args.length === 0)
    .map((f) => f.name);
}

/**
 * A GraphQL selection of `names` (default: every field) of a type, space-separated as the suites write
 * them; a field whose type is an object is selected with every field of its own.
 */
export function selectionOf(typeName: string, names: readonly string[] = allFieldsOf(typeName)): string {
  const type = sdlSchema().getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type of the SDL`);
  const fields = type.getFields();
  return names
    .map((name) => {
      const f = fields[name];
      if (!f) throw new Error(`${typeName} has no field ${name} in the SDL`);
      const inner = getNamedType(f.type);
      return isObjectType(inner) ? `${name} { ${selectionOf(inner.name)} }` : name;
    })
    .join(' ');
}

/** §6 / §9.4: the REST rendering of an operation's record — its descriptor's `fields`, else every field of its type. */
export function restFieldsOf(operation: string): string[] {
  const d = descriptorOf(operation);
  if (!d?.rest) throw new Error(`${operation} has no REST binding in its descriptor`);
  if (d.rest.fields) return [...d.rest.fields];
  const root = d.kind === 'query' ? sdlSchema().getQueryType()! : sdlSchema().getMutationType()!;
  return allFieldsOf(getNamedType(root.getFields()[operation]!.type).name);
}

/** The fields of a type that its REST rendering (the operation's) leaves out, in schema order. */
export function graphqlOnlyFieldsOf(typeName: string, operation: string): string[] {
  const rest = new Set(restFieldsOf(operation));
  return allFieldsOf(typeName).filter((f) => !rest.has(f));
}
