// The collections' configuration keys (§15.5, §15.6, §16.5; docs/deployment.md "Configuration").
import { areaConfig, integer } from '../../config/keys.js';

export default areaConfig({
  collectionWalletMaxTtlDays: integer('COLLECTION_WALLET_MAX_TTL_DAYS', {
    default: 365,
    min: 1,
    max: 3650,
    docs: "the farthest a collection wallet's `expiresAt` may be, in days from now (§15.5)",
  }),
  collectionConfirmationTimeoutSeconds: integer('COLLECTION_CONFIRMATION_TIMEOUT_SECONDS', {
    default: 86_400,
    min: 1,
    max: 2_592_000,
    docs: 'how long a DETECTED collection payment waits for its confirmation before it is DROPPED (§15.6)',
  }),
});
