// GraphQL types as JSON Schema 2020-12 (OpenAPI 3.1's dialect), into components.schemas: inputs as the
// REST bodies they are, outputs as the REST rendering renders them (§9.4: every field, or only the
// interface document's fields for CryptoWithdrawal and WalletBeneficiary).
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';

export type JsonSchema = Record<string, unknown>;

const SCALARS: Record<string, JsonSchema> = {
  String: { type: 'string' },
  ID: { type: 'string' },
  Int: { type: 'integer', format: 'int32' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  UUID: { type: 'string', format: 'uuid' },
  DateTime: { type: 'string', format: 'date-time', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$' },
  StringMap: { type: 'object', additionalProperties: { type: 'string' } },
  JSONObject: { type: 'object' },
};

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export class SchemaRegistry {
  readonly schemas: Record<string, JsonSchema> = {};

  private named(type: GraphQLNamedType, fields?: readonly string[]): JsonSchema {
    if (isScalarType(type)) return { ...(SCALARS[type.name] ?? { type: 'string' }), ...(type.description && !SCALARS[type.name] ? { description: type.description } : {}) };
    const name = fields ? `${type.name}Rest` : type.name;
    if (!this.schemas[name]) {
      this.schemas[name] = {}; // placeholder: a type may refer to itself
      this.schemas[name] = this.define(type, fields);
    }
    return ref(name);
  }

  private define(type: GraphQLNamedType, fields?: readonly string[]): JsonSchema {
    const description = type.description ? { description: type.description } : {};
    if (isEnumType(type)) return { type: 'string', enum: type.getValues().map((v) => v.name), ...description };
    if (isInputObjectType(type)) {
      const all = Object.values(type.getFields());
      return {
        type: 'object',
        ...description,
        properties: Object.fromEntries(all.map((f) => [f.name, withDescription(this.input(f.type), f.description)])),
        required: all.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined).map((f) => f.name),
        additionalProperties: false,
      };
    }
    if (isObjectType(type)) {
      const all = type.getFields();
      // §9.4: a page's items render as its records do.
      const pageOf = fields && all.items && all.pageInfo;
      const names = pageOf ? Object.keys(all) : (fields ?? Object.keys(all));
      return {
        type: 'object',
        ...description,
        properties: Object.fromEntries(
          names.map((n) => {
            const f = all[n]!;
            return [n, withDescription(this.output(f.type, pageOf && n === 'items' ? fields : undefined), f.description)];
          }),
        ),
        required: names,
      };
    }
    return {};
  }

  input(type: GraphQLInputType): JsonSchema {
    if (isNonNullType(type)) return this.input(type.ofType);
    const schema = isListType(type) ? { type: 'array', items: this.input(type.ofType) } : this.named(getNamedType(type));
    return schema;
  }

  /** `fields`: the REST rendering's subset of a record (or of a page's items). */
  output(type: GraphQLOutputType, fields?: readonly string[]): JsonSchema {
    if (isNonNullType(type)) return this.outputNonNull(type.ofType, fields);
    return nullable(this.outputNonNull(type, fields));
  }

  private outputNonNull(type: GraphQLOutputType, fields?: readonly string[]): JsonSchema {
    if (isNonNullType(type)) return this.outputNonNull(type.ofType, fields);
    if (isListType(type)) return { type: 'array', items: this.output(type.ofType, fields) };
    return this.named(getNamedType(type), fields);
  }
}

function nullable(s: JsonSchema): JsonSchema {
  if (typeof s.type === 'string') return { ...s, type: [s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
}

function withDescription(s: JsonSchema, description: string | null | undefined): JsonSchema {
  if (!description) return s;
  // A $ref's siblings are allowed in 3.1; keep the field's own words beside it.
  return { ...s, description };
}
