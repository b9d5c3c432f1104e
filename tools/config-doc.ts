// npm run docs:config: regenerates the configuration reference in docs/deployment.md (its marked tables)
// from the keys' declarations (src/config/platform.ts, src/modules/<area>/config.ts).
import fs from 'node:fs';
import { CONFIG_DOC, configDocFrom } from './config-doc/render.js';

const root = new URL('../', import.meta.url);
const file = new URL(CONFIG_DOC, root);
fs.writeFileSync(file, configDocFrom(root));
console.log(`wrote ${file.pathname}`);
