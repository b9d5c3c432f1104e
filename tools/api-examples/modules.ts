// Which module owns an operation's example step: the module whose schema.graphql declares the root field,
// which is also where codegen requires its descriptor (src/modules/<area>/operations/), so a missing
// step is named with the one file it belongs in.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'graphql';

const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const ROOTS = new Set(['Query', 'Mutation']);

let declared: Map<string, string> | undefined;

/** Root field → the module whose schema.graphql declares it. */
function declaringModules(): Map<string, string> {
  if (declared) return declared;
  declared = new Map();
  for (const area of fs.readdirSync(modules).sort()) {
    const file = path.join(modules, area, 'schema.graphql');
    if (!fs.existsSync(file)) continue;
    for (const def of parse(fs.readFileSync(file, 'utf8')).definitions) {
      if (!('name' in def) || !def.name || !ROOTS.has(def.name.value) || !('fields' in def) || !def.fields) continue;
      for (const f of def.fields) declared.set(f.name.value, area);
    }
  }
  return declared;
}

/** The examples file an operation's step belongs in (`<its module>` where no schema declares the operation). */
export function examplesFileOf(op: string): string {
  return `src/modules/${declaringModules().get(op) ?? '<its module>'}/examples.ts`;
}
