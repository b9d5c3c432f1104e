// The shape of src/ (docs/architecture.md, "Module boundaries"), read from the source itself: layers are
// only ever imported downwards, a module is entered only through its index.ts, no two files import each
// other's values in a circle, a table is named only by the module that declares it (the platform's only by
// src/db's repositories), and no two modules depend on each other in a circle. A new area that keeps these
// needs no edit here.
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

const isTables = (file: string) => /\/tables(\.pg)?\.ts$/.test(file);
const PLATFORM = 'the platform (src/db/tables.ts)';

/** Every table's owner: the module whose tables.ts declares it, or the platform. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  const declared = /^export const (\w+)\s*=\s*sqliteTable\(/gm;
  const read = (file: string, owner: string) => {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(declared)) owners.set(m[1]!, owner);
  };
  read(path.join(SRC, 'db', 'tables.ts'), PLATFORM);
  for (const m of fs.readdirSync(path.join(SRC, 'modules'))) {
    const file = path.join(SRC, 'modules', m, 'tables.ts');
    if (fs.existsSync(file)) read(file, m);
  }
  return owners;
}

const owners = tableOwners();

/**
 * The tables a file names: through the engine's handle (`x.t.customers`, `tx.t.routes`, a prepared
 * statement's `(q, t) => t.nonces`, `const { routes } = x.t`) or by importing a tables.ts.
 */
function tablesNamed(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set<string>();
  for (const m of text.matchAll(/\b(?:t|tables)\.(\w+)\b/g)) names.add(m[1]!);
  for (const m of text.matchAll(/\{([^}]*)\}\s*=\s*(?:\w+\.)?t\b/g)) for (const n of m[1]!.split(',')) names.add(n.split(':')[0]!.trim());
  const imported = /^import\s+(?!type\s)\{([^}]*)\}\s*from\s*'[^']*\/tables(?:\.pg)?\.js'/gm;
  for (const m of text.matchAll(imported)) for (const n of m[1]!.split(',')) if (!n.trim().startsWith('type ')) names.add(n.trim().split(/\s+as\s+/)[0]!);
  return [...names].filter((n) => owners.has(n));
}

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

  it('a table is named only by its owner: a module’s by its own files, the platform’s by src/db/*-repository.ts', () => {
    // Another module's data is read and written through its index.ts; a tables.ts naming another
    // module's table for a foreign key stays allowed (the import rule above).
    expect(owners.size).toBeGreaterThan(30);
    const foreign = sourceFiles(SRC)
      .filter((f) => !generated(f) && !isTables(f))
      .flatMap((f) =>
        tablesNamed(f).flatMap((table) => {
          const owner = owners.get(table)!;
          const allowed = owner === PLATFORM ? /^db\/[^/]+-repository\.ts$/.test(rel(f)) : moduleOf(f) === owner;
          if (allowed) return [];
          const where = owner === PLATFORM ? `${owner}, only through src/db/*-repository.ts` : `module ${owner}, through src/modules/${owner}/index.ts`;
          return [`src/${rel(f)} names table ${table}, owned by ${where}`];
        }),
      );
    expect(foreign).toEqual([]);
  });

  it('no module depends on another in a circle (value imports; a tables.ts’s foreign keys aside)', () => {
    // A type-only import is erased at run time and names a row's shape, not behaviour: it does not count.
    const via = new Map<string, Map<string, string>>();
    for (const i of all) {
      const [a, b] = [moduleOf(i.from), moduleOf(i.to)];
      if (!a || !b || a === b || i.typeOnly || (isTables(i.from) && isTables(i.to))) continue;
      if (!via.has(a)) via.set(a, new Map());
      if (!via.get(a)!.has(b)) via.get(a)!.set(b, `src/${rel(i.from)}`);
    }
    // Each module that reaches itself again: the shortest way round, every step with a file that makes it.
    const circles = new Set<string>();
    for (const start of via.keys()) {
      const back = new Map<string, string>([[start, '']]);
      const queue = [start];
      let found: string | undefined;
      while (queue.length > 0 && found === undefined) {
        const m = queue.shift()!;
        for (const n of via.get(m)?.keys() ?? []) {
          if (n === start) {
            found = m;
            break;
          }
          if (!back.has(n)) {
            back.set(n, m);
            queue.push(n);
          }
        }
      }
      if (found === undefined) continue;
      const path: string[] = [found];
      while (path[0] !== start) path.unshift(back.get(path[0]!)!);
      path.push(start);
      // One report per circle, from its first module in name order.
      const ring = path.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0]!);
      const turned = [...ring.slice(first), ...ring.slice(0, first), ring[first]!];
      circles.add(turned.map((m, k) => (k === 0 ? m : `-> ${m} (${via.get(turned[k - 1]!)!.get(m)})`)).join(' '));
    }
    expect([...circles].sort()).toEqual([]);
  });

  it("every hook a module declares is answered by a module's hooks.ts", () => {
    // Unwired, the lower module's call throws; src/engine/open.ts refuses to open an engine with a hook it
    // has seen unwired, and this finds one no process has loaded yet.
    const declaredHook = /^export const (\w+)\s*=\s*hook</gm;
    const declared = sourceFiles(SRC)
      .filter((f) => !generated(f))
      .flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(declaredHook)].map((m) => ({ name: m[1]!, file: `src/${rel(f)}` })));
    expect(declared.length).toBeGreaterThan(0);
    const wiring = fs
      .readdirSync(path.join(SRC, 'modules'))
      .map((m) => path.join(SRC, 'modules', m, 'hooks.ts'))
      .filter((f) => fs.existsSync(f))
      .map((f) => fs.readFileSync(f, 'utf8'))
      .join('\n');
    const provided = new Set([...wiring.matchAll(/(\w+)\.provide\(/g)].map((m) => m[1]!));
    const aliases = new Map([...wiring.matchAll(/\b(\w+) as (\w+)\b/g)].map((m) => [m[2]!, m[1]!]));
    const wired = new Set([...provided].map((n) => aliases.get(n) ?? n));
    expect(declared.filter((h) => !wired.has(h.name)).map((h) => `${h.file}: ${h.name}`)).toEqual([]);
  });

  it("a hooks.ts or subscribers.ts imports none of its own module's code but through lazily()", () => {
    // Every process that opens an engine loads them: a value import of the module's own code would load
    // it (and what it imports) into every partnerctl command, used or not (src/core/hook.ts).
    const eager = all.filter((i) => /^modules\/[^/]+\/(hooks|subscribers)\.ts$/.test(rel(i.from)) && !i.typeOnly && moduleOf(i.to) === moduleOf(i.from));
    expect(eager.map((i) => `src/${rel(i.from)} -> ${rel(i.to)}: register lazily(async () => (await import(…)).f)`)).toEqual([]);
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
