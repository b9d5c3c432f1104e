// §18 C1 a route with collection wallets (and so payments) on it keeps its rail: a route becomes EVM only
// with nothing on it (routes is below collections and may not import it).
import { lazily, type HookWiring } from '../../core/hook.js';
import { provideRouteRecords } from '../routes/index.js';

const collectionTargetOnRoute = lazily(async () => (await import('./repository.js')).collectionTargetOnRoute);

export default [() => provideRouteRecords(collectionTargetOnRoute)] satisfies readonly HookWiring[];
