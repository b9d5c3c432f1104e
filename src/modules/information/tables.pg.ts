// §14.3 the additional-information loop: its rounds (one per time a review asks), the items asked in each,
// and the sandbox's review outcomes (§14.3's table, `partnerctl sandbox fiat-review-outcome`). The owner
// of a round (an application, an activation, a withdrawal) is named by type and id: the loop never reads
// the owner's tables.
// PostgreSQL's definitions: the same tables as tables.ts beside this file; the code is typed with
// tables.ts's row types.
import { index, integer, primaryKey, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

export const informationRounds = pgTable(
  'information_rounds',
  {
    roundId: text('round_id').primaryKey(),
    /** The owner's resource type (FIAT_ACCOUNT_APPLICATION, …) and id. */
    ownerType: text('owner_type').notNull(),
    ownerId: text('owner_id').notNull(),
    /** 1, 2, …: the owner's rounds in the order asked. */
    round: integer('round').notNull(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    requestedAt: text('requested_at').notNull(),
    /** §14.3 informationDueAt: requestedAt + FIAT_INFORMATION_TIMEOUT_SECONDS. */
    dueAt: text('due_at').notNull(),
    /** OPEN, then ANSWERED or EXPIRED: the compare-and-set the answer and the timeout race on (§16.4). */
    state: text('state').notNull(),
    closedAt: text('closed_at'),
    /** The answer's items, sealed under PARTNER_SECRET_KEY (bound to the owner's id); never rendered. */
    answers: text('answers'),
  },
  (t) => [
    uniqueIndex('information_rounds_owner_round_uq').on(t.ownerType, t.ownerId, t.round),
    index('information_rounds_open_due_idx').on(t.state, t.dueAt),
  ],
);

export const informationRequests = pgTable(
  'information_requests',
  {
    roundId: text('round_id')
      .notNull()
      .references(() => informationRounds.roundId),
    /** The order asked within the round. */
    position: integer('position').notNull(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    requestedAt: text('requested_at').notNull(),
    answeredAt: text('answered_at'),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.position] })],
);

/** §14.3 what a customer's records of a subject capture when they enter review (sandbox mode only uses it). */
export const sandboxReviewOutcomes = pgTable(
  'sandbox_review_outcomes',
  {
    customerId: text('customer_id')
      .notNull()
      .references(() => customers.customerId),
    /** APPLICATION or ACTIVATION. */
    subject: text('subject').notNull(),
    /** APPROVED, REJECTED or NEEDS_ADDITIONAL_INFORMATION. */
    outcome: text('outcome').notNull(),
    /** NEEDS_ADDITIONAL_INFORMATION: the keys asked, comma-separated in the order given; else null. */
    keys: text('keys'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.subject] })],
);

