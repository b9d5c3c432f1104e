// §4.1 customers answers the customer check of the modules below it (events, ledger, files: they may not
// import customers), declared in src/core/customer-ownership.ts.
import { requireOwnCustomer as customerCheck } from '../../core/customer-ownership.js';
import { lazily, type HookWiring } from '../../core/hook.js';

const requireOwnCustomer = lazily(async () => (await import('./rules.js')).requireOwnCustomer);

export default [() => customerCheck.provide(requireOwnCustomer)] satisfies readonly HookWiring[];
