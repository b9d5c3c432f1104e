// §10.4 a deposit's refundable amount needs its refunds; §18 C1 a route with refunds on it keeps its rail.
// Deposits and routes are below refunds and may not import it.
import { lazily, type HookWiring } from '../../core/hook.js';
import { refundAmountsOf } from '../deposits/index.js';
import { provideRouteRecords } from '../routes/index.js';

const refundAmountsOfDeposit = lazily(async () => (await import('./repository.js')).refundAmountsOfDeposit);
const refundOnRoute = lazily(async () => (await import('./repository.js')).refundOnRoute);

export default [() => refundAmountsOf.provide(refundAmountsOfDeposit), () => provideRouteRecords(refundOnRoute)] satisfies readonly HookWiring[];
