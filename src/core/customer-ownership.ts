// §4.1 the customer a call names is the caller's (unknown → 404 CUSTOMER_NOT_FOUND, another partner's →
// 403 FORBIDDEN), for the modules below customers: customers record events, post to the ledger and hold
// files, so events, ledger and files may not import the customers module. It answers through this hook
// (customers' hooks.ts); the modules above customers import the same check from its index.ts.
import type { Exec } from '../db/exec.js';
import type { CallContext } from './context.js';
import { hook } from './hook.js';

export type OwnCustomer = { customerId: string; clientId: string };

export const requireOwnCustomer = hook<(tx: Exec, ctx: CallContext, customerId: string) => Promise<OwnCustomer>>(
  'the customer check of the modules below customers (customers: requireOwnCustomer)',
);

/** §9.3 a list under a customer: its cursors name the customer, which is checked after the shape (404 / 403). */
export const underCustomer = {
  under: 'customerId',
  own: (db: Exec, ctx: CallContext, args: { customerId: string }) => requireOwnCustomer(db, ctx, args.customerId),
} as const;
