import { sql, type RawBuilder } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

/** The few places where SQLite and PostgreSQL differ; everything else is portable Kysely. */
export interface Capabilities {
  dialect: Dialect;
  /**
   * `SELECT … FOR UPDATE` takes row locks that serialise concurrent commands (PostgreSQL). SQLite
   * runs one writer at a time, so it needs (and has) none.
   */
  rowLocks: boolean;
  /** DDL that makes a table append-only (UPDATE and DELETE raise). */
  appendOnly(table: string): RawBuilder<unknown>[];
  /** True when the driver error is a unique-constraint violation. */
  isUniqueViolation(err: unknown): boolean;
}

export const sqliteCapabilities: Capabilities = {
  dialect: 'sqlite',
  rowLocks: false,
  appendOnly: (t) => [
    sql.raw(`CREATE TRIGGER ${t}_no_update BEFORE UPDATE ON ${t} BEGIN SELECT RAISE(ABORT, 'append-only: ${t}'); END`),
    sql.raw(`CREATE TRIGGER ${t}_no_delete BEFORE DELETE ON ${t} BEGIN SELECT RAISE(ABORT, 'append-only: ${t}'); END`),
  ],
  isUniqueViolation: (err) =>
    typeof err === 'object' && err !== null && String((err as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT'),
};

export const postgresCapabilities: Capabilities = {
  dialect: 'postgres',
  rowLocks: true,
  appendOnly: (t) => [
    sql.raw(`CREATE OR REPLACE FUNCTION kabuto_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'append-only: %', TG_TABLE_NAME; END $$`),
    sql.raw(`CREATE TRIGGER ${t}_append_only BEFORE UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION kabuto_append_only()`),
  ],
  isUniqueViolation: (err) =>
    typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505',
};
