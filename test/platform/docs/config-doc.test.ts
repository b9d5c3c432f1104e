// The configuration reference (docs/deployment.md, "Configuration") is generated from the keys' declarations
// (src/config/platform.ts, src/modules/<area>/config.ts): it is the committed page, every variable the code
// reads is declared, each once, and an area's declarations load nothing of the area.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { areaConfigs } from '../../../src/config/generated/areas.js';
import { platformConfig } from '../../../src/config/platform.js';
import { CONFIG_DOC, configDocFrom, configTables } from '../../../tools/config-doc/render.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const SRC = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** The environment of partnerctl and the examples, not the server's: documented with them. */
const TOOL_VARIABLES: Record<string, string> = { BASE: 'docs/partnerctl.md', PARTNER_SECRET: 'docs/partnerctl.md', SECRET: 'docs/partnerctl.md' };

const declared = [...platformConfig.variables, ...Object.values(areaConfigs).flatMap((a) => a.variables)].map((v) => v.name);

describe('the configuration reference', () => {
  it(`${CONFIG_DOC} holds the tables generated from the declarations (npm run docs:config)`, () => {
    expect(fs.readFileSync(path.join(root, CONFIG_DOC), 'utf8')).toBe(configDocFrom(new URL(`file://${root}/`)));
  });

  it('lists every declared variable once, each with its meaning', () => {
    const listed = [...configTables().values()].flat();
    expect(listed.map((v) => v.name).sort()).toEqual([...declared].sort());
    expect(declared.filter((n, i) => declared.indexOf(n) !== i)).toEqual([]);
    for (const v of listed) expect(v.docs, v.name).toMatch(/\S/);
  });

  it('every variable read anywhere in src/ is declared', () => {
    const read = /\b(?:process\.)?env\??\.([A-Z][A-Z0-9_]*)\b|\benv\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\]/g;
    const undeclared = sourceFiles(SRC).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(read)]
        .map((m) => (m[1] ?? m[2])!)
        .filter((name) => !declared.includes(name))
        .filter((name) => !(name in TOOL_VARIABLES && fs.readFileSync(path.join(root, TOOL_VARIABLES[name]!), 'utf8').includes(`\`${name}\``)))
        .map((name) => `${path.relative(root, file)}: ${name}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('the defaults are valid: an empty environment loads', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.fileMaxBytes).toBe(10_485_760);
    expect(config.frontend.defaultTtlSeconds).toBe(900);
    expect(config.evm.rpcUrls).toEqual([]);
  });

  it("an area's config.ts imports only the declaration API below the modules (src/config/), so reading it loads nothing of the area", () => {
    const areas = fs.readdirSync(path.join(SRC, 'modules')).filter((a) => fs.existsSync(path.join(SRC, 'modules', a, 'config.ts')));
    expect(areas.length).toBeGreaterThan(5);
    const reaching = areas.flatMap((area) => {
      const text = fs.readFileSync(path.join(SRC, 'modules', area, 'config.ts'), 'utf8');
      return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)]
        .map((m) => path.relative(SRC, path.resolve(SRC, 'modules', area, m[1]!)))
        .filter((target) => !target.startsWith(`config${path.sep}`))
        .map((target) => `src/modules/${area}/config.ts -> src/${target}`);
    });
    expect(reaching).toEqual([]);
  });
});
