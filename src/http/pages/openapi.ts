// GET /openapi.json: the REST surface as OpenAPI 3.1 (src/http/openapi/), built once per start from the
// routes the server serves. Unsigned, also in production: it describes the API, not a partner's data.
import fs from 'node:fs';
import type { GraphQLSchema } from 'graphql';
import { openApiDocument } from '../openapi/document.js';
import type { RestRouteInfo } from '../rest-surface.js';
import type { Page } from './page.js';

const { version } = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

export function openApiPage(schema: GraphQLSchema, routes: RestRouteInfo[]): Page {
  let body: string | undefined;
  return {
    path: '/openapi.json',
    answer: () => {
      body ??= JSON.stringify(openApiDocument(schema, routes, version));
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' }, body };
    },
  };
}

