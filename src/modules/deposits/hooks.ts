// §18 C1 a route with deposits on it keeps its rail (routes is below deposits and may not import it).
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideRouteRecords } from '../routes/index.js';

const depositOnRoute = lazily(async () => (await import('./repository.js')).depositOnRoute);

export default [() => provideRouteRecords(depositOnRoute)] satisfies readonly HookWiring[];
