// Tables of the PostgreSQL engine: the same tables, columns, constraints and indexes as src/db/schema.ts
// (SQLite), in PostgreSQL's types (boolean, bigint milliseconds, serial ids); test/schema-parity.test.ts
// proves they agree. The code is typed with the SQLite definitions' row types, which these produce too.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SupportFile } from './schema.js';

/** JSON in a TEXT column, as on SQLite (SQL NULL for null, also through a prepared statement's placeholder). */
const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string | null }>({
    dataType: () => 'text',
    toDriver: (value) => (value === null || value === undefined ? null : JSON.stringify(value)),
    fromDriver: (value) => (value === null ? (null as T) : (JSON.parse(value) as T)),
  })(name);

export const partnerClients = pgTable('partner_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
  // Per-client token bucket override; null: the configured defaults.
  rateLimitRps: integer('rate_limit_rps'),
  rateLimitBurst: integer('rate_limit_burst'),
});

// §2: a client holds at most two active secrets (rotation); retiredAt marks the dropped ones.
export const clientSecrets = pgTable(
  'client_secrets',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    // AES-256-GCM ciphertext (src/core/secret-box.ts), never the secret itself.
    secret: text('secret').notNull(),
    createdAt: text('created_at').notNull(),
    retiredAt: text('retired_at'),
  },
  (t) => [index('client_secrets_client_idx').on(t.clientId)],
);

// §2: nonces are single use per client for 15 minutes.
export const nonces = pgTable(
  'nonces',
  {
    clientId: text('client_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAtMs: bigint('seen_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.nonce] }), index('nonces_seen_idx').on(t.seenAtMs)],
);

// §4.2: one route code may be mapped to several partners; each mapping has its own bounds and fee.
export const routes = pgTable(
  'routes',
  {
    routeCode: text('route_code').notNull(),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    blockchain: text('blockchain').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    minAmountMinor: text('min_amount_minor'),
    maxAmountMinor: text('max_amount_minor'),
    feeAmountMinor: text('fee_amount_minor').notNull().default('0'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.routeCode, t.clientId] })],
);

export const screeningDenylist = pgTable(
  'screening_denylist',
  {
    blockchain: text('blockchain').notNull(),
    addressKey: text('address_key').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockchain, t.addressKey] })],
);

export const customers = pgTable(
  'customers',
  {
    customerId: text('customer_id').primaryKey(),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    externalRef: text('external_ref').notNull(),
    type: text('type').notNull(),
    displayName: text('display_name'),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('customers_client_external_ref_uq').on(t.clientId, t.externalRef)],
);

export const walletBeneficiaries = pgTable(
  'wallet_beneficiaries',
  {
    walletBeneficiaryId: text('wallet_beneficiary_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    label: text('label').notNull(),
    description: text('description'),
    blockchain: text('blockchain').notNull(),
    walletAddress: text('wallet_address').notNull(),
    // Normalized form for duplicate checks (ETH compared case-insensitively, §4.3).
    addressKey: text('address_key').notNull(),
    isOwner: boolean('is_owner').notNull(),
    walletType: text('wallet_type').notNull(),
    ownerType: text('owner_type').notNull(),
    platformName: text('platform_name'),
    platformUserId: text('platform_user_id'),
    ownerInfo: jsonText<Record<string, string>>('owner_info'),
    purposeOfPayment: integer('purpose_of_payment'),
    relationshipWithThirdParty: integer('relationship_with_third_party'),
    supportFiles: jsonText<SupportFile[]>('support_files'),
    screeningStatus: text('screening_status').notNull(),
    beneficiaryStatus: text('beneficiary_status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    lastSyncedAt: text('last_synced_at').notNull(),
    removedAt: text('removed_at'),
  },
  (t) => [
    index('wallet_beneficiaries_customer_idx').on(t.customerId),
    // §4.3: at most one ACTIVE beneficiary per (customer, chain, address); the domain checks first
    // for a clean 409, the index makes it true even under a race.
    uniqueIndex('wallet_beneficiaries_active_address_uq')
      .on(t.customerId, t.blockchain, t.addressKey)
      .where(sql`beneficiary_status = 'ACTIVE'`),
  ],
);

export const cryptoWithdrawals = pgTable(
  'crypto_withdrawals',
  {
    withdrawalId: text('withdrawal_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    walletBeneficiaryId: text('wallet_beneficiary_id')
      .notNull()
      .references(() => walletBeneficiaries.walletBeneficiaryId),
    walletBeneficiaryLabel: text('wallet_beneficiary_label').notNull(),
    routeCode: text('route_code').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    feeAmountMinor: text('fee_amount_minor').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    clientReference: text('client_reference'),
    withdrawalType: integer('withdrawal_type').notNull(),
    externalFeeFields: jsonText<Record<string, string>>('external_fee_fields'),
    purposeOfPayment: integer('purpose_of_payment'),
    otherPurpose: text('other_purpose'),
    relationshipWithThirdParty: integer('relationship_with_third_party'),
    otherRelationship: text('other_relationship'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    kytResult: text('kyt_result').notNull(),
    txHash: text('tx_hash'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('crypto_withdrawals_customer_client_ref_uq').on(t.customerId, t.clientReference)],
);

export const cryptoDeposits = pgTable(
  'crypto_deposits',
  {
    depositId: text('deposit_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    blockchain: text('blockchain').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    fromAddress: text('from_address').notNull(),
    txHash: text('tx_hash'),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
  },
);

export const cryptoRefunds = pgTable(
  'crypto_refunds',
  {
    refundId: text('refund_id').primaryKey(),
    depositId: text('deposit_id').notNull().references(() => cryptoDeposits.depositId),
    customerId: text('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    refundAddress: text('refund_address').notNull(),
    reason: text('reason'),
    status: text('status').notNull(),
    statusInfo: text('status_info').notNull(),
    txHash: text('tx_hash'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    confirmedAt: text('confirmed_at'),
  },
  (t) => [index('crypto_refunds_deposit_idx').on(t.depositId)],
);

// §5: one piece of evidence authorizes one operation; stored with (pointing at) the record it authorized.
export const authorizationEvidence = pgTable(
  'authorization_evidence',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    operationType: text('operation_type').notNull(),
    operationHash: text('operation_hash').notNull(),
    authorizedAt: text('authorized_at').notNull(),
    authorizedByPartnerUserRef: text('authorized_by_partner_user_ref').notNull(),
    authorizationMethod: text('authorization_method').notNull(),
    mfaEvidenceRef: text('mfa_evidence_ref').notNull(),
    authorizedByPartnerPolicyRef: text('authorized_by_partner_policy_ref'),
    sourceSystem: text('source_system'),
    sourceActionRef: text('source_action_ref'),
    rawEvidence: jsonText<Record<string, string>>('raw_evidence'),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('authorization_evidence_use_uq').on(t.clientId, t.operationType, t.operationHash, t.authorizedAt),
    index('authorization_evidence_target_idx').on(t.targetId),
  ],
);

// §3: one stored result per (client, key); the snapshot is the resource as first answered.
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    clientId: text('client_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    fingerprint: text('fingerprint').notNull(),
    resourceId: text('resource_id').notNull(),
    responseJson: text('response_json').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAtMs: bigint('expires_at_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.idempotencyKey] }), index('idempotency_expires_idx').on(t.expiresAtMs)],
);

// Append-only record of every authenticated mutation attempt (§8 audit trail). Never secrets or signatures.
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: text('at').notNull(),
    requestId: text('request_id').notNull(),
    clientId: text('client_id').notNull(),
    operation: text('operation').notNull(),
    targetId: text('target_id'),
    idempotencyKey: text('idempotency_key'),
    status: integer('status').notNull(),
    problemCode: text('problem_code'),
    resultId: text('result_id'),
    replayed: boolean('replayed').notNull().default(false),
    evidenceUserRef: text('evidence_user_ref'),
    evidencePolicyRef: text('evidence_policy_ref'),
    evidenceMfaRef: text('evidence_mfa_ref'),
  },
  (t) => [index('audit_events_client_at_idx').on(t.clientId, t.at)],
);

// Token buckets shared by every server process (rate limits across processes).
export const rateBuckets = pgTable('rate_buckets', {
  bucketKey: text('bucket_key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  atMs: bigint('at_ms', { mode: 'number' }).notNull(),
  granted: boolean('granted').notNull(),
});

