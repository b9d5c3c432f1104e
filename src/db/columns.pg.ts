// Column helpers of the PostgreSQL table definitions (src/db/tables.pg.ts, src/modules/*/tables.pg.ts).
import { customType } from 'drizzle-orm/pg-core';

/** JSON in a TEXT column, as on SQLite (SQL NULL for null, also through a prepared statement's placeholder). */
export const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string | null }>({
    dataType: () => 'text',
    toDriver: (value) => (value === null || value === undefined ? null : JSON.stringify(value)),
    fromDriver: (value) => (value === null ? (null as T) : (JSON.parse(value) as T)),
  })(name);
