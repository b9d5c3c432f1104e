// Unsigned pages beside the signed surfaces: documents a partner's tools fetch without credentials
// (§2 signs the API, not its description). Each page lives in its own file here; this list is the
// only place that names them. A page answers GET and HEAD; other methods get 405.
import type { Config } from '../../config.js';
import type { Engine } from '../../db/engine.js';
import type { HttpCall, HttpReply } from '../types.js';
import type { GraphQLSchema } from 'graphql';
import type { Metrics } from '../metrics.js';
import type { RestSurface } from '../rest-surface.js';
import { metricsPage } from './metrics.js';
import { graphiqlPages } from './graphiql.js';
import { openApiPage } from './openapi.js';
import { problemsIndexPage, problemsPage } from './problems.js';

export type PageDeps = {
  config: Config;
  schema: GraphQLSchema;
  rest: RestSurface;
  metrics: Metrics;
};

export type Page = {
  /** An exact path, or a prefix when it ends in '/'. */
  path: string;
  /** Served only when not in production (development explorers). */
  developmentOnly?: boolean;
  answer(call: HttpCall, pathname: string): HttpReply | Promise<HttpReply>;
};

export function pagesOf(deps: PageDeps & { engine: Engine }): Page[] {
  return [problemsIndexPage(), problemsPage(), openApiPage(deps.schema, deps.rest.describe()), metricsPage(deps.metrics), ...graphiqlPages()];
}

export function findPage(pages: Page[], pathname: string, production: boolean): Page | undefined {
  return pages.find(
    (p) => (!p.developmentOnly || !production) && (p.path.endsWith('/') ? pathname.startsWith(p.path) : pathname === p.path),
  );
}
