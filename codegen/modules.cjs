// What the codegen plugins read of src/modules/: the areas that have a given file, in module order, with
// an identifier for each (a module's folder name in camel case), so every generated list names its
// modules the same way.
const fs = require('node:fs');
const path = require('node:path');

const modulesDir = path.resolve(__dirname, '../src/modules');

/** The areas whose folder holds `file` (e.g. 'tasks.ts'), sorted, each with its identifier. */
function areasWith(file) {
  return fs
    .readdirSync(modulesDir)
    .sort()
    .filter((area) => fs.existsSync(path.join(modulesDir, area, file)))
    .map((area) => ({ area, name: area.replace(/-(\w)/g, (_, c) => c.toUpperCase()) }));
}

/**
 * The SDL files in the order the service loads them (src/graphql/type-defs.ts): the common file, then each
 * area's schema.graphql by name; each with its area ('platform' for the common file).
 */
function sdlFiles() {
  return [
    { area: 'platform', file: path.resolve(__dirname, '../src/graphql/common.graphql') },
    ...areasWith('schema.graphql').map(({ area }) => ({ area, file: path.join(modulesDir, area, 'schema.graphql') })),
  ];
}

module.exports = { modulesDir, areasWith, sdlFiles };
