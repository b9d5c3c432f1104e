// §10.4 a deposit's refundable amount needs its refunds; §18 C1 a route with refunds on it keeps its rail.
// Deposits and routes are below refunds and may not import it.
import type { HookWiring } from '../../core/hook.js';
import { refundAmountsOf } from '../deposits/index.js';
import { provideRouteRecords } from '../routes/index.js';
import { refundAmountsOfDeposit, refundOnRoute } from './repository.js';

export default [() => refundAmountsOf.provide(refundAmountsOfDeposit), () => provideRouteRecords(refundOnRoute)] satisfies readonly HookWiring[];
