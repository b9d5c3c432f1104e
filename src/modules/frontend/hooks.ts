// §17.1 a customer's suspension revokes its frontend sessions, in the suspension's transaction (customers
// is below frontend and may not import it).
import type { HookWiring } from '../../core/hook.js';
import { onCustomerSuspended } from '../customers/index.js';
import { revokeCustomerSessions } from './repository.js';

export default [() => onCustomerSuspended.provide(revokeCustomerSessions)] satisfies readonly HookWiring[];
