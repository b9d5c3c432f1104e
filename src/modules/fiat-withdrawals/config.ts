// The fiat withdrawals' configuration keys (docs/deployment.md "Configuration"; src/config/keys.ts).
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  fiatWithdrawalQuoteTtlSeconds: integer('FIAT_WITHDRAWAL_QUOTE_TTL_SECONDS', { default: 60, min: 1, max: 3600, docs: 'fiat withdrawal quote lifetime (§14.6, §16.5)' }),
  fiatReturnWindowDays: integer('FIAT_RETURN_WINDOW_DAYS', {
    default: 30,
    min: 1,
    max: 365,
    docs: 'how long after COMPLETED `partnerctl sandbox fiat-return` may still return a fiat withdrawal (§14.7, §16.5)',
  }),
});
