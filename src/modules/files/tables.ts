// Customer files (§12.2) and their uploaded bytes, sealed at rest.
// SQLite's definitions; tables.pg.ts beside this file defines the same tables for PostgreSQL, and
// test/platform/db/schema-parity.test.ts proves they agree. The row types below are the ones the code uses.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { partnerClients } from '../../db/tables.js';
import { customers } from '../customers/tables.js';

export const customerFiles = sqliteTable(
  'customer_files',
  {
    fileId: text('file_id').primaryKey(),
    customerId: text('customer_id').notNull().references(() => customers.customerId),
    clientId: text('client_id').notNull().references(() => partnerClients.clientId),
    source: text('source').notNull(),
    purpose: text('purpose').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    externalUri: text('external_uri'),
    description: text('description'),
    status: text('status').notNull(),
    /** PENDING_UPLOAD: the end of the upload window, when the expiry step is due; else null. */
    uploadExpiresAt: text('upload_expires_at'),
    uploadedAt: text('uploaded_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('customer_files_customer_created_idx').on(t.customerId, t.createdAt, t.fileId), index('customer_files_upload_due_idx').on(t.uploadExpiresAt)],
);

/** An UPLOADED file's bytes, sealed under PARTNER_SECRET_KEY (the file id is the associated data); never returned. */
export const customerFileContents = sqliteTable('customer_file_contents', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => customerFiles.fileId),
  sealed: text('sealed').notNull(),
  storedAt: text('stored_at').notNull(),
});

export type CustomerFileRow = typeof customerFiles.$inferSelect;

/** PartnerCustomerFile as GraphQL renders it: the row and its `upload` (PENDING_UPLOAD only). */
export type CustomerFileView = CustomerFileRow & {
  upload: { method: string; path: string; expiresAt: string; maxSizeBytes: number } | null;
};
