import { defineConfig } from 'drizzle-kit';

// The PostgreSQL engine's migrations, from the mirror of the SQLite tables (src/db/pg-schema.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg-schema.ts',
  out: './drizzle/pg',
});
