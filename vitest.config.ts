import { createRequire } from 'node:module';
import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * The slow project: suites that start server or partnerctl processes (test/helpers/processes.ts) or kill
 * them, and the property-based fuzzing. Everything else under test/ is the fast project, which needs no
 * process but vitest's own. `npm test` (vitest run) runs both; `npm run test:fast` / `test:slow` one.
 */
const SLOW = [
  'test/platform/operations/audit.test.ts', // partnerctl audit
  'test/platform/http/browser.test.ts', // headless Chromium
  'test/platform/http/frontend-browser.test.ts', // headless Chromium and the frontend example's backend
  'test/platform/docs/build.test.ts', // npm run build, and the compiled service as a process
  'test/platform/db/crash.test.ts', // a server process under load, SIGKILLed again and again
  'test/platform/db/pg-connection-loss.test.ts', // a server process whose PostgreSQL backends are terminated
  'test/platform/docs/examples.test.ts', // the README's examples, run as processes
  'test/platform/operations/fuzz.test.ts', // fast-check: thousands of requests
  'test/platform/lifecycle/lifecycle-crash.test.ts', // a server process moving money, SIGKILLed again and again
  'test/platform/lifecycle/lifecycle-model.test.ts', // fast-check: random lifecycles against a model
  'test/platform/cli/operators.test.ts', // partnerctl, and servers started as `npm start` is
  'test/platform/cli/operators-lifecycle.test.ts', // partnerctl route, screening and sandbox commands
  'test/platform/cli/operators-webhooks.test.ts', // partnerctl webhook commands
  'test/platform/cli/operators-conversion.test.ts', // partnerctl rate and conversion-pair commands
  'test/platform/cli/operators-customers.test.ts', // partnerctl customer and sandbox verification commands
  'test/platform/cli/operators-frontend.test.ts', // partnerctl client origin commands, customer suspend's revocations
  'test/platform/cli/operators-webhook-fanout.test.ts', // the events partnerctl writes reach webhook endpoints (D1)
  'test/platform/cli/partnerctl-tools.test.ts', // partnerctl help, sign, evidence, demo-secret
  'test/platform/http/rate-limit.test.ts', // partnerctl client limit
  'test/platform/db/secrets-at-rest.test.ts', // partnerctl, and a server started in production mode
  'test/modules/webhooks/webhook-crash.test.ts', // a server process SIGKILLed with webhook attempts in flight
  'test/modules/webhooks/webhook-endpoint-race.test.ts', // server processes: endpoint changes racing a stream of events
  'test/modules/evm/routes.test.ts', // partnerctl route --rail EVM against a devnet
  'test/platform/cli/operators-devnet.test.ts', // partnerctl devnet pay|mine
  'test/modules/evm/devnet-server.test.ts', // `EVM_DEVNET=true npm start`: anvil, restarts, its state
  'test/modules/evm/rail-start.test.ts', // a refused start as `npm start` prints it
  'test/modules/evm/withdrawals-crash.test.ts', // a server SIGKILLed between signing and sending
];

/**
 * `npm run test:pg` (TEST_ENGINE=pg) runs the same suites on PostgreSQL, each server in a schema of its
 * own (test/helpers/pg.ts). Suites about the SQLite engine itself stay SQLite's; the cross-process
 * suites need a PostgreSQL server, so only that run has them.
 */
const PG = process.env.TEST_ENGINE === 'pg';
const SQLITE_ONLY = [
  'test/platform/db/group-commit.test.ts', // the SQLite group commit, on files of its own
  'test/platform/db/checkpointer.test.ts', // SQLite WAL checkpoints
  'test/platform/db/crash.test.ts', // SQLite durability under SIGKILL (PostgreSQL's: cross-process)
  'test/platform/cli/operators.test.ts', // first starts, demo and pragmas of the embedded database
  'test/platform/docs/build.test.ts', // the compiled service on an embedded database (the build is engine-neutral)
];
const PG_ONLY = [
  'test/platform/db/cross-process.test.ts',
  'test/platform/db/pg-round-trips.test.ts',
  'test/platform/db/pg-handover.test.ts',
  'test/platform/db/pg-feed-watermark.test.ts',
  'test/platform/db/pg-connection-loss.test.ts',
  'test/platform/lifecycle/lifecycle-cross-process.test.ts',
  'test/modules/webhooks/webhook-cross-process.test.ts',
  'test/modules/conversion/conversion-cross-process.test.ts',
  'test/modules/files/files-cross-process.test.ts',
  'test/modules/customers/verification-cross-process.test.ts',
  'test/modules/frontend/stream-cross-process.test.ts',
  'test/modules/evm/deposits-cross-process.test.ts',
  'test/modules/evm/withdrawals-cross-process.test.ts',
];
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
