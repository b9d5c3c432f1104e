import { defineConfig } from 'drizzle-kit';

// The PostgreSQL engine's migrations, from the mirror of the SQLite tables (the tables.pg.ts beside each
// tables.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/tables.pg.ts', './src/modules/*/tables.pg.ts'],
  out: './drizzle/pg',
});
