// Apollo Server: the schema from the SDL files (the source of truth), the registry's resolvers, and the
// plugins that make it a partner API (§3 guard, §7 problems). Transport-neutral: http/ feeds it requests.
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
  ApolloServerPluginSchemaReportingDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from '@apollo/server/plugin/disabled';
import type { CallContext } from '../core/context.js';
import { errorFormatter, problemResponsePlugin } from './errors.js';
import { limitRules, QUERY_LIMITS } from './limits.js';
import { operationGuardPlugin } from './operation-guard.js';
import { resolvers } from './registry.js';
import { loadTypeDefs } from './type-defs.js';

export function createApollo(opts: { production: boolean }): { apollo: ApolloServer<CallContext>; schema: GraphQLSchema } {
  const schema = makeExecutableSchema<CallContext>({ typeDefs: loadTypeDefs(), resolvers });
  const apollo = new ApolloServer<CallContext>({
    schema,
    formatError: errorFormatter(schema),
    introspection: !opts.production,
    hideSchemaDetailsFromClientErrors: opts.production,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    persistedQueries: false,
    // The process stops on SIGINT/SIGTERM itself (src/main.ts: the whole service, the devnet's anvil too);
    // Apollo's own handler would stop only Apollo and then raise the signal again, ending the process mid-stop.
    stopOnTerminationSignals: false,
    // Every signed request carries X-Partner-Signature and every frontend session's Authorization (§17.2):
    // headers no simple (CSRF-able) request can set.
    csrfPrevention: { requestHeaders: ['x-partner-signature', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name'] },
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
    validationRules: limitRules,
    plugins: [
      // Nothing here is cacheable or traced by a gateway: skip the per-field work of both plugins.
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      // Nothing about the schema or its use leaves the machine, whatever APOLLO_KEY the environment holds.
      ApolloServerPluginUsageReportingDisabled(),
      ApolloServerPluginSchemaReportingDisabled(),
      operationGuardPlugin,
      problemResponsePlugin,
      opts.production
        ? ApolloServerPluginLandingPageDisabled()
        : // Sandbox (development) loads from Apollo's CDN; it sends no telemetry. /graphiql works offline.
          ApolloServerPluginLandingPageLocalDefault({ embed: { endpointIsEditable: false, runTelemetry: false }, footer: false }),
    ],
  });
  return { apollo, schema };
}
