// The raw routes the pipeline dispatches through, in one table: the platform's (health, the unsigned
// pages of pages/) and the areas' (src/http/generated/routes.ts, from the modules' http.ts). Matched once
// per request, after /graphql and the development paths and before the REST routes.
import type { RawRoute, RouteParams } from '../core/http-route.js';
import type { Engine } from '../db/engine.js';
import type { Page } from './pages/index.js';
import { json } from './render.js';
import type { HttpReply } from './types.js';

export type MatchedRoute = { route: RawRoute; params: RouteParams };

/** Liveness and readiness probes (GET and HEAD, which their probes use). */
export function healthRoutes(engine: Engine): RawRoute[] {
  const readiness = async (): Promise<HttpReply> => {
    if (engine.writer.failed) return json(503, { status: 'unavailable' });
    try {
      await engine.ready();
      return json(200, { status: 'ready' });
    } catch {
      return json(503, { status: 'unavailable' });
    }
  };
  return [
    { path: '/healthz', methods: ['GET', 'HEAD'], access: 'unsigned', answer: () => json(200, { status: 'ok' }) },
    { path: '/readyz', methods: ['GET', 'HEAD'], access: 'unsigned', answer: readiness },
  ];
}

/** An unsigned page as a route: GET only; a prefix page ('/x/') matches every path under it ('/x/*'). */
export function pageRoute(page: Page): RawRoute {
  return {
    path: page.path.endsWith('/') ? `${page.path}*` : page.path,
    methods: ['GET'],
    access: 'unsigned',
    developmentOnly: page.developmentOnly,
    answer: (call) => page.answer(call, call.url.split('?')[0]!),
  };
}

export class RouteTable {
  private readonly routes: { route: RawRoute; segments: string[] }[];

  /** `routes` in the order they are tried; a development-only route is left out in production. */
  constructor(routes: readonly RawRoute[], production: boolean) {
    this.routes = routes.filter((r) => !(production && r.developmentOnly)).map((route) => ({ route, segments: route.path.split('/') }));
  }

  /** The first route whose path template `pathname` fits, with the raw text of its `:name` segments. */
  match(pathname: string): MatchedRoute | undefined {
    const given = pathname.split('/');
    for (const { route, segments } of this.routes) {
      const params = fit(segments, given);
      if (params) return { route, params };
    }
    return undefined;
  }
}

function fit(segments: string[], given: string[]): RouteParams | undefined {
  const params: RouteParams = {};
  for (let i = 0; i < segments.length; i++) {
    const want = segments[i]!;
    if (want === '*' && i === segments.length - 1) {
      if (given.length < segments.length) return undefined;
      params['*'] = given.slice(i).join('/');
      return params;
    }
    const part = given[i];
    if (part === undefined) return undefined;
    if (want.startsWith(':')) {
      if (part === '') return undefined;
      params[want.slice(1)] = part;
    } else if (want !== part) return undefined;
  }
  return given.length === segments.length ? params : undefined;
}
