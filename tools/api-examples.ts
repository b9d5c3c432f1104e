// npm run docs:api: regenerates docs/api/operations.md from a run of the scenario (tools/api-examples/).
import fs from 'node:fs';
import { generateReference } from './api-examples/run.js';

const file = new URL('../docs/api/operations.md', import.meta.url);
// The service's own timers are unref'd (they must not hold a server process open); this one holds the run.
const hold = setInterval(() => {}, 1000);
generateReference().finally(() => clearInterval(hold)).then(
  (text) => {
    fs.mkdirSync(new URL('.', file), { recursive: true });
    fs.writeFileSync(file, text);
    console.log(`wrote ${file.pathname}`);
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
