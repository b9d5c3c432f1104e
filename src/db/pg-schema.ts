// Tables of the PostgreSQL engine: the same tables, columns, constraints and indexes as src/db/schema.ts
// (SQLite), in PostgreSQL's types (boolean, bigint milliseconds, serial ids); test/platform/db/schema-parity.test.ts
// proves they agree. The code is typed with the SQLite definitions' row types, which these produce too.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, doublePrecision, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    // §10.2: deposits at or above it wait for Travel Rule information; null: never.
    travelRuleThresholdMinor: text('travel_rule_threshold_minor'),
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
    // §10.5: the quote this draft consumed.
    quoteId: text('quote_id'),
    submittedAt: text('submitted_at'),
    completedAt: text('completed_at'),
    // §10.7: when the worker may take the next step (null outside a processing state), and the sandbox
    // failure captured at submission (BROADCASTING or CONFIRMING).
    dueAt: text('due_at'),
    failAt: text('fail_at'),
  },
  (t) => [
    uniqueIndex('crypto_withdrawals_customer_client_ref_uq').on(t.customerId, t.clientReference),
    // §9.3 lists: newest first per customer.
    index('crypto_withdrawals_customer_created_idx').on(t.customerId, t.createdAt, t.withdrawalId),
    index('crypto_withdrawals_due_idx').on(t.dueAt),
  ],
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
    // §10.3 / §10.4 (null only on rows written before the upgrade of §10.11 ran).
    toAddress: text('to_address'),
    statusInfo: text('status_info'),
    travelRuleRequired: boolean('travel_rule_required').notNull().default(false),
    travelRuleSubmittedAt: text('travel_rule_submitted_at'),
    // §10.4: the originator, encrypted (src/core/secret-box.ts); never shown.
    travelRuleOriginator: text('travel_rule_originator'),
    creditedAt: text('credited_at'),
    updatedAt: text('updated_at'),
  },
  (t) => [
    index('crypto_deposits_customer_created_idx').on(t.customerId, t.createdAt, t.depositId),
    // §10.4 check 7: one deposit per (chain, transaction, receiving wallet).
    uniqueIndex('crypto_deposits_tx_uq').on(t.blockchain, t.txHash, t.toAddress),
  ],
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
    kytResult: text('kyt_result').notNull().default('PENDING'),
    submittedAt: text('submitted_at'),
    completedAt: text('completed_at'),
    // §10.7, as on withdrawals.
    dueAt: text('due_at'),
    failAt: text('fail_at'),
  },
  (t) => [
    index('crypto_refunds_deposit_idx').on(t.depositId),
    index('crypto_refunds_customer_created_idx').on(t.customerId, t.createdAt, t.refundId),
    index('crypto_refunds_due_idx').on(t.dueAt),
  ],
);

// §10.5: a quote freezes a route's fee and an amount until it expires; one withdrawal may use it.
export const withdrawalQuotes = pgTable(
  'withdrawal_quotes',
  {
    quoteId: text('quote_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull(),
    routeCode: text('route_code').notNull(),
    amountMinor: text('amount_minor').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    withdrawalType: integer('withdrawal_type').notNull(),
    feeAmountMinor: text('fee_amount_minor').notNull(),
    feeCurrency: text('fee_currency').notNull(),
    expiresAt: text('expires_at').notNull(),
    createdAt: text('created_at').notNull(),
    usedByWithdrawalId: text('used_by_withdrawal_id'),
  },
  (t) => [uniqueIndex('withdrawal_quotes_used_by_uq').on(t.usedByWithdrawalId)],
);

// §10.1: one balance per (customer, currency); L1 holds by CHECK whatever the code does. Amounts are
// digit strings (they exceed int64), so "≥ 0" is "no minus sign".
export const balances = pgTable(
  'balances',
  {
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    currency: text('currency').notNull(),
    clientId: text('client_id').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    availableMinor: text('available_minor').notNull(),
    heldMinor: text('held_minor').notNull(),
    lastSequence: integer('last_sequence').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.currency] }),
    check('balances_available_nonnegative', sql`substr(${t.availableMinor}, 1, 1) <> '-'`),
    check('balances_held_nonnegative', sql`substr(${t.heldMinor}, 1, 1) <> '-'`),
  ],
);

// §10.1: the customer side of each journal entry; never updated or deleted (L4).
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    transactionId: text('transaction_id').primaryKey(),
    customerId: text('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    type: text('type').notNull(),
    currency: text('currency').notNull(),
    currencyScale: integer('currency_scale').notNull(),
    amountMinor: text('amount_minor').notNull(),
    availableDeltaMinor: text('available_delta_minor').notNull(),
    heldDeltaMinor: text('held_delta_minor').notNull(),
    availableAfterMinor: text('available_after_minor').notNull(),
    heldAfterMinor: text('held_after_minor').notNull(),
    sequence: integer('sequence').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_sequence_uq').on(t.customerId, t.currency, t.sequence),
    index('ledger_transactions_customer_created_idx').on(t.customerId, t.createdAt),
    index('ledger_transactions_resource_idx').on(t.resourceId),
  ],
);

// §10.1 double entry: two postings per journal entry, of opposite signs (L5). Accounts:
// `available:<customerId>`, `held:<customerId>`, `external`, `fees`.
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    transactionId: text('transaction_id').notNull(),
    account: text('account').notNull(),
    currency: text('currency').notNull(),
    amountMinor: text('amount_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.account] })],
);

// §11.1 the outbox: each event written in the transaction of its change. `position` is the feed's
// order (§11.3): commit order (src/modules/events/repository.ts says how each engine keeps it).
export const events = pgTable(
  'events',
  {
    position: bigserial('position', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull(),
    clientId: text('client_id').notNull(),
    customerId: text('customer_id').notNull(),
    type: text('type').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    sequence: integer('sequence').notNull(),
    data: text('data').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('events_event_id_uq').on(t.eventId),
    uniqueIndex('events_resource_sequence_uq').on(t.resourceId, t.sequence),
    index('events_client_position_idx').on(t.clientId, t.position),
  ],
);

// §10.7 sandbox: destinations whose transfers fail at a given step, captured on entering the pipeline.
export const sandboxFailures = pgTable(
  'sandbox_failures',
  {
    blockchain: text('blockchain').notNull(),
    addressKey: text('address_key').notNull(),
    failAt: text('fail_at').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockchain, t.addressKey] })],
);

// §10.11: data upgrades applied (each once, in the transaction that applies it).
export const upgrades = pgTable('upgrades', {
  name: text('name').primaryKey(),
  appliedAt: text('applied_at').notNull(),
});

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

// §11.4 webhook endpoints of a partner client; at most 10 ENABLED (checked in the endpoint's transaction).
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    endpointId: text('endpoint_id').primaryKey(),
    clientId: text('client_id').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    // Subscribed event types (§11.2); [] = all.
    types: jsonText<string[]>('types').notNull(),
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    disabledAt: text('disabled_at'),
  },
  (t) => [index('webhook_endpoints_client_idx').on(t.clientId, t.createdAt, t.endpointId)],
);

// §11.4 signing secrets, sealed like client secrets (src/core/secret-box.ts): the newest is primary, the
// previous one signs until `expiresAt` (rotation overlap); never more than two that sign.
export const webhookSecrets = pgTable(
  'webhook_secrets',
  {
    id: serial('id').primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    secret: text('secret').notNull(),
    createdAt: text('created_at').notNull(),
    // null while primary; set when a rotation replaced it.
    expiresAt: text('expires_at'),
  },
  (t) => [index('webhook_secrets_endpoint_idx').on(t.endpointId)],
);

// §11.5 one delivery per (endpoint, event), written in the event's transaction (D1).
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    deliveryId: text('delivery_id').primaryKey(),
    endpointId: text('endpoint_id').notNull(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    resourceId: text('resource_id').notNull(),
    sequence: integer('sequence').notNull(),
    // The event's feed position: deliveries of one (endpoint, resource) go out in this order (D5).
    eventPosition: bigint('event_position', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    attemptCount: integer('attempt_count').notNull().default(0),
    // When the next attempt is due (D3, D7); null once settled.
    nextAttemptAt: text('next_attempt_at'),
    // Until when an attempt in flight holds it (a crashed attempt is retried after it, D7).
    leaseUntil: text('lease_until'),
    eventCreatedAt: text('event_created_at').notNull(),
    createdAt: text('created_at').notNull(),
    settledAt: text('settled_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_uq').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_resource_idx').on(t.endpointId, t.resourceId, t.eventPosition),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.deliveryId),
  ],
);

// §11.5 every attempt of a delivery, oldest first.
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id').notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    startedAt: text('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.attemptNumber] })],
);
