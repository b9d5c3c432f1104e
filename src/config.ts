// Environment, parsed once into a typed Config (contract §1, §3, §5, §8).
import { secretBoxFromEnv, type SecretBox } from './core/secret-box.js';
import { databaseTargetFromUrl, type DatabaseTarget } from './db/engine.js';
import { evmConfigOf, type EvmConfig } from './config/evm.js';
import { booleanOf, integerIn } from './config/values.js';
import { DEFAULT_DATABASE_URL } from './config/database-url.js';

export type Config = {
  port: number;
  host: string;
  /** DATABASE_URL: a SQLite file (default) or a PostgreSQL database. */
  database: DatabaseTarget;
  /** PostgreSQL: connections per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Settled point 11: no transaction of the service stays open longer (PostgreSQL ends it). */
  databaseTransactionTimeoutMs: number;
  production: boolean;
  sandbox: boolean;
  idempotencyTtlHours: number;
  authorizationMaxAgeSeconds: number;
  logLevel: string;
  /** Encrypts client secrets at rest; PARTNER_SECRET_KEY, required in production. */
  secretBox: SecretBox;
  /** WAL checkpoints in a worker thread this often; 0: SQLite's own, in line. */
  checkpointIntervalMs: number;
  /** After a WAL sync, how long the next batch waits for more jobs while they arrive faster than this (src/db/group-commit.ts); 0: never. */
  groupCommitGatherMs: number;
  /** Answers kept in memory for byte-identical idempotent retries (src/http/replay-cache.ts); 0: none. */
  replayCacheEntries: number;
  /** How long a client's credentials are kept in memory (src/http/credentials.ts); 0: read on every request. */
  credentialCacheMs: number;
  /** §10.5: quote lifetime (WITHDRAWAL_QUOTE_TTL_SECONDS). */
  quoteTtlSeconds: number;
  /** §10.7: least time a record stays in each processing state (SANDBOX_STEP_DELAY_MS). */
  sandboxStepDelayMs: number;
  /** §13.2, §16.5: conversion quote lifetime (CONVERSION_QUOTE_TTL_SECONDS). */
  conversionQuoteTtlSeconds: number;
  /** §13.1, §16.5: a rate older than this is stale, 409 RATE_UNAVAILABLE (CONVERSION_RATE_MAX_AGE_SECONDS). */
  conversionRateMaxAgeSeconds: number;
  /** §10.7: how often the worker looks for due steps (WORKER_POLL_INTERVAL_MS). */
  workerPollIntervalMs: number;
  /** §11.9 webhooks: per attempt, connect to last byte (WEBHOOK_TIMEOUT_MS). */
  webhookTimeoutMs: number;
  /** §11.5 D3: first retry delay (WEBHOOK_RETRY_BASE_MS). */
  webhookRetryBaseMs: number;
  /** §11.5 D3: cap of the retry delay, at least the base (WEBHOOK_RETRY_MAX_DELAY_MS). */
  webhookRetryMaxDelayMs: number;
  /** §11.5 D4: a delivery not SUCCEEDED this long after its event becomes FAILED (WEBHOOK_MAX_AGE_SECONDS). */
  webhookMaxAgeSeconds: number;
  /** §11.4: how long the previous secret still signs after a rotation (WEBHOOK_SECRET_OVERLAP_SECONDS). */
  webhookSecretOverlapSeconds: number;
  /** §11.5 D6: requests in flight per endpoint (WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT). */
  webhookMaxInFlightPerEndpoint: number;
  /** §12.2: the most bytes an uploaded file may have (FILE_MAX_BYTES); the file PUT's body limit. */
  fileMaxBytes: number;
  /**
   * How long a request's body may take to arrive, from its head (BODY_TIMEOUT_MS); past it, 408
   * REQUEST_TIMEOUT and the bytes dropped. The file upload gets one more second per
   * UPLOAD_MIN_BYTES_PER_SECOND of its size (src/http/server.ts).
   */
  bodyTimeoutMs: number;
  /** The slowest upload rate waited for: the upload's time is BODY_TIMEOUT_MS + size / this (UPLOAD_MIN_BYTES_PER_SECOND). */
  uploadMinBytesPerSecond: number;
  /** File uploads a partner client may have in flight in one process (UPLOAD_CONCURRENCY_PER_CLIENT); one more is 429. */
  uploadConcurrencyPerClient: number;
  /** §12.2: how long a file stays PENDING_UPLOAD (FILE_UPLOAD_WINDOW_SECONDS). */
  fileUploadWindowSeconds: number;
  /** §12.3: the oldest acceptable check `completedAt`, in days (VERIFICATION_CHECK_MAX_AGE_DAYS). */
  verificationCheckMaxAgeDays: number;
  /** §16.9 (amended 2026-12-07): days a replaced verification submission is kept (VERIFICATION_EVIDENCE_RETENTION_DAYS). */
  verificationEvidenceRetentionDays: number;
  /** §15.5, §16.5: the farthest a collection wallet's expiresAt may be, in days (COLLECTION_WALLET_MAX_TTL_DAYS). */
  collectionWalletMaxTtlDays: number;
  /** §15.6, §16.5: a DETECTED collection payment is DROPPED this long after detection (COLLECTION_CONFIRMATION_TIMEOUT_SECONDS). */
  collectionConfirmationTimeoutSeconds: number;
  /** §12.4 R3: crypto operations need a VERIFIED customer too (CRYPTO_REQUIRES_VERIFIED_CUSTOMER). */
  cryptoRequiresVerifiedCustomer: boolean;
  /** §17.5 frontend sessions: TTL default and maximum, active sessions per customer, requests per second per session, open streams per session. */
  frontend: {
    defaultTtlSeconds: number;
    maxTtlSeconds: number;
    maxActive: number;
    ratePerSecond: number;
    streamsPerSession: number;
    /** §17.4 the live stream (src/modules/frontend/stream.ts): how often each process reads the feed's head (FRONTEND_STREAM_POLL_MS). */
    streamPollMs: number;
    /** How often open streams get a keep-alive comment (FRONTEND_STREAM_KEEPALIVE_MS; §17.4: at most 15 s). */
    streamKeepAliveMs: number;
    /** How often the sessions of open streams are checked for expiry and revocation (FRONTEND_STREAM_SESSION_CHECK_MS; §17.4: within 1 s). */
    streamSessionCheckMs: number;
  };
  /** §18.3 the EVM rail (rpcUrls empty: off). */
  evm: EvmConfig;
  /**
   * Lifecycle settled point 12: in production, `/metrics` answers only `Authorization: Bearer <METRICS_TOKEN>`
   * (at least 32 characters); without it, 404. Outside production the page is open and this is unused.
   */
  metricsToken: string | undefined;
  /** Token bucket per partner client, after authentication. */
  rateLimit: { rps: number; burst: number };
  /** Token bucket per source address for requests that fail authentication. */
  anonymousRateLimit: { rps: number; burst: number };
};

export { DEFAULT_DATABASE_URL };

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
}

/** §11.9 WEBHOOK_RETRY_MAX_DELAY_MS: an integer no smaller than the base delay (the contract gives no upper bound). */
function retryMaxDelay(raw: string | undefined, base: number): number {
  const name = 'WEBHOOK_RETRY_MAX_DELAY_MS';
  // The default is the base's own maximum, so it is never below the base.
  if (raw === undefined || raw === '') return 3_600_000;
  const n = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < base) throw new Error(`${name} must be an integer of at least WEBHOOK_RETRY_BASE_MS (${base}), got "${raw}"`);
  return n;
}

/** §11.4 / §11.9: read by the server and by partnerctl (webhook rotate-secret). */
export function webhookSecretOverlapSecondsOf(env: NodeJS.ProcessEnv): number {
  return integerIn('WEBHOOK_SECRET_OVERLAP_SECONDS', env.WEBHOOK_SECRET_OVERLAP_SECONDS, 86_400, 0, 604_800);
}

/** The least length of METRICS_TOKEN: a secret a scraper holds, not a word to guess. */
export const METRICS_TOKEN_MIN_LENGTH = 32;

/** METRICS_TOKEN: absent or empty is none; a shorter one stops the start, naming the variable, never its value. */
function metricsTokenOf(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < METRICS_TOKEN_MIN_LENGTH || !/^[\x21-\x7e]+$/.test(raw))
    throw new Error(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (it is ${raw.length} characters long)`);
  return raw;
}

/** §17.5: the default TTL lies in 60–max, so the maximum is read first. */
function frontendOf(env: NodeJS.ProcessEnv): Config['frontend'] {
  const maxTtlSeconds = integerIn('FRONTEND_SESSION_MAX_TTL_SECONDS', env.FRONTEND_SESSION_MAX_TTL_SECONDS, 3600, 60, 86_400);
  return {
    maxTtlSeconds,
    defaultTtlSeconds: integerIn('FRONTEND_SESSION_DEFAULT_TTL_SECONDS', env.FRONTEND_SESSION_DEFAULT_TTL_SECONDS, Math.min(900, maxTtlSeconds), 60, maxTtlSeconds),
    maxActive: integerIn('FRONTEND_SESSION_MAX_ACTIVE', env.FRONTEND_SESSION_MAX_ACTIVE, 100, 1, 10_000),
    ratePerSecond: integerIn('FRONTEND_SESSION_RATE_PER_SECOND', env.FRONTEND_SESSION_RATE_PER_SECOND, 10, 1, 1000),
    streamsPerSession: integerIn('FRONTEND_STREAMS_PER_SESSION', env.FRONTEND_STREAMS_PER_SESSION, 3, 1, 20),
    // §17.4's bounds: an event within 1 s of its commit, a keep-alive at least every 15 s (12 s leaves the
    // timer's lateness a margin), a revocation within 1 s.
    streamPollMs: integerIn('FRONTEND_STREAM_POLL_MS', env.FRONTEND_STREAM_POLL_MS, 250, 10, 900),
    streamKeepAliveMs: integerIn('FRONTEND_STREAM_KEEPALIVE_MS', env.FRONTEND_STREAM_KEEPALIVE_MS, 12_000, 10, 15_000),
    streamSessionCheckMs: integerIn('FRONTEND_STREAM_SESSION_CHECK_MS', env.FRONTEND_STREAM_SESSION_CHECK_MS, 1000, 10, 1000),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const webhookRetryBaseMs = integerIn('WEBHOOK_RETRY_BASE_MS', env.WEBHOOK_RETRY_BASE_MS, 5000, 10, 3_600_000);
  const port = env.PORT === undefined || env.PORT === '' ? 4000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const database = databaseTargetFromUrl(env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const sandbox = env.PARTNER_SANDBOX === undefined || env.PARTNER_SANDBOX === '' ? !production : env.PARTNER_SANDBOX === 'true';
  return {
    port,
    host: env.HOST || '127.0.0.1',
    database,
    databasePoolSize: Math.floor(positiveNumber('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 4)),
    databaseTransactionTimeoutMs: integerIn('DATABASE_TRANSACTION_TIMEOUT_MS', env.DATABASE_TRANSACTION_TIMEOUT_MS, 30_000, 1000, 600_000),
    production,
    sandbox,
    idempotencyTtlHours: positiveNumber('IDEMPOTENCY_TTL_HOURS', env.IDEMPOTENCY_TTL_HOURS, 24),
    authorizationMaxAgeSeconds: positiveNumber('AUTHORIZATION_MAX_AGE_SECONDS', env.AUTHORIZATION_MAX_AGE_SECONDS, 900),
    logLevel: env.LOG_LEVEL || 'info',
    secretBox: secretBoxFromEnv(env, production),
    checkpointIntervalMs: env.CHECKPOINT_INTERVAL_MS === '0' ? 0 : positiveNumber('CHECKPOINT_INTERVAL_MS', env.CHECKPOINT_INTERVAL_MS, 25),
    groupCommitGatherMs: env.GROUP_COMMIT_GATHER_MS === '0' ? 0 : positiveNumber('GROUP_COMMIT_GATHER_MS', env.GROUP_COMMIT_GATHER_MS, 1),
    replayCacheEntries: env.REPLAY_CACHE_ENTRIES === '0' ? 0 : Math.floor(positiveNumber('REPLAY_CACHE_ENTRIES', env.REPLAY_CACHE_ENTRIES, 10_000)),
    credentialCacheMs: env.CREDENTIAL_CACHE_MS === '0' ? 0 : positiveNumber('CREDENTIAL_CACHE_MS', env.CREDENTIAL_CACHE_MS, 1000),
    quoteTtlSeconds: integerIn('WITHDRAWAL_QUOTE_TTL_SECONDS', env.WITHDRAWAL_QUOTE_TTL_SECONDS, 60, 1, 3600),
    sandboxStepDelayMs: integerIn('SANDBOX_STEP_DELAY_MS', env.SANDBOX_STEP_DELAY_MS, 1000, 0, 600_000),
    conversionQuoteTtlSeconds: integerIn('CONVERSION_QUOTE_TTL_SECONDS', env.CONVERSION_QUOTE_TTL_SECONDS, 30, 1, 600),
    conversionRateMaxAgeSeconds: integerIn('CONVERSION_RATE_MAX_AGE_SECONDS', env.CONVERSION_RATE_MAX_AGE_SECONDS, 86_400, 1, 2_592_000),
    workerPollIntervalMs: integerIn('WORKER_POLL_INTERVAL_MS', env.WORKER_POLL_INTERVAL_MS, 100, 10, 10_000),
    webhookTimeoutMs: integerIn('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 10_000, 100, 30_000),
    webhookRetryBaseMs,
    webhookRetryMaxDelayMs: retryMaxDelay(env.WEBHOOK_RETRY_MAX_DELAY_MS, webhookRetryBaseMs),
    webhookMaxAgeSeconds: integerIn('WEBHOOK_MAX_AGE_SECONDS', env.WEBHOOK_MAX_AGE_SECONDS, 259_200, 1, 2_592_000),
    webhookSecretOverlapSeconds: webhookSecretOverlapSecondsOf(env),
    webhookMaxInFlightPerEndpoint: integerIn('WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', env.WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT, 4, 1, 64),
    fileMaxBytes: integerIn('FILE_MAX_BYTES', env.FILE_MAX_BYTES, 10_485_760, 1024, 52_428_800),
    bodyTimeoutMs: integerIn('BODY_TIMEOUT_MS', env.BODY_TIMEOUT_MS, 30_000, 50, 600_000),
    uploadMinBytesPerSecond: integerIn('UPLOAD_MIN_BYTES_PER_SECOND', env.UPLOAD_MIN_BYTES_PER_SECOND, 65_536, 1024, 1_073_741_824),
    uploadConcurrencyPerClient: integerIn('UPLOAD_CONCURRENCY_PER_CLIENT', env.UPLOAD_CONCURRENCY_PER_CLIENT, 16, 1, 1000),
    fileUploadWindowSeconds: integerIn('FILE_UPLOAD_WINDOW_SECONDS', env.FILE_UPLOAD_WINDOW_SECONDS, 3600, 1, 86_400),
    verificationCheckMaxAgeDays: integerIn('VERIFICATION_CHECK_MAX_AGE_DAYS', env.VERIFICATION_CHECK_MAX_AGE_DAYS, 90, 1, 730),
    verificationEvidenceRetentionDays: integerIn('VERIFICATION_EVIDENCE_RETENTION_DAYS', env.VERIFICATION_EVIDENCE_RETENTION_DAYS, 1825, 365, 3650),
    collectionWalletMaxTtlDays: integerIn('COLLECTION_WALLET_MAX_TTL_DAYS', env.COLLECTION_WALLET_MAX_TTL_DAYS, 365, 1, 3650),
    collectionConfirmationTimeoutSeconds: integerIn('COLLECTION_CONFIRMATION_TIMEOUT_SECONDS', env.COLLECTION_CONFIRMATION_TIMEOUT_SECONDS, 86400, 1, 2592000),
    cryptoRequiresVerifiedCustomer: booleanOf('CRYPTO_REQUIRES_VERIFIED_CUSTOMER', env.CRYPTO_REQUIRES_VERIFIED_CUSTOMER, false),
    frontend: frontendOf(env),
    metricsToken: metricsTokenOf(env.METRICS_TOKEN),
    evm: evmConfigOf(env, { production, sandbox, sqliteFile: database.kind === 'sqlite' ? database.file : null }),
    rateLimit: {
      rps: positiveNumber('RATE_LIMIT_RPS', env.RATE_LIMIT_RPS, 200),
      burst: positiveNumber('RATE_LIMIT_BURST', env.RATE_LIMIT_BURST, 1000),
    },
    anonymousRateLimit: {
      rps: positiveNumber('ANONYMOUS_RATE_LIMIT_RPS', env.ANONYMOUS_RATE_LIMIT_RPS, 30),
      burst: positiveNumber('ANONYMOUS_RATE_LIMIT_BURST', env.ANONYMOUS_RATE_LIMIT_BURST, 300),
    },
  };
}
