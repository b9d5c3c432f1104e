// §4.1 customers answers the customer check of the modules below it (events, ledger, files: they may not
// import customers), declared in src/core/customer-ownership.ts.
import { requireOwnCustomer as customerCheck } from '../../core/customer-ownership.js';
import type { HookWiring } from '../../core/hook.js';
import { requireOwnCustomer } from './rules.js';

export default [() => customerCheck.provide(requireOwnCustomer)] satisfies readonly HookWiring[];
