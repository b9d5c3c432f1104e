// The shape of src/ (docs/architecture.md, "Module boundaries"), read from the imports themselves:
// layers are only ever imported downwards, a module is entered only through its index.ts, and no two
// files import each other's values in a circle. A new area that keeps these needs no edit here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..', 'src');

/** Layers from the ground up; a file may import its own layer or one below (db → core → … → cli). */
const LAYERS: Record<string, number> = {
  db: 1,
  config: 2,
  core: 2,
  graphql: 3,
  modules: 4,
  upgrades: 5,
  worker: 5,
  // The engine with the modules' event subscribers: the one way a process opens its database.
  engine: 5,
  // §18 C14 the development devnet (EVM_DEVNET=true): above the modules, so no production code imports it.
  devnet: 5,
  client: 6,
  http: 6,
  service: 7,
  cli: 8,
  // The entry: a first start provisions the demo partner with the operators' own actions.
  demo: 9,
  main: 9,
};

type Import = { from: string; to: string; typeOnly: boolean };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const rel = (file: string) => path.relative(SRC, file);
const generated = (file: string) => rel(file).split(path.sep).includes('generated');
const layerOf = (file: string) => {
  const top = rel(file).split(path.sep)[0]!.replace(/\.ts$/, '');
  const layer = LAYERS[top];
  if (layer === undefined) throw new Error(`src/${top} has no layer: give it one in ${path.basename(new URL(import.meta.url).pathname)}`);
  return layer;
};
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(rel(file))?.[1];

/** Every relative import and re-export of the hand-written files under src/. */
function imports(): Import[] {
  const statement = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'(\.[^']+)'/gm;
  return sourceFiles(SRC)
    .filter((f) => !generated(f))
    .flatMap((from) => {
      const text = fs.readFileSync(from, 'utf8');
      return [...text.matchAll(statement)].map((m) => {
        const to = path.resolve(path.dirname(from), m[2]!).replace(/\.js$/, '.ts');
        // `import { type A, type B }` is type-only too: every name marked.
        const names = /\{([^}]*)\}/.exec(m[0])?.[1];
        const allTypes = names !== undefined && names.split(',').filter((n) => n.trim()).every((n) => n.trim().startsWith('type '));
        return { from, to, typeOnly: m[1] !== undefined || allTypes };
      });
    });
}

const all = imports();

describe('module boundaries', () => {
  it('reads the imports of every layer', () => {
    const layers = new Set(all.map((i) => rel(i.from).split(path.sep)[0]!.replace(/\.ts$/, '')));
    for (const l of ['db', 'core', 'graphql', 'modules', 'worker', 'http', 'cli']) expect(layers).toContain(l);
    expect(all.length).toBeGreaterThan(300);
  });

  it('no value is imported from a higher layer (types only from generated files)', () => {
    const upward = all.filter((i) => layerOf(i.to) > layerOf(i.from) && !(i.typeOnly && generated(i.to)));
    expect(upward.map((i) => `${rel(i.from)} -> ${rel(i.to)}`)).toEqual([]);
  });

  it('a module is entered only through its index.ts (a tables file may name another module’s tables)', () => {
    const tables = (f: string) => /\/tables(\.pg)?\.ts$/.test(f);
    const crossing = all.filter((i) => {
      const target = moduleOf(i.to);
      if (target === undefined || target === moduleOf(i.from)) return false;
      if (path.basename(i.to) === 'index.ts') return false;
      return !(tables(i.from) && tables(i.to));
    });
    expect(crossing.map((i) => `${rel(i.from)} -> ${rel(i.to)}`)).toEqual([]);
  });

  it('an engine is opened only through src/engine/ (with every module’s event subscribers, D1)', () => {
    // Anywhere else, an event the process wrote would reach no subscriber: no webhook delivery, ever.
    const opens = /import\s*\{[^}]*\bopen(Engine|SqliteEngine|PgEngine)\b[^}]*\}\s*from\s*'[^']*\/db\/[^']*'/;
    const elsewhere = sourceFiles(SRC).filter((f) => !/^(db|engine)\//.test(rel(f)) && opens.test(fs.readFileSync(f, 'utf8')));
    expect(elsewhere.map(rel)).toEqual([]);
  });

  it('no import circle but through types', () => {
    const edges = new Map<string, string[]>();
    for (const i of all) if (!i.typeOnly) edges.set(i.from, [...(edges.get(i.from) ?? []), i.to]);
    // Tarjan's strongly connected components over value imports.
    let index = 0;
    const order = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const circles: string[][] = [];
    const visit = (v: string) => {
      order.set(v, index);
      low.set(v, index++);
      stack.push(v);
      for (const w of edges.get(v) ?? []) {
        if (!order.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
      }
      if (low.get(v) === order.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          component.push(rel(w));
        } while (w !== v);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const v of edges.keys()) if (!order.has(v)) visit(v);
    expect(circles).toEqual([]);
  });
});
