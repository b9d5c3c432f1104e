// §18 C1 a route with withdrawals on it keeps its rail (routes is below withdrawals and may not import it).
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideRouteRecords } from '../routes/index.js';

const withdrawalOnRoute = lazily(async () => (await import('./repository.js')).withdrawalOnRoute);

export default [() => provideRouteRecords(withdrawalOnRoute)] satisfies readonly HookWiring[];
