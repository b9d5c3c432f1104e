// graphql-codegen plugin: writes the registry's list of operation descriptors, one per root field, so no
// hand-kept list exists. A root field belongs to the module whose schema.graphql declares it, and its
// descriptor is src/modules/<that module>/operations/<field-in-kebab-case>.ts:
// - a missing descriptor is scaffolded (a stub that typechecks and throws "not implemented" when run),
//   so "SDL → codegen → fill the stub" works; under `codegen --check` it is named, not written;
// - a descriptor in another module's folder, two of the same name, or one naming no root field fail,
//   naming the files.
const fs = require('node:fs');
const path = require('node:path');
const { parse } = require('graphql');

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const ROOTS = new Set(['Query', 'Mutation']);

/** root field → { area, kind } from each module's own SDL (its `type`/`extend type` Query and Mutation). */
function declaredFields(modulesDir, areas) {
  const declared = new Map();
  for (const area of areas) {
    const file = path.join(modulesDir, area, 'schema.graphql');
    if (!fs.existsSync(file)) continue;
    for (const def of parse(fs.readFileSync(file, 'utf8')).definitions) {
      if (!('name' in def) || !def.name || !ROOTS.has(def.name.value) || !def.fields) continue;
      for (const f of def.fields) declared.set(f.name.value, { area, kind: def.name.value === 'Query' ? 'query' : 'mutation' });
    }
  }
  return declared;
}

/** kebab name → every `<area>/operations/<name>.ts` that exists. */
function descriptorFiles(modulesDir, areas) {
  const files = new Map();
  for (const area of areas) {
    const dir = path.join(modulesDir, area, 'operations');
    if (!fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.ts')) continue;
      const name = file.slice(0, -3);
      files.set(name, [...(files.get(name) ?? []), area]);
    }
  }
  return files;
}

/** A descriptor that typechecks and refuses to run until it is written. */
function stub(field, kind, rel) {
  const fail = `throw new Error('${field}: not implemented (${rel})');`;
  const body =
    kind === 'mutation'
      ? [
          `export default mutation('${field}', {`,
          '  target: null,',
          '  evidence: null,',
          `  resultId: () => {`,
          `    ${fail}`,
          '  },',
          '  run: async () => {',
          `    ${fail}`,
          '  },',
          '});',
        ]
      : [`export default query('${field}', {`, '  run: async () => {', `    ${fail}`, '  },', '});'];
  return [
    `// ${field}: scaffolded by \`npm run codegen\` from the SDL. Cite the contract section, then write the`,
    '// descriptor (docs/architecture.md, "Adding an operation").',
    `import { ${kind} } from '../../../core/operation.js';`,
    '',
    ...body,
    '',
  ].join('\n');
}

/**
 * The generated module's text. `config.modulesDir` (default src/modules) and `config.check` (default: the
 * command line has --check) exist for the tests.
 */
function plugin(schema, _documents, config = {}) {
  const modulesDir = config.modulesDir ?? path.resolve(__dirname, '../src/modules');
  const check = config.check ?? process.argv.includes('--check');
  const rel = (area, name) => `src/modules/${area}/operations/${name}.ts`;
  const areas = fs.readdirSync(modulesDir).sort();
  const declared = declaredFields(modulesDir, areas);
  const files = descriptorFiles(modulesDir, areas);
  const fields = [...Object.keys(schema.getQueryType()?.getFields() ?? {}), ...Object.keys(schema.getMutationType()?.getFields() ?? {})].sort();

  const faults = [];
  const toWrite = [];
  for (const [name, where] of files) {
    if (where.length > 1) faults.push(`two descriptors are named ${name}.ts: ${where.map((a) => rel(a, name)).join(' and ')}`);
    if (!fields.some((f) => kebab(f) === name)) faults.push(`${where.map((a) => rel(a, name)).join(', ')} names no root field`);
  }
  for (const field of fields) {
    const name = kebab(field);
    const home = declared.get(field);
    const where = files.get(name) ?? [];
    if (!home) {
      faults.push(`root field ${field} has no src/modules/*/operations/${name}.ts and is declared in no src/modules/*/schema.graphql`);
      continue;
    }
    for (const area of where)
      if (area !== home.area)
        faults.push(`${rel(area, name)}: ${field} is declared in src/modules/${home.area}/schema.graphql, so its descriptor is ${rel(home.area, name)}`);
    if (where.length === 0) {
      if (check) faults.push(`root field ${field} has no descriptor: run npm run codegen to scaffold ${rel(home.area, name)}`);
      else toWrite.push({ field, name, home });
    }
  }
  if (faults.length) throw new Error(`operations and schema disagree: ${faults.join('; ')}`);

  for (const { field, name, home } of toWrite) {
    const dir = path.join(modulesDir, home.area, 'operations');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.ts`), stub(field, home.kind, rel(home.area, name)));
    // Codegen's own output is the list; the scaffold is a side effect worth a line on the console.
    process.stderr.write(`scaffolded ${rel(home.area, name)}: fill it in\n`);
  }

  const imports = fields.map((f) => `import ${f} from '../../modules/${declared.get(f).area}/operations/${kebab(f)}.js';`);
  return [
    '// Generated by `npm run codegen` from src/modules/*/operations/: do not edit.',
    ...imports,
    '',
    `export const operations = { ${fields.join(', ')} } as const;`,
    '',
  ].join('\n');
}

module.exports = { plugin };
