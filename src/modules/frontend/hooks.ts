// §17.1 a customer's suspension revokes its frontend sessions, in the suspension's transaction (customers
// is below frontend and may not import it).
import { lazily, type HookWiring } from '../../core/hook.js';
import { onCustomerSuspended } from '../customers/index.js';

const revokeCustomerSessions = lazily(async () => (await import('./repository.js')).revokeCustomerSessions);

export default [() => onCustomerSuspended.provide(revokeCustomerSessions)] satisfies readonly HookWiring[];
