// The conversions' configuration keys (docs/deployment.md "Configuration"; src/config/keys.ts).
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  conversionQuoteTtlSeconds: integer('CONVERSION_QUOTE_TTL_SECONDS', { default: 30, min: 1, max: 600, docs: 'conversion quote lifetime (§13.2, §16.5)' }),
  conversionRateMaxAgeSeconds: integer('CONVERSION_RATE_MAX_AGE_SECONDS', {
    default: 86_400,
    min: 1,
    max: 2_592_000,
    docs: 'a rate older than this is stale: quotes answer 409 `RATE_UNAVAILABLE` (§13.1, §16.5)',
  }),
});
