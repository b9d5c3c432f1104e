// Column helpers of the SQLite table definitions (src/db/tables.ts, src/modules/*/tables.ts).
// Portable by design: timestamps as ISO-8601 text (`YYYY-MM-DDTHH:mm:ss.sssZ`, which sorts correctly),
// amounts as digit strings (they exceed int64).
import { customType } from 'drizzle-orm/sqlite-core';

/**
 * JSON in a TEXT column. Unlike text({ mode: 'json' }) it keeps SQL NULL for null when the value
 * arrives through a prepared statement's placeholder (drizzle encodes placeholders too).
 */
export const jsonText = <T>(name: string) =>
  customType<{ data: T; driverData: string | null }>({
    dataType: () => 'text',
    toDriver: (value) => (value === null || value === undefined ? null : JSON.stringify(value)),
    fromDriver: (value) => (value === null ? (null as T) : (JSON.parse(value) as T)),
  })(name);
