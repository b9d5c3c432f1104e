// npm run docs:problems: regenerates docs/problems.md from the problem guides (src/http/problem-guides.ts).
import fs from 'node:fs';
import { renderProblemsDoc } from './problems-doc/render.js';

const file = new URL('../docs/problems.md', import.meta.url);
fs.writeFileSync(file, renderProblemsDoc());
console.log(`wrote ${file.pathname}`);
