// The configuration reference in docs/deployment.md, from the keys' declarations (src/config/platform.ts and
// src/modules/<area>/config.ts): one marked block per table, the platform's keys first, then each area's in
// module order.
import fs from 'node:fs';
import { areaConfigs } from '../../src/config/generated/areas.js';
import type { Variable } from '../../src/config/keys.js';
import { platformConfig } from '../../src/config/platform.js';
import { fillBlock } from '../operation-tables/render.js';

export const CONFIG_DOC = 'docs/deployment.md';

const cell = (s: string) => s.replaceAll('|', '\\|');

/** A default as shown: none is a dash, a bare value is code, a phrase stays as written. */
const shown = (d: string) => (d === '' ? '—' : /[\s`]/.test(d) ? d : `\`${d}\``);

/** Every table of the reference: its block's name → its variables, in order. */
export function configTables(): Map<string, Variable[]> {
  const tables = new Map<string, Variable[]>([['configuration', [...platformConfig.variables]]]);
  for (const area of Object.values(areaConfigs)) tables.set(area.table, [...(tables.get(area.table) ?? []), ...area.variables]);
  return tables;
}

function table(variables: readonly Variable[]): string {
  return [
    '| variable | default | values | meaning |',
    '|---|---|---|---|',
    ...variables.map((v) => `| \`${v.name}\` | ${cell(shown(v.default))} | ${cell(v.values || '—')} | ${cell(v.docs)} |`),
  ].join('\n');
}

/** `text` (docs/deployment.md) with every table's block filled. */
export function renderConfigDoc(text: string): string {
  let out = text;
  for (const [name, variables] of configTables()) out = fillBlock(out, name, table(variables), CONFIG_DOC);
  return out;
}

/** The page as it should be: the committed one with its tables regenerated. */
export function configDocFrom(root: URL): string {
  return renderConfigDoc(fs.readFileSync(new URL(CONFIG_DOC, root), 'utf8'));
}
