// The customers' configuration keys: verification (§12.3, §12.4, §16.9; docs/deployment.md "Configuration").
import { areaConfig, flag, integer } from '../../config/keys.js';

export default areaConfig({
  verificationCheckMaxAgeDays: integer('VERIFICATION_CHECK_MAX_AGE_DAYS', { default: 90, min: 1, max: 730, docs: 'oldest accepted `completedAt` of a KYC/KYB check, in days (§12.3)' }),
  verificationEvidenceRetentionDays: integer('VERIFICATION_EVIDENCE_RETENTION_DAYS', {
    default: 1825,
    min: 365,
    max: 3650,
    docs: "a verification submission is purged this many days after the customer's next decision replaced it, never earlier (§16.9)",
  }),
  cryptoRequiresVerifiedCustomer: flag('CRYPTO_REQUIRES_VERIFIED_CUSTOMER', {
    default: false,
    docs: '`true`: crypto operations (beneficiaries, withdrawals, refunds) also need a VERIFIED customer (§12.4 R3)',
  }),
});
