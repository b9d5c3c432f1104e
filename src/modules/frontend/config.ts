// The frontend sessions' configuration keys (§17.2, §17.4, §17.5; docs/deployment.md "Configuration").
import { areaConfig, integer, variable } from '../../config/keys.js';
import { integerIn } from '../../config/values.js';

const maxTtlSeconds = integer('FRONTEND_SESSION_MAX_TTL_SECONDS', { default: 3600, min: 60, max: 86_400, docs: 'the longest `ttlSeconds` accepted (§17.5)' });

export default areaConfig({
  frontend: {
    // §17.5: the default TTL lies in 60–max, so it reads the maximum.
    defaultTtlSeconds: variable('FRONTEND_SESSION_DEFAULT_TTL_SECONDS', {
      default: '`900` (at most the maximum)',
      values: '60–`FRONTEND_SESSION_MAX_TTL_SECONDS`',
      docs: "a frontend session's lifetime when `createFrontendSession` gives no `ttlSeconds` (§17.5)",
      read: (raw, env, ctx) => {
        const max = maxTtlSeconds.read(env, ctx);
        return integerIn('FRONTEND_SESSION_DEFAULT_TTL_SECONDS', raw, Math.min(900, max), 60, max);
      },
    }),
    maxTtlSeconds,
    maxActive: integer('FRONTEND_SESSION_MAX_ACTIVE', {
      default: 100,
      min: 1,
      max: 10_000,
      docs: 'unexpired, unrevoked frontend sessions per customer; one more is 409 `FRONTEND_SESSION_LIMIT_REACHED` (§17.5)',
    }),
    ratePerSecond: integer('FRONTEND_SESSION_RATE_PER_SECOND', { default: 10, min: 1, max: 1000, docs: 'requests per second per frontend session, burst 20 (§17.2)' }),
    streamsPerSession: integer('FRONTEND_STREAMS_PER_SESSION', { default: 3, min: 1, max: 20, docs: 'open event streams per frontend session (§17.4)' }),
    // §17.4's bounds: an event within 1 s of its commit, a keep-alive at least every 15 s (12 s leaves the
    // timer's lateness a margin), a revocation within 1 s.
    streamPollMs: integer('FRONTEND_STREAM_POLL_MS', {
      default: 250,
      min: 10,
      max: 900,
      docs: "while a live stream (§17.4) is open, how often each process reads the feed's head for new events",
    }),
    streamKeepAliveMs: integer('FRONTEND_STREAM_KEEPALIVE_MS', { default: 12_000, min: 10, max: 15_000, docs: 'how often open live streams get a `: keep-alive` comment (§17.4: at most 15 s)' }),
    streamSessionCheckMs: integer('FRONTEND_STREAM_SESSION_CHECK_MS', {
      default: 1000,
      min: 10,
      max: 1000,
      docs: 'how often the sessions of open live streams are checked for expiry and revocation (§17.4: within 1 s)',
    }),
  },
});
