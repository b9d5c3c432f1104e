// The webhooks' configuration keys (§11.4, §11.5, §11.9; docs/deployment.md "Configuration").
import { areaConfig, integer, unset, variable } from '../../config/keys.js';

const retryBase = integer('WEBHOOK_RETRY_BASE_MS', { default: 5000, min: 10, max: 3_600_000, docs: 'first retry delay; the k-th retry waits base × 2^(k−1), capped (§11.5 D3)' });

export default areaConfig({
  webhookTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', { default: 10_000, min: 100, max: 30_000, docs: 'per delivery attempt, connect to last byte (§11.9)' }),
  webhookRetryBaseMs: retryBase,
  webhookRetryMaxDelayMs: variable('WEBHOOK_RETRY_MAX_DELAY_MS', {
    // The default is the base's own maximum, so it is never below the base.
    default: '3600000',
    values: 'an integer ≥ `WEBHOOK_RETRY_BASE_MS`',
    docs: 'the cap of the retry delay (§11.5 D3; the contract gives no upper bound)',
    read: (raw, env, ctx) => {
      const base = retryBase.read(env, ctx);
      if (unset(raw)) return 3_600_000;
      const n = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isSafeInteger(n) || n < base) throw new Error(`WEBHOOK_RETRY_MAX_DELAY_MS must be an integer of at least WEBHOOK_RETRY_BASE_MS (${base}), got "${raw}"`);
      return n;
    },
  }),
  webhookMaxAgeSeconds: integer('WEBHOOK_MAX_AGE_SECONDS', { default: 259_200, min: 1, max: 2_592_000, docs: 'a delivery not delivered by then is FAILED (§11.5 D4)' }),
  // Read by the server and by partnerctl (webhook rotate-secret).
  webhookSecretOverlapSeconds: integer('WEBHOOK_SECRET_OVERLAP_SECONDS', {
    default: 86_400,
    min: 0,
    max: 604_800,
    docs: 'the previous secret still signs this long after a rotation (§11.4)',
  }),
  webhookMaxInFlightPerEndpoint: integer('WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT', { default: 4, min: 1, max: 64, docs: 'requests in flight per endpoint (§11.5 D6)' }),
});
