import { defineConfig } from 'drizzle-kit';

// The SQLite engine's migrations (`npm run db:generate` writes both engines'; drizzle.pg.config.ts).
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/schema.ts',
  out: './drizzle/sqlite',
});
