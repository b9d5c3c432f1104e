// §18 C1 a route with withdrawals on it keeps its rail (routes is below withdrawals and may not import it).
import type { HookWiring } from '../../core/hook.js';
import { provideRouteRecords } from '../routes/index.js';
import { withdrawalOnRoute } from './repository.js';

export default [() => provideRouteRecords(withdrawalOnRoute)] satisfies readonly HookWiring[];
