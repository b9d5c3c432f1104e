// §18 the EVM rail's own rows: the rail's identity, the hot wallet's nonce counter, the deposit address
// counter and each customer's address, each transfer on the chain and its signed attempts, the halt, the
// blocks the follower has seen, and the follower's position. Integer keys are declared on the table so
// that SQLite does not make them rowid aliases (the same key on both engines).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in the same types.
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from '../customers/tables.pg.js';

// C2: written at the rail's first start; a later start with another chain or xpub is refused. One row (id 1).
export const evmRail = pgTable(
  'evm_rail',
  {
    id: integer('id').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    // SHA-256 (hex) of the xpub's serialisation: the xpub itself is never stored (C11).
    xpubFingerprint: text('xpub_fingerprint').notNull(),
    hotAddress: text('hot_address').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id] })],
);

// C9: one counter per hot address; allocation and storing an attempt serialize on this row.
export const evmNonces = pgTable('evm_nonces', {
  address: text('address').primaryKey(),
  nextNonce: integer('next_nonce').notNull(),
  updatedAt: text('updated_at').notNull(),
});

// C4: the next child index of EVM_DEPOSIT_XPUB; locked in the allocating transaction, so gapless. One row (id 1).
export const evmAddressCounter = pgTable(
  'evm_address_counter',
  {
    id: integer('id').notNull(),
    nextIndex: integer('next_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id] })],
);

// C4: a customer's EVM deposit address (EIP-55), the same on all of its EVM routes; uq_evm_address_index
// on the customer (the key) and on the index.
export const evmAddresses = pgTable(
  'evm_addresses',
  {
    customerId: text('customer_id').primaryKey().references(() => customers.customerId),
    addressIndex: integer('address_index').notNull(),
    address: text('address').notNull(),
    // The address in lower case: what the follower matches logs and transactions against.
    addressKey: text('address_key').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('uq_evm_address_index').on(t.addressIndex), uniqueIndex('evm_addresses_key_uq').on(t.addressKey)],
);

// C7: a withdrawal or refund on the chain, from the step that signed its first attempt. Its nonce is
// shared by all its attempts (C8); the inclusion is the canonical receipt of one of them (null: none yet).
export const evmTransfers = pgTable(
  'evm_transfers',
  {
    resourceId: text('resource_id').primaryKey(),
    resourceType: text('resource_type').notNull(),
    // The hot address that signs it, and its nonce there.
    fromAddress: text('from_address').notNull(),
    nonce: integer('nonce').notNull(),
    // What every attempt sends: destination (the token contract for tokens), value in wei, calldata.
    toAddress: text('to_address').notNull(),
    valueWei: text('value_wei').notNull(),
    data: text('data').notNull(),
    gas: text('gas').notNull(),
    // Units the record moves (C12) and, for native records, what C9's balance check counts.
    units: text('units').notNull(),
    native: boolean('native').notNull(),
    includedTxHash: text('included_tx_hash'),
    includedBlockNumber: integer('included_block_number'),
    includedBlockHash: text('included_block_hash'),
    // The receipt's status: 'success' or 'reverted'; null while not included.
    receiptStatus: text('receipt_status'),
    // §18.6 C7 settled: a transaction of the hot address with this nonce that is none of the attempts, as
    // the follower found it in a block (hash, block); the only evidence that the nonce went to another.
    takenByTxHash: text('taken_by_tx_hash'),
    takenInBlock: integer('taken_in_block'),
    takenBlockHash: text('taken_block_hash'),
    // null while not final; set when the record was decided at finality.
    finalAt: text('final_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('evm_transfers_nonce_uq').on(t.fromAddress, t.nonce), index('evm_transfers_final_idx').on(t.finalAt)],
);

// C7–C8: every signed attempt, stored before it is ever sent; uq_evm_attempt_hash.
export const evmAttempts = pgTable(
  'evm_attempts',
  {
    txHash: text('tx_hash').notNull(),
    resourceId: text('resource_id').notNull(),
    nonce: integer('nonce').notNull(),
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    // The signed transaction (0x hex), sent again until one attempt is included.
    raw: text('raw').notNull(),
    createdAt: text('created_at').notNull(),
    // The head when it was first sent (C8 counts EVM_BUMP_AFTER_BLOCKS from it); null: never sent yet.
    firstSentBlock: integer('first_sent_block'),
    lastSentAt: text('last_sent_at'),
  },
  (t) => [uniqueIndex('uq_evm_attempt_hash').on(t.txHash), index('evm_attempts_resource_idx').on(t.resourceId, t.createdAt)],
);

// C10: present while the rail is halted. One row (id 1).
export const evmHalt = pgTable(
  'evm_halt',
  {
    id: integer('id').notNull(),
    reason: text('reason').notNull(),
    since: text('since').notNull(),
    detail: text('detail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id] })],
);

// C5–C6: the blocks the follower has taken as canonical (parent hashes checked); `final` once at or below
// finality — a final block that stops being canonical is FINALITY_LOST (C10).
export const evmBlocks = pgTable(
  'evm_blocks',
  {
    number: integer('number').notNull(),
    hash: text('hash').notNull(),
    parentHash: text('parent_hash').notNull(),
    final: boolean('final').notNull().default(false),
    seenAt: text('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.number] }), index('evm_blocks_final_idx').on(t.final, t.number)],
);

// The follower's position and the §18.4 rescan. One row (id 1).
export const evmFollower = pgTable(
  'evm_follower',
  {
    id: integer('id').notNull(),
    // The next block number to read; null until the rail's first start sets it to the head.
    nextBlock: integer('next_block'),
    rescanFrom: integer('rescan_from'),
    rescanAt: integer('rescan_at'),
    // C12–C13: transfers that created no deposit (§18.4 rail status `unattributed`).
    unattributed: integer('unattributed').notNull().default(0),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.id] })],
);
