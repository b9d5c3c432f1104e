// What repositories run on: the database or a transaction of it (both synchronous on better-sqlite3).
import type Database from 'better-sqlite3';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from './schema.js';

export type Exec = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;
