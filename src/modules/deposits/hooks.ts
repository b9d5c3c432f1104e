// §18 C1 a route with deposits on it keeps its rail (routes is below deposits and may not import it).
import type { HookWiring } from '../../core/hook.js';
import { provideRouteRecords } from '../routes/index.js';
import { depositOnRoute } from './repository.js';

export default [() => provideRouteRecords(depositOnRoute)] satisfies readonly HookWiring[];
