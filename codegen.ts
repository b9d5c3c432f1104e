import type { CodegenConfig } from '@graphql-codegen/cli';
import { createRequire } from 'node:module';

const { recordMappers } = createRequire(import.meta.url)('./codegen/records-plugin.cjs') as { recordMappers(): Record<string, string> };

// Resolver types are generated from the SDL (src/graphql/common.graphql and each module's
// schema.graphql, the source of truth). Mappers make resolvers return Drizzle row types (or the views
// built on them), so a field the row lacks is a type error; each is declared with its record
// (src/modules/*/records.ts, `mapper`). The operations list is generated from the descriptor files
// (codegen/operations-plugin.cjs), the records list from the modules' records.ts
// (codegen/records-plugin.cjs), the run-time enum values from the SDL (codegen/enums-plugin.cjs), and each
// dialect's aggregate of tables from src/db/ and the modules' tables.ts (codegen/tables-plugin.cjs), the
// worker's task factories from the modules' tasks.ts (codegen/tasks-plugin.cjs), the event subscribers
// from the modules' subscribers.ts (codegen/subscribers-plugin.cjs), partnerctl's commands from the
// modules' cli.ts (codegen/commands-plugin.cjs), the areas' raw HTTP routes and process-level pieces from
// the modules' http.ts and runtime.ts (codegen/http-plugin.cjs), their hooks into lower modules from
// their hooks.ts (codegen/hooks-plugin.cjs), the areas' configuration keys from the modules' config.ts
// (codegen/config-plugin.cjs), the API reference's example steps from the modules' examples.ts
// (codegen/examples-plugin.cjs).
// The client's types (src/client/generated/) are the schema's types as JSON on the wire.
const schema = ['./src/graphql/common.graphql', './src/modules/*/schema.graphql'];

const config: CodegenConfig = {
  schema,
  generates: {
    './src/graphql/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        contextType: '../../core/context.js#CallContext',
        scalars: {
          UUID: 'string',
          DateTime: { input: 'Date', output: 'Date | string' },
          StringMap: 'Record<string, string>',
          JSONObject: 'Record<string, unknown>',
        },
        mappers: recordMappers(),
      },
    },
    // The client's view (src/client/): the same types as plain JSON, every scalar as it travels.
    './src/client/generated/types.ts': {
      plugins: ['typescript'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: {
          UUID: 'string',
          DateTime: 'string',
          StringMap: 'Record<string, string>',
          JSONObject: 'Record<string, unknown>',
        },
      },
    },
    './src/graphql/generated/operations.ts': {
      plugins: ['./codegen/operations-plugin.cjs'],
    },
    // The problem codes (§7), from the ProblemCode enum and its extensions (codegen/problems-plugin.cjs):
    // their statuses for core, and the areas' guides collected above the modules.
    './src/core/generated/problems.ts': {
      plugins: ['./codegen/problems-plugin.cjs'],
      config: { output: 'statuses' },
    },
    './src/http/generated/problem-guides.ts': {
      plugins: ['./codegen/problems-plugin.cjs'],
      config: { output: 'guides' },
    },
    './src/graphql/generated/enums.ts': {
      plugins: ['./codegen/enums-plugin.cjs'],
    },
    './src/graphql/generated/records.ts': {
      plugins: ['./codegen/records-plugin.cjs'],
    },
    './src/worker/generated/tasks.ts': {
      plugins: ['./codegen/tasks-plugin.cjs'],
    },
    './src/engine/generated/subscribers.ts': {
      plugins: ['./codegen/subscribers-plugin.cjs'],
    },
    './src/cli/generated/commands.ts': {
      plugins: ['./codegen/commands-plugin.cjs'],
    },
    './src/http/generated/routes.ts': {
      plugins: ['./codegen/http-plugin.cjs'],
      config: { output: 'routes' },
    },
    './src/http/generated/runtimes.ts': {
      plugins: ['./codegen/http-plugin.cjs'],
      config: { output: 'runtimes' },
    },
    './src/engine/generated/hooks.ts': {
      plugins: ['./codegen/hooks-plugin.cjs'],
    },
    './src/config/generated/areas.ts': {
      plugins: ['./codegen/config-plugin.cjs'],
    },
    './tools/api-examples/generated/examples.ts': {
      plugins: ['./codegen/examples-plugin.cjs'],
    },
    // Every table of each dialect, from src/db/ and the modules' tables.ts / tables.pg.ts.
    './src/db/generated/tables.ts': {
      plugins: ['./codegen/tables-plugin.cjs'],
      config: { dialect: 'sqlite' },
    },
    './src/db/generated/tables.pg.ts': {
      plugins: ['./codegen/tables-plugin.cjs'],
      config: { dialect: 'pg' },
    },
  },
};

export default config;
