#!/usr/bin/env node
// partnerctl's entry. `npx partnerctl` works right after `npm ci`, with no build step: the TypeScript
// of src/ is compiled once into `.partnerctl-<hash>/` beside it (esbuild, bundled and split at the
// dynamic imports, the files other than TypeScript copied in the same layout one level under the root
// as src/, so the paths the code finds from its own place — package.json, drizzle/, the SDL — hold), and
// every later run imports plain JavaScript: no TypeScript loader, and a command loads only the code it
// runs (src/cli/program.ts). The hash is of every file under src/ (path, size, time) and of this file:
// a changed source gets a fresh compilation at its first run, never a stale one. Where it cannot be
// compiled (esbuild absent, a read-only install), the run goes through tsx as before.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'src');
const ENTRY = path.join('cli', 'partnerctl.js');
/** The packages compiled into the bundle (plain ESM, many files); every other one is imported as installed. */
const BUNDLED = new Set(['drizzle-orm']);

/** Every file under src/, relative, sorted. */
function sourceFiles(dir = src, rel = '') {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(path.join(dir, e.name), path.join(rel, e.name)) : [path.join(rel, e.name)]))
    .sort();
}

/** The compiled tree for the sources as they are now, compiled first if no run has done it yet. */
async function compiled() {
  const files = sourceFiles();
  // This file's own text too: a change of how it compiles gets a fresh compilation.
  const hash = createHash('sha256').update(fs.readFileSync(fileURLToPath(import.meta.url)));
  for (const f of files) {
    const st = fs.statSync(path.join(src, f));
    hash.update(`${f}\0${st.size}\0${st.mtimeMs}\n`);
  }
  const out = path.join(root, `.partnerctl-${hash.digest('hex').slice(0, 16)}`);
  if (fs.existsSync(path.join(out, ENTRY))) return out;
  const { build } = await import('esbuild');
  // Built aside, then renamed into place in one step: a run that starts meanwhile never sees half of it.
  const tmp = `${out}.tmp-${process.pid}`;
  try {
    // Bundled, split at every dynamic import (a command still loads only what it runs): loading an ES
    // module costs about a millisecond of CPU, and a database command would otherwise load ~200 of ours
    // and drizzle's. drizzle-orm (plain ESM) goes inside; every other package stays outside, as installed
    // (native drivers, CommonJS with their own `require`s, pino's worker files). Each source keeps its own
    // `import.meta.url`, its place in the tree below, so the paths it finds from there (package.json,
    // drizzle/, the SDL copied beside it) hold.
    const sourceUrl = {
      name: 'source-url',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (a) => {
          const name = a.path.startsWith('@') ? a.path.split('/').slice(0, 2).join('/') : a.path.split('/')[0];
          return BUNDLED.has(name) ? undefined : { external: true };
        });
        b.onLoad({ filter: /\.ts$/ }, async (a) => {
          const rel = path.relative(src, a.path).replace(/\.ts$/, '.js');
          const text = await fs.promises.readFile(a.path, 'utf8');
          return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path.join(out, rel)).href)), loader: 'ts' };
        });
      },
    };
    await build({
      entryPoints: { [ENTRY.replace(/\.js$/, '')]: path.join(src, 'cli', 'partnerctl.ts') },
      bundle: true,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      outdir: tmp,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      // JSON modules keep their `with { type: 'json' }` (Node 20.10+ requires it).
      supported: { 'import-attributes': true },
      plugins: [sourceUrl],
      logLevel: 'silent',
    });
    for (const f of files.filter((f) => !f.endsWith('.ts'))) {
      fs.mkdirSync(path.dirname(path.join(tmp, f)), { recursive: true });
      fs.copyFileSync(path.join(src, f), path.join(tmp, f));
    }
    fs.renameSync(tmp, out);
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true });
    // Another run put the same compilation in place first: use it.
    if (!fs.existsSync(path.join(out, ENTRY))) throw e;
  }
  // Compilations of earlier sources, unused for a day, are removed (a run may still be on a recent one).
  for (const e of fs.readdirSync(root)) {
    const p = path.join(root, e);
    if (e.startsWith('.partnerctl-') && p !== out && Date.now() - fs.statSync(p).mtimeMs > 86_400_000) fs.rmSync(p, { recursive: true, force: true });
  }
  return out;
}

let dir;
try {
  dir = await compiled();
} catch {
  dir = undefined;
}
if (dir) await import(pathToFileURL(path.join(dir, ENTRY)).href);
else await (await import('tsx/esm/api')).tsImport('../src/cli/partnerctl.ts', import.meta.url);
