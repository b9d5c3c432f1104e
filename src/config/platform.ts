// The platform's configuration keys (§1, §2, §3, §8): the server, the database, authentication, limits and
// durability — what belongs to no area. The areas' keys are in src/modules/<area>/config.ts.
import { secretBoxFromEnv } from '../core/secret-box.js';
import { databaseTargetFromUrl } from '../db/engine.js';
import { DEFAULT_DATABASE_URL } from './database-url.js';
import { group, integer, positive, text, unset, variable, type Env, type ReadContext } from './keys.js';

/** The least length of METRICS_TOKEN: a secret a scraper holds, not a word to guess. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

const production = variable('NODE_ENV', {
  default: '',
  values: '`production`, or anything else',
  docs: '`production`: no landing page, introspection, dev proxy or demo; schema details hidden',
  read: (raw) => raw === 'production',
});

const sandbox = variable('PARTNER_SANDBOX', {
  default: '`true` unless production',
  values: '`true`, anything else is false',
  docs: 'enables the sandbox: `simulateCryptoDeposit`, `simulateCollectionPayment` and `simulateFiatDeposit` (else 403 `SANDBOX_ONLY`), the sandbox transfer rail, and the worker’s sandbox review, deposit and payout steps (§14.3, R21)',
  read: (raw, env, ctx) => (unset(raw) ? !production.read(env, ctx) : raw === 'true'),
});

const database = variable('DATABASE_URL', {
  default: DEFAULT_DATABASE_URL,
  values: '`file:…` or `postgres://…`',
  docs: 'SQLite file (folder created), or `postgres://…`',
  read: (raw) => databaseTargetFromUrl(raw || DEFAULT_DATABASE_URL),
});

/** What every area's keys are read with: production, sandbox, the SQLite file; `signer` false for partnerctl. */
export function readContextOf(env: Env, o: { signer: boolean } = { signer: true }): ReadContext {
  const none: ReadContext = { production: false, sandbox: false, sqliteFile: null, signer: o.signer };
  const target = database.read(env, none);
  return { production: production.read(env, none), sandbox: sandbox.read(env, none), sqliteFile: target.kind === 'sqlite' ? target.file : null, signer: o.signer };
}

export const platformConfig = group({
  port: variable('PORT', {
    default: '4000',
    values: '0–65535',
    docs: 'listen port (`0`: any free port)',
    read: (raw) => {
      const port = unset(raw) ? 4000 : Number(raw);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${raw}"`);
      return port;
    },
  }),
  host: text('HOST', { default: '127.0.0.1', docs: 'listen address' }),
  database,
  databaseTransactionTimeoutMs: integer('DATABASE_TRANSACTION_TIMEOUT_MS', {
    default: 30_000,
    min: 1000,
    max: 600_000,
    docs:
      'the longest any transaction of the service stays open (lifecycle settled point 11): on PostgreSQL every connection sets `idle_in_transaction_session_timeout` and `statement_timeout` to it, so a transaction frozen mid-way (a paused host, a lost network) is ended by the database instead of holding its locks, and every writer queued behind them, for ever; the request it served answers 503 `SERVICE_UNAVAILABLE`. SQLite\'s writer never leaves a transaction idle',
  }),
  databasePoolSize: positive('DATABASE_POOL_SIZE', {
    default: 4,
    whole: true,
    docs:
      "PostgreSQL connections per process. Few busy connections beat many idle ones: a transaction's connection passes to the next waiting one as its COMMIT leaves, so under load each connection carries one job's commit and the next one's first statements in one wake-up of its backend. Size the sum over all processes to a few per database core (docs/performance.md)",
  }),
  production,
  sandbox,
  workerPollIntervalMs: integer('WORKER_POLL_INTERVAL_MS', { default: 100, min: 10, max: 10_000, docs: 'how often the worker looks for due steps and deliveries (§10.7)' }),
  bodyTimeoutMs: integer('BODY_TIMEOUT_MS', {
    default: 30_000,
    min: 50,
    max: 600_000,
    docs: 'how long a request\'s body may take to arrive, from its headers; past it 408 `REQUEST_TIMEOUT` and the bytes dropped (the file upload gets more: `UPLOAD_MIN_BYTES_PER_SECOND`)',
  }),
  idempotencyTtlHours: positive('IDEMPOTENCY_TTL_HOURS', { default: 24, docs: 'how long stored results are replayed (§3)' }),
  authorizationMaxAgeSeconds: positive('AUTHORIZATION_MAX_AGE_SECONDS', { default: 900, docs: 'oldest accepted `authorizedAt` (§5)' }),
  metricsToken: variable('METRICS_TOKEN', {
    default: '',
    values: `at least ${METRICS_TOKEN_MIN_LENGTH} printable characters`,
    docs: 'production: the secret Prometheus sends as `Authorization: Bearer <token>` to read `/metrics` (a shorter one stops the start); unset: `/metrics` is 404. Outside production `/metrics` is open',
    // Absent or empty is none; a shorter one stops the start, naming the variable, never its value.
    read: (raw): string | undefined => {
      if (unset(raw)) return undefined;
      if (raw.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(raw))
        throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (it is ${raw.length} characters long)`);
      return raw;
    },
  }),
  logLevel: text('LOG_LEVEL', { default: 'info', docs: 'pino level; one JSON line per request with its request id, never secrets or signatures' }),
  secretBox: variable('PARTNER_SECRET_KEY', {
    default: 'development key',
    values: '64 hex characters',
    docs: '32-byte key encrypting client secrets, uploaded files and verification evidence at rest; required in production',
    read: (_raw, env, ctx) => secretBoxFromEnv(env, ctx.production),
  }),
  rateLimit: {
    rps: positive('RATE_LIMIT_RPS', { default: 200, docs: 'token bucket per partner client: requests per second' }),
    burst: positive('RATE_LIMIT_BURST', { default: 1000, docs: 'token bucket per partner client: its size' }),
  },
  anonymousRateLimit: {
    rps: positive('ANONYMOUS_RATE_LIMIT_RPS', { default: 30, docs: 'failed authentications per source address: per second' }),
    burst: positive('ANONYMOUS_RATE_LIMIT_BURST', { default: 300, docs: 'failed authentications per source address: the bucket\'s size' }),
  },
  checkpointIntervalMs: positive('CHECKPOINT_INTERVAL_MS', {
    default: 25,
    off: true,
    docs: 'PASSIVE WAL checkpoints in a worker thread this often; `0`: SQLite\'s own, in line',
  }),
  groupCommitGatherMs: positive('GROUP_COMMIT_GATHER_MS', {
    default: 1,
    off: true,
    docs: 'under load, how long after a WAL sync the next batch waits for more jobs (only while they arrive more often than this; up to 16 jobs); `0`: commit at once',
  }),
  replayCacheEntries: positive('REPLAY_CACHE_ENTRIES', {
    default: 10_000,
    off: true,
    whole: true,
    docs: 'answers kept in memory for byte-identical idempotent retries; `0`: none',
  }),
  credentialCacheMs: positive('CREDENTIAL_CACHE_MS', {
    default: 1000,
    off: true,
    docs: "how long a client's secrets and rate limit are kept in memory; `0`: read on every request",
  }),
});
