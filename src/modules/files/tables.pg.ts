// Customer files (§12.2) and their uploaded bytes, sealed at rest.
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { partnerClients } from '../../db/tables.pg.js';
import { customers } from '../customers/tables.pg.js';

export const customerFiles = pgTable(
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
    uploadExpiresAt: text('upload_expires_at'),
    uploadedAt: text('uploaded_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('customer_files_customer_created_idx').on(t.customerId, t.createdAt, t.fileId), index('customer_files_upload_due_idx').on(t.uploadExpiresAt)],
);

export const customerFileContents = pgTable('customer_file_contents', {
  fileId: text('file_id')
    .primaryKey()
    .references(() => customerFiles.fileId),
  sealed: text('sealed').notNull(),
  storedAt: text('stored_at').notNull(),
});
