// Live answers against the served OpenAPI 3.1 document: the response the document declares for the
// operation and status, its headers (each required one present, each sent one declared, values matching
// their schemas) and its body, validated as JSON Schema 2020-12 (OpenAPI 3.1's dialect) with ajv.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Reply } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = any;

/** Transport headers node:http adds to every answer: HTTP's, not the API's. */
const TRANSPORT = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** `#/components/schemas/X` → `#/$defs/X`, so a response schema compiles on its own with the components beside it. */
function rebased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebased);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/$defs/') : rebased(v)]),
  );
}

export class OpenApiValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly compiled = new Map<unknown, ValidateFunction>();

  constructor(readonly doc: Doc) {}

  private validatorOf(schema: unknown): ValidateFunction {
    let v = this.compiled.get(schema);
    if (!v) {
      v = this.ajv.compile({ ...(rebased(schema) as object), $defs: rebased(this.doc.components.schemas) as object });
      this.compiled.set(schema, v);
    }
    return v;
  }

  private deref(x: Doc): Doc {
    return x?.$ref ? this.doc.components.headers[x.$ref.split('/').pop()] : x;
  }

  /** What is wrong with `reply` as the answer of `method template` ([] when it is as documented). */
  faults(method: string, template: string, reply: Reply): string[] {
    const op = this.doc.paths[template]?.[method.toLowerCase()];
    if (!op) return [`${method} ${template} is not in the document`];
    const response = op.responses[String(reply.status)];
    if (!response) return [`${method} ${template}: status ${reply.status} is not documented`];
    const out: string[] = [];
    const declared = new Map<string, Doc>(Object.entries(response.headers ?? {}).map(([name, h]) => [name.toLowerCase(), this.deref(h)]));
    for (const [name, h] of declared) {
      const value = reply.headers.get(name);
      if (value === null) {
        if (h.required) out.push(`header ${name} is required on ${reply.status}`);
        continue;
      }
      const check = this.validatorOf(h.schema);
      if (!check(value)) out.push(`header ${name}: ${JSON.stringify(value)} ${this.ajv.errorsText(check.errors)}`);
    }
    reply.headers.forEach((_value, name) => {
      if (!TRANSPORT.has(name) && !declared.has(name)) out.push(`header ${name} is sent but not declared on ${reply.status}`);
    });
    const mediaType = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content = response.content?.[mediaType];
    if (!content) out.push(`content type ${mediaType} is not declared on ${reply.status}`);
    else if (reply.text !== '') {
      const check = this.validatorOf(content.schema);
      if (!check(reply.body)) out.push(`body: ${this.ajv.errorsText(check.errors)}`);
    }
    return out;
  }
}
