// Scalars of contract §4: UUID (lower case, §9.4), DateTime (output always YYYY-MM-DDTHH:mm:ss.sssZ), StringMap.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { UUIDResolver } from 'graphql-scalars';

// RFC 3339 date-time with a zone; fractional seconds optional.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;
const FORMAT_HINT = 'an RFC 3339 date-time string, e.g. 2026-11-22T10:15:30.123Z';

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const daysIn = (year: number, month: number): number => (month === 2 ? (isLeap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/**
 * §4 DateTime input: an RFC 3339 date-time that names a real instant. Date would roll 2020-02-30 over to
 * 1 March and 24:00 to the next day; those are refused, as are leap seconds (:60), which Date cannot hold.
 */
function parseDateTime(value: unknown): Date {
  const m = typeof value === 'string' ? RFC3339.exec(value) : null;
  if (!m) throw new TypeError(`DateTime must be ${FORMAT_HINT}`);
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetOk = m[9] === undefined || (Number(m[9]) <= 23 && Number(m[10]) <= 59);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59 || !offsetOk)
    throw new TypeError(`DateTime is not a real date and time: must be ${FORMAT_HINT}`);
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) throw new TypeError('DateTime is not a real date');
  return date;
}

export const DateTime = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'UTC date-time; output is always YYYY-MM-DDTHH:mm:ss.sssZ.',
  serialize(value) {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return new Date(value).toISOString();
    throw new GraphQLError('DateTime cannot serialize this value');
  },
  parseValue: parseDateTime,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be a string');
    return parseDateTime(ast.value);
  },
});

function parseStringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new TypeError('StringMap must be a JSON object');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    // The member's name is not repeated either: a detail never echoes what was sent (§12.3).
    if (typeof v !== 'string') throw new TypeError('StringMap values must all be strings');
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function literalToJs(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalToJs(f.value)]));
    case Kind.STRING:
      return ast.value;
    default:
      return ast.kind; // anything else is refused by parseStringMap
  }
}

export const StringMap = new GraphQLScalarType<Record<string, string>, Record<string, string>>({
  name: 'StringMap',
  description: 'A JSON object whose values are all strings.',
  serialize: (value) => parseStringMap(value),
  parseValue: parseStringMap,
  parseLiteral(ast) {
    if (ast.kind !== Kind.OBJECT) throw new TypeError('StringMap must be an object');
    const obj = literalToJs(ast) as Record<string, unknown>;
    for (const [k, v] of Object.entries(obj)) {
      if (typeof v !== 'string' || ast.fields.find((f) => f.name.value === k)?.value.kind !== Kind.STRING)
        throw new TypeError('StringMap values must all be strings');
    }
    return obj as Record<string, string>;
  },
});

/**
 * §9.4: UUIDs compare case-insensitively and render in lower case. Parsed values are lower-cased, so
 * every lookup, fingerprint (§3) and operation hash (§5) sees one spelling of an id. graphql-scalars'
 * refusal quotes the value ("Value is not a valid UUID: …"); this one does not (§12.3).
 */
const lower = (value: unknown) => (value as string).toLowerCase();
function refusedUnquoted<T>(parse: () => T): T {
  try {
    return parse();
  } catch {
    throw new TypeError('UUID must be 8-4-4-4-12 hexadecimal digits');
  }
}
export const UUID = new GraphQLScalarType<string, string>({
  name: 'UUID',
  description: UUIDResolver.description,
  serialize: (value) => lower(UUIDResolver.serialize(value)),
  parseValue: (value) => lower(refusedUnquoted(() => UUIDResolver.parseValue(value))),
  parseLiteral: (ast) => lower(refusedUnquoted(() => UUIDResolver.parseLiteral(ast, undefined))),
});

/** §11.1 an event's data: graphql-scalars' JSONObject. */
export { JSONObjectResolver as JSONObject } from 'graphql-scalars';
