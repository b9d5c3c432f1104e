// Unsigned pages beside the signed surfaces: documents a partner's tools fetch without credentials
// (§2 signs the API, not its description). Each page lives in its own file here; this list is the
// only place that names them. Each is a route of the pipeline's table (../routes.ts): it answers GET;
// other methods get 405.
import type { Engine } from '../../db/engine.js';
import type { Page, PageDeps } from './page.js';
export type { Page, PageDeps } from './page.js';
import { metricsPage } from './metrics.js';
import { graphiqlPages } from './graphiql.js';
import { openApiPage } from './openapi.js';
import { problemsIndexPage, problemsPage } from './problems.js';

export function pagesOf(deps: PageDeps & { engine: Engine }): Page[] {
  return [problemsIndexPage(), problemsPage(), openApiPage(deps.schema, deps.rest.describe()), metricsPage(deps.metrics, { production: deps.config.production, token: deps.config.metricsToken }), ...graphiqlPages()];
}
