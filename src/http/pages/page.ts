// What an unsigned page is (pages/index.ts lists them), apart from the list so each page can name it.
import type { Config } from '../../config.js';
import type { HttpCall, HttpReply } from '../types.js';
import type { GraphQLSchema } from 'graphql';
import type { Metrics } from '../metrics.js';
import type { RestSurface } from '../rest-surface.js';

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
