// Routes (§4.2), the sandbox's screening denylist and failing destinations (§10.7).
// PostgreSQL's definitions: the same tables as tables.ts beside this file, in PostgreSQL's types (boolean,
// bigint milliseconds, serial ids); the code is typed with tables.ts's row types, which these produce too.
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerClients } from '../../db/tables.pg.js';

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
    // §18 C1: SANDBOX (the simulator) or EVM; §16.8 the ERC-20 contract (EIP-55) of an ETH route, null: native.
    rail: text('rail').notNull().default('SANDBOX'),
    tokenContract: text('token_contract'),
    // C12: the token's decimals() read at `route create|update --rail EVM` (18 for native ETH); null on SANDBOX routes.
    tokenDecimals: integer('token_decimals'),
    // C1 uq_evm_route_token: on EVM routes the lower-case contract, or "native"; null on SANDBOX routes.
    evmTokenKey: text('evm_token_key'),
  },
  (t) => [primaryKey({ columns: [t.routeCode, t.clientId] }), uniqueIndex('uq_evm_route_token').on(t.clientId, t.evmTokenKey)],
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
