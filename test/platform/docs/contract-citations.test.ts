// Every contract section the repository cites (`§10.6`, `§11.4–§11.9`, `D10`) is a heading (or a decision)
// of docs/contract/, so a reader of a clone can follow each citation; and nothing points outside the
// repository.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const contract = path.join(root, 'docs', 'contract');

function files(dir: string): string[] {
  const abs = path.join(root, dir);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [dir];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) =>
    e.name === 'node_modules' || e.name === 'generated' ? [] : files(path.join(dir, e.name)),
  );
}

const sources = ['src', 'test', 'docs', 'examples', 'bin', 'tools', 'bench', 'codegen', 'README.md', '.ci']
  .flatMap(files)
  .filter((f) => /\.(ts|mts|mjs|cjs|js|md|graphql|json)$|^\.ci\//.test(f) && !f.startsWith(path.join('docs', 'contract')));

const headings = new Set<string>();
const decisions = new Set<string>();
for (const f of fs.readdirSync(contract)) {
  const text = fs.readFileSync(path.join(contract, f), 'utf8');
  for (const m of text.matchAll(/^#{2,4} (\d+(?:\.\d+)?)\.? /gm)) headings.add(m[1]!);
  for (const m of text.matchAll(/^\| (D\d+) \|/gm)) decisions.add(m[1]!);
}

/** Citations of the contract in a text: `§N`, `§N.M`, the ends of ranges; not an RFC's own sections. */
function citations(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(RFC \d+,? )?§(\d+(?:\.\d+)?)/g)) if (!m[1]) out.push(m[2]!);
  return out;
}

describe('contract citations', () => {
  it('the contract has its sections', () => {
    for (const s of ['2', '3', '4.5', '5', '9.4', '10.6', '10.10', '11.9']) expect(headings.has(s), s).toBe(true);
  });

  it('every § cited in the repository is a heading of docs/contract/', () => {
    const unresolved = sources.flatMap((f) =>
      citations(fs.readFileSync(path.join(root, f), 'utf8'))
        .filter((c) => !headings.has(c))
        .map((c) => `${f}: §${c}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('every decision cited (D1…) is a row of the decisions table', () => {
    const unresolved = sources.flatMap((f) =>
      [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/\(D(\d+)\)|\bD(\d+)\b(?= |,|\))/g)]
        .map((m) => `D${m[1] ?? m[2]}`)
        .filter((d) => !decisions.has(d))
        .map((d) => `${f}: ${d}`),
    );
    expect(unresolved).toEqual([]);
  });

  it('nothing refers to files outside the repository', () => {
    const outside = sources.filter((f) => /\.\.\/shared\b|\/work\/shared\b/.test(fs.readFileSync(path.join(root, f), 'utf8')));
    expect(outside).toEqual([]);
  });
});
