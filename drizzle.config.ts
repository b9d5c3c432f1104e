import { defineConfig } from 'drizzle-kit';

// The SQLite engine's migrations (`npm run db:generate` writes both engines'; drizzle.pg.config.ts), from
// the platform's tables and each module's, wherever they live.
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./src/db/tables.ts', './src/modules/*/tables.ts'],
  out: './drizzle/sqlite',
});
