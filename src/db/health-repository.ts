// Readiness (§1): the migrations ran and the database answers.
import { sql } from 'drizzle-orm';
import type { Exec } from './exec.js';

export async function migrationsApplied(db: Exec): Promise<number> {
  return db.get<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`).n;
}
