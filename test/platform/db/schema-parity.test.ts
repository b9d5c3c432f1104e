// The two engines' table definitions agree (tables.ts for SQLite, tables.pg.ts for PostgreSQL, in
// src/db/ and in each module; gathered per dialect in src/db/generated/): the same tables, columns, nullability, defaults, keys, unique and plain indexes and
// foreign keys, each column of a type that holds the same values on both.
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import fs from 'node:fs';
import { is, Table, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pg from '../../../src/db/generated/tables.pg.js';
import * as sqlite from '../../../src/db/generated/tables.js';

const tablesOf = (module: Record<string, unknown>) => Object.fromEntries(Object.entries(module).filter(([, v]) => is(v, Table)));

/** A column type as the values it holds: the SQLite declaration on the left, PostgreSQL's allowed on the right. */
const SAME_VALUES: Record<string, string[]> = {
  text: ['text'],
  integer: ['integer', 'bigint', 'serial', 'bigserial'],
  real: ['double precision'],
};

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();
const whereText = (where: SQL | undefined, dialect: { sqlToQuery(sql: SQL): { sql: string } }) =>
  where ? dialect.sqlToQuery(where).sql.replaceAll('"', '').replaceAll('`', '') : null;

type AnyConfig = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

/** What a table definition says, in terms both dialects share. */
function shapeOf(c: AnyConfig, configOf: (table: never) => AnyConfig, dialect: { sqlToQuery(sql: SQL): { sql: string } }) {
  return {
    name: c.name,
    columns: c.columns.map((col) => ({
      name: col.name,
      notNull: col.notNull,
      primary: col.primary,
      hasDefault: col.hasDefault,
      type: col.getSQLType(),
      boolean: (col as { mode?: string }).mode === 'boolean' || col.getSQLType() === 'boolean',
    })),
    primaryKeys: c.primaryKeys.map((pk) => pk.columns.map((col) => col.name)),
    indexes: c.indexes.map((i) => ({
      name: i.config.name,
      unique: i.config.unique,
      columns: i.config.columns.map((col) => (col as { name: string }).name),
      where: whereText(i.config.where, dialect),
    })),
    foreignKeys: c.foreignKeys.map((fk) => {
      const r = fk.reference();
      return { columns: r.columns.map((col) => col.name), table: configOf(r.foreignTable as never).name, foreignColumns: r.foreignColumns.map((col) => col.name) };
    }),
  };
}

const describeSqlite = (table: SQLiteTable) => shapeOf(sqliteConfig(table), sqliteConfig as (t: never) => AnyConfig, sqliteDialect);
const describePg = (table: PgTable) => shapeOf(pgConfig(table), pgConfig as (t: never) => AnyConfig, pgDialect);

describe('schema parity (SQLite ↔ PostgreSQL)', () => {
  const left = tablesOf(sqlite as unknown as Record<string, unknown>);
  const right = tablesOf(pg as unknown as Record<string, unknown>);

  it('PostgreSQL migrations name no schema: the tables go to the connection’s search_path (one schema per deployment or test run)', () => {
    const dir = new URL('../../../drizzle/pg/', import.meta.url);
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(fs.readFileSync(new URL(f, dir), 'utf8'), f).not.toMatch(/"public"\./);
  });

  it('the aggregates hold every table of src/db/ and of each module, and each module has both dialects', async () => {
    const src = new URL('../../../src/', import.meta.url);
    const dirs = ['db/', ...fs.readdirSync(new URL('modules/', src)).map((area) => `modules/${area}/`)];
    for (const dir of dirs) {
      const has = (file: string) => fs.existsSync(new URL(`${dir}${file}`, src));
      expect([dir, has('tables.ts')]).toEqual([dir, has('tables.pg.ts')]);
      if (!has('tables.ts')) continue;
      for (const [file, all] of [['tables.ts', left], ['tables.pg.ts', right]] as const) {
        const own = tablesOf((await import(new URL(`${dir}${file}`, src).href)) as Record<string, unknown>);
        for (const [key, table] of Object.entries(own)) expect([dir, file, key, all[key] === table]).toEqual([dir, file, key, true]);
      }
    }
  });

  it('defines the same tables under the same names', () => {
    expect(Object.keys(right).sort()).toEqual(Object.keys(left).sort());
  });

  for (const key of Object.keys(left)) {
    it(`${key}: the same columns, keys, indexes and foreign keys`, () => {
      const a = describeSqlite(left[key] as SQLiteTable);
      const b = describePg(right[key] as PgTable);
      expect(b.name).toBe(a.name);
      expect(b.columns.map((c) => c.name)).toEqual(a.columns.map((c) => c.name));
      a.columns.forEach((col, i) => {
        const other = b.columns[i]!;
        expect({ column: col.name, notNull: other.notNull, primary: other.primary, hasDefault: other.hasDefault, boolean: other.boolean }).toEqual({
          column: col.name,
          notNull: col.notNull,
          primary: col.primary,
          hasDefault: col.hasDefault,
          boolean: col.boolean,
        });
        if (!col.boolean) expect(SAME_VALUES[col.type], `${key}.${col.name}: ${col.type} ↔ ${other.type}`).toContain(other.type);
      });
      expect(b.primaryKeys).toEqual(a.primaryKeys);
      expect(b.indexes).toEqual(a.indexes);
      expect(b.foreignKeys).toEqual(a.foreignKeys);
    });
  }
});
