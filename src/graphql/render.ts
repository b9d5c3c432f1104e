// §11.1 E4: an event's data is the resource "as GraphQL renders it with all fields selected". It is
// rendered here from the schema itself (every field of the type, in schema order, serialized by the same
// scalars), so the feed cannot drift from what the by-id queries answer.
import {
  buildSchema,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { DateTime, JSONObject, StringMap, UUID } from './scalars.js';
import { loadTypeDefs } from './type-defs.js';

const scalars: Record<string, GraphQLScalarType> = { DateTime, JSONObject, StringMap, UUID } as Record<string, GraphQLScalarType>;
let schema: GraphQLSchema | undefined;

function renderValue(type: GraphQLOutputType, value: unknown): unknown {
  if (isNonNullType(type)) return renderValue(type.ofType, value);
  if (value === null || value === undefined) return null;
  if (isListType(type)) return (value as unknown[]).map((v) => renderValue(type.ofType as GraphQLOutputType, v));
  if (isScalarType(type)) return (scalars[type.name] ?? type).serialize(value);
  if (isEnumType(type)) return value;
  if (isObjectType(type)) return renderObject(type, value as Record<string, unknown>);
  throw new Error(`cannot render ${String(type)}`);
}

function renderObject(type: GraphQLObjectType, value: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(type.getFields())) if (!omit.includes(name)) out[name] = renderValue(field.type, value[name]);
  return out;
}

/** `value` as GraphQL renders an object of `typeName` with every field selected, but `omit`. */
export function renderAs(typeName: string, value: object, omit: readonly string[] = []): Record<string, unknown> {
  schema ??= buildSchema(loadTypeDefs());
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type of the schema`);
  return renderObject(type, value as Record<string, unknown>, omit);
}
