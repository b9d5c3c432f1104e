// Apollo Server: schema from schema/*.graphql (the source of truth), resolvers, and the plugins that
// make it a partner API (§3 guard, §7 problems). Transport-neutral: http/ feeds it requests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import {
  ApolloServerPluginLandingPageLocalDefault,
} from '@apollo/server/plugin/landingPage/default';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import type { GraphQLContext } from './context.js';
import { auditPlugin } from './audit-plugin.js';
import { formatError, problemResponsePlugin } from './errors.js';
import { limitRules, QUERY_LIMITS } from './limits.js';
import { operationGuardPlugin } from './operation-guard.js';
import { resolvers } from './resolvers/index.js';

const schemaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

export function loadTypeDefs(): string {
  return fs
    .readdirSync(schemaDir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => fs.readFileSync(path.join(schemaDir, f), 'utf8'))
    .join('\n');
}

export function createApollo(opts: { production: boolean }): { apollo: ApolloServer<GraphQLContext>; schema: GraphQLSchema } {
  const schema = makeExecutableSchema<GraphQLContext>({ typeDefs: loadTypeDefs(), resolvers });
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError,
    introspection: !opts.production,
    hideSchemaDetailsFromClientErrors: opts.production,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    persistedQueries: false,
    // Every signed request carries X-Partner-Signature, a header no simple (CSRF-able) request can set.
    csrfPrevention: { requestHeaders: ['x-partner-signature', 'apollo-require-preflight', 'x-apollo-operation-name'] },
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    validationRules: limitRules,
    plugins: [
      // Nothing here is cacheable or traced by a gateway: skip the per-field work of both plugins.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      auditPlugin,
      operationGuardPlugin,
      problemResponsePlugin,
      opts.production
        ? ApolloServerPluginLandingPageDisabled()
        : ApolloServerPluginLandingPageLocalDefault({ embed: { endpointIsEditable: false }, footer: false }),
    ],
  });
  return { apollo, schema };
}
