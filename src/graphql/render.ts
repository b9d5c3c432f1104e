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

type Render = (value: unknown) => unknown;

/**
 * The renderer of a type, worked out once per type from the schema (events are recorded on every
 * change): the same walk as serializing with every field selected, without looking the fields up again.
 */
function rendererOf(type: GraphQLOutputType): Render {
  if (isNonNullType(type)) return rendererOf(type.ofType);
  let inner: Render;
  if (isListType(type)) {
    const item = rendererOf(type.ofType as GraphQLOutputType);
    inner = (value) => (value as unknown[]).map(item);
  } else if (isScalarType(type)) {
    const scalar = scalars[type.name] ?? type;
    inner = (value) => scalar.serialize(value);
  } else if (isEnumType(type)) inner = (value) => value;
  else if (isObjectType(type)) {
    // Looked up when first used: object types may refer to each other.
    let render: Render | undefined;
    inner = (value) => (render ??= objectRenderer(type, []))(value);
  } else throw new Error(`cannot render ${String(type)}`);
  return (value) => (value === null || value === undefined ? null : inner(value));
}

function objectRenderer(type: GraphQLObjectType, omit: readonly string[]): Render {
  const fields = Object.entries(type.getFields())
    .filter(([name]) => !omit.includes(name))
    .map(([name, field]) => [name, rendererOf(field.type)] as const);
  return (value) => {
    const v = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, render] of fields) out[name] = render(v[name]);
    return out;
  };
}

const renderers = new Map<string, Render>();

/** The schema the renderers walk, built once (the events' rendering builds it as it loads: src/modules/events/rules.ts). */
export function renderSchema(): GraphQLSchema {
  return (schema ??= buildSchema(loadTypeDefs()));
}

/** `value` as GraphQL renders an object of `typeName` with every field selected, but `omit`. */
export function renderAs(typeName: string, value: object, omit: readonly string[] = []): Record<string, unknown> {
  const key = `${typeName}\n${omit.join(',')}`;
  let render = renderers.get(key);
  if (!render) {
    const type = renderSchema().getType(typeName);
    if (!isObjectType(type)) throw new Error(`${typeName} is not an object type of the schema`);
    renderers.set(key, (render = objectRenderer(type, omit)));
  }
  return render(value) as Record<string, unknown>;
}
