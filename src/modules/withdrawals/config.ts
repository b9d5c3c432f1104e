// The withdrawals' configuration keys (docs/deployment.md "Configuration"; src/config/keys.ts).
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  quoteTtlSeconds: integer('WITHDRAWAL_QUOTE_TTL_SECONDS', { default: 60, min: 1, max: 3600, docs: 'withdrawal quote lifetime (§10.5)' }),
});
