import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * Each test file says in its first lines what it needs, so that a new suite touches only its own file:
 *   `// test: slow — why`: it starts server or partnerctl processes (test/helpers/processes.ts), kills
 *     them, drives a browser, or fuzzes; the slow project, with room for start-ups. Everything else under
 *     test/ is the fast project, which needs no process but vitest's own.
 *   `// test: SQLite only — why` / `// test: PostgreSQL only — why`: `npm run test:pg` (TEST_ENGINE=pg)
 *     runs the same suites on PostgreSQL, each server in a schema of its own (test/helpers/pg.ts); suites
 *     about the SQLite engine itself stay SQLite's, the cross-process ones need a PostgreSQL server.
 * `npm test` (vitest run) runs both projects; `npm run test:fast` / `test:slow` one.
 */
const PG = process.env.TEST_ENGINE === 'pg';

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The files whose opening comment carries the tag (read from the first lines only). */
const TAGS = new Map(testFiles('test').map((f) => [f, fs.readFileSync(f, 'utf8').slice(0, 2000)]));
const tagged = (tag: string) => [...TAGS].filter(([, head]) => new RegExp(`^// test: ${tag}(\\s|$)`, 'm').test(head)).map(([f]) => f);
const SLOW = tagged('slow');
const SQLITE_ONLY = tagged('SQLite only');
const PG_ONLY = tagged('PostgreSQL only');
const ENGINE_EXCLUDED = PG ? SQLITE_ONLY : PG_ONLY;

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module). Node, and so Apollo, loads the CJS build; Vite would
    // pick the ESM one for our sources: two copies of graphql break instanceof checks. Pin one.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    // Shared by both projects (`extends: true`), as is resolve.alias above. No `include` here: a project
    // that extends this config would get it merged into (added to) its own.
    pool: 'forks',
    // vitest's default is one worker fewer than the cores: one file at a time on a 2-core machine, which
    // leaves a core idle while a suite waits on its server, PostgreSQL, anvil or a child process.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: { name: 'fast', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...SLOW, ...PG_ONLY, ...ENGINE_EXCLUDED] },
      },
      {
        extends: true,
        // Each partnerctl or server process costs seconds of start-up on a loaded 2-core machine: a test that
        // starts several gets room for them (a limit for a hang, not a measure of speed).
        test: { name: 'slow', include: [...SLOW, ...PG_ONLY].filter((f) => !ENGINE_EXCLUDED.includes(f)), testTimeout: 90_000 },
      },
    ],
  },
});
