// The SDL, the source of truth: the common file, then each module's (the same files codegen reads).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadTypeDefs(): string {
  const modules = path.join(src, 'modules');
  const files = [
    path.join(src, 'graphql', 'common.graphql'),
    ...fs
      .readdirSync(modules)
      .sort()
      .map((area) => path.join(modules, area, 'schema.graphql'))
      .filter((f) => fs.existsSync(f)),
  ];
  return files.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
}
