// The platform's own tables: partner clients and their secrets, nonces (§2), idempotency records (§3),
// evidence uses (§5), the audit trail (§8), rate buckets and the data upgrades applied (§10.11). A module's
// record tables live in its folder (src/modules/<area>/tables.ts).
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { jsonText } from './columns.js';

export const partnerClients = sqliteTable('partner_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
  // Per-client token bucket override; null: the configured defaults.
  rateLimitRps: integer('rate_limit_rps'),
  rateLimitBurst: integer('rate_limit_burst'),
});

// §2: a client holds at most two active secrets (rotation); retiredAt marks the dropped ones.
export const clientSecrets = sqliteTable(
  'client_secrets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    // AES-256-GCM ciphertext (src/core/secret-box.ts), never the secret itself.
    secret: text('secret').notNull(),
    createdAt: text('created_at').notNull(),
    retiredAt: text('retired_at'),
  },
  (t) => [index('client_secrets_client_idx').on(t.clientId)],
);

// §2: nonces are single use per client for 15 minutes.
export const nonces = sqliteTable(
  'nonces',
  {
    clientId: text('client_id').notNull(),
    nonce: text('nonce').notNull(),
    seenAtMs: integer('seen_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.nonce] }), index('nonces_seen_idx').on(t.seenAtMs)],
);

// §10.11: data upgrades applied (each once, in the transaction that applies it).
export const upgrades = sqliteTable('upgrades', {
  name: text('name').primaryKey(),
  appliedAt: text('applied_at').notNull(),
});

// §5: one piece of evidence authorizes one operation; stored with (pointing at) the record it authorized.
export const authorizationEvidence = sqliteTable(
  'authorization_evidence',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    clientId: text('client_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    operation: text('operation').notNull(),
    fingerprint: text('fingerprint').notNull(),
    resourceId: text('resource_id').notNull(),
    responseJson: text('response_json').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAtMs: integer('expires_at_ms').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.idempotencyKey] }), index('idempotency_expires_idx').on(t.expiresAtMs)],
);

// Append-only record of every authenticated mutation attempt (§8 audit trail). Never secrets or signatures.
export const auditEvents = sqliteTable(
  'audit_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: text('at').notNull(),
    requestId: text('request_id').notNull(),
    clientId: text('client_id').notNull(),
    operation: text('operation').notNull(),
    targetId: text('target_id'),
    idempotencyKey: text('idempotency_key'),
    status: integer('status').notNull(),
    problemCode: text('problem_code'),
    resultId: text('result_id'),
    replayed: integer('replayed', { mode: 'boolean' }).notNull().default(false),
    evidenceUserRef: text('evidence_user_ref'),
    evidencePolicyRef: text('evidence_policy_ref'),
    evidenceMfaRef: text('evidence_mfa_ref'),
  },
  (t) => [index('audit_events_client_at_idx').on(t.clientId, t.at)],
);

// Token buckets shared by every server process (rate limits across processes). The SQLite engine keeps
// its buckets in memory (one process per database file); the table exists in both schemas alike.
export const rateBuckets = sqliteTable('rate_buckets', {
  bucketKey: text('bucket_key').primaryKey(),
  tokens: real('tokens').notNull(),
  atMs: integer('at_ms').notNull(),
  granted: integer('granted', { mode: 'boolean' }).notNull(),
  taken: real('taken').notNull().default(0),
});

export type EvidenceInsert = typeof authorizationEvidence.$inferInsert;
export type AuditInsert = typeof auditEvents.$inferInsert;
export type AuditRow = typeof auditEvents.$inferSelect;
