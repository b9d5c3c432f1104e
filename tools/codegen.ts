// `npm run codegen`'s second step, after graphql-codegen: what needs the descriptors themselves (not only
// the SDL) — the client's money-moving methods and the docs' tables of operations. `--check` writes
// nothing and fails when a file is stale (CI runs `npm run codegen:check`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import { descriptors } from '../src/graphql/registry.js';
import { loadTypeDefs } from '../src/graphql/type-defs.js';
import { moneyOperations, renderClientOperations } from './client-gen/render.js';
import { operationTables } from './operation-tables/render.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const schema = buildSchema(loadTypeDefs());
const outputs: Record<string, string> = {
  'src/client/generated/operations.ts': renderClientOperations(moneyOperations(schema, descriptors)),
  ...operationTables(root, schema, descriptors),
};

const stale: string[] = [];
for (const [file, text] of Object.entries(outputs)) {
  const full = path.join(root, file);
  if ((fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : null) === text) continue;
  stale.push(file);
  if (!check) fs.writeFileSync(full, text);
}
if (check && stale.length) {
  console.error(`stale: ${stale.join(', ')} (run npm run codegen)`);
  process.exit(1);
}
console.log(stale.length ? `wrote ${stale.join(', ')}` : 'generated files are up to date');
