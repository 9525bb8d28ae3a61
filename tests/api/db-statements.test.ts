import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { statement, insertRow } from '../../src/server/db/compiled-statement';
import { rowStatement } from '../../src/server/db/sqlite-rows';
import type { Executor } from '../../src/server/db/executor';
import * as accounts from '../../src/server/modules/account/repo';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/db';

/*
 * The statements below the repositories (docs/decisions/018-request-path-performance.md,
 * "statements outside transactions"): on SQLite a compiled statement runs on the spot when no
 * transaction holds the connection, and rows are built from arrays. Neither may change an answer.
 */

let n = 0;
const newUser = (id = `0190d6b0-0000-7000-8000-${String(++n).padStart(12, '0')}`) => ({
  id,
  phone: `090${String(10_000_000 + n)}`,
  passwordHash: 'x',
  inviteCode: `INV${n}`,
  invitedBy: null,
  isAdmin: false,
  now: 1_700_000_000_000 + n,
});

describe.each(testDialects())('compiled statements (%s)', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(() => t.dispose());

  it("a read on the pool never sees a transaction's uncommitted row", async () => {
    const { db } = t.database;
    const u = newUser();
    const trx = await db.startTransaction().execute();
    await accounts.insert(trx, u);
    let seen: unknown = 'pending';
    const read = accounts.findInfoById(db, u.id).then((row) => (seen = row));
    try {
      // SQLite's one connection is the transaction's: the read waits for it. PostgreSQL's pool answers
      // from another connection, without the row; that answer is awaited, not timed, because opening
      // a second connection on a loaded host can take longer than any fixed wait.
      if (dialect === 'sqlite') {
        // Not a fixed wait: a read that did not wait for the transaction would run at once, on the
        // spot or through Kysely's promises, so it would have settled by the time a later statement
        // of the transaction has answered and a turn of the event loop has passed.
        await accounts.findInfoById(trx, u.id);
        await new Promise((r) => setImmediate(r));
        expect(seen).toBe('pending');
      } else {
        await read;
        expect(seen).toBeUndefined();
      }
    } finally {
      await trx.commit().execute();
    }
    await read;
    if (dialect === 'sqlite') expect(seen).toMatchObject({ id: u.id, phone: u.phone });
    expect(await accounts.findInfoById(db, u.id)).toMatchObject({ id: u.id, phone: u.phone, kyc_review: null });
  });

  it('a rolled-back row is never read, on the pool or after', async () => {
    const { db } = t.database;
    const u = newUser();
    const trx = await db.startTransaction().execute();
    await accounts.insert(trx, u);
    const read = accounts.findInfoById(db, u.id);
    await trx.rollback().execute();
    expect(await read).toBeUndefined();
    expect(await accounts.findInfoById(db, u.id)).toBeUndefined();
  });

  it("a write's result is Kysely's, and a failing statement rejects instead of throwing", async () => {
    const { db } = t.database;
    const put = insertRow('config');
    const row = { name: `test.statements.${++n}`, value_json: '1', updated_at: 1, updated_by: null };
    const result = await put(db, row);
    expect(result.numAffectedRows).toBe(1n);
    expect(result.rows).toEqual([]);
    let threw = false;
    let rejected: unknown;
    try {
      await put(db, row as never).catch((err: unknown) => {
        rejected = err;
      });
    } catch {
      threw = true;
    }
    expect(threw).toBe(false);
    expect(String(rejected)).toMatch(/unique|duplicate/i);
  });

  it('outside a transaction SQLite runs it on the spot; inside one, through the transaction', async () => {
    const { db } = t.database;
    const u = newUser();
    await accounts.insert(db, u);
    const byId = statement((h: Executor, id: string) => h.selectFrom('users').select(['id', 'phone']).where('id', '=', id), 1);
    const spy = vi.spyOn(db, 'executeQuery');
    try {
      expect((await byId(db, u.id)).rows).toEqual([{ id: u.id, phone: u.phone }]);
      expect(spy).toHaveBeenCalledTimes(dialect === 'sqlite' ? 0 : 1);
      await db.transaction().execute(async (trx) => {
        expect((await byId(trx, u.id)).rows).toEqual([{ id: u.id, phone: u.phone }]);
      });
    } finally {
      spy.mockRestore();
    }
  });
});

describe('rows built from arrays (SQLite)', () => {
  const sqlite = new SQLite(':memory:');
  afterAll(() => sqlite.close());

  // Column names of every kind SQLite accepts as an alias: quotes, backslashes, `${`, digits,
  // non-ASCII, the empty name, and names repeated in one select.
  const name = fc.oneof(
    fc.string({ maxLength: 8 }),
    fc.constantFrom('id', 'a"b', "a'b", 'a\\b', '${x}', '0', '1e3', 'constructor', 'toString', '日付', ''),
  );
  const value = fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.string(), fc.constant(null));

  it('give the same objects as better-sqlite3, key for key and in order, through all() and iterate()', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 3 }), (cols, rows) => {
        const select = cols.map(([c]) => `? as "${c.replaceAll('"', '""')}"`).join(', ');
        const sql = rows === 0 ? `select ${select} where 0` : Array.from({ length: rows }, () => `select ${select}`).join(' union all ');
        const params = Array.from({ length: Math.max(rows, 1) }, () => cols.map(([, v]) => v)).flat();
        const expected = sqlite.prepare(sql).all(params);
        const stmt = rowStatement(sqlite.prepare(sql));
        const got = stmt.all(params);
        expect(got).toEqual(expected);
        for (let i = 0; i < got.length; i++) expect(Object.keys(got[i] as object)).toEqual(Object.keys(expected[i] as object));
        expect([...stmt.iterate(params)]).toEqual(expected);
      }),
      { numRuns: 500, seed: 1 },
    );
  });

  it('a column named __proto__ stays a column (better-sqlite3 builds that row itself)', () => {
    const sql = `select 1 as "__proto__", 2 as b`;
    const got = rowStatement(sqlite.prepare(sql)).all([]) as Record<string, unknown>[];
    expect(got).toEqual(sqlite.prepare(sql).all());
    expect(Object.getPrototypeOf(got[0])).toBe(Object.prototype);
  });

  it('writes answer as before', () => {
    sqlite.exec('create table t (a integer primary key, b text)');
    const r = rowStatement(sqlite.prepare('insert into t (b) values (?)')).run(['x']);
    expect(r).toEqual({ changes: 1, lastInsertRowid: 1 });
  });
});

describe('kept statements across a schema change (SQLite)', () => {
  it('a kept `select *` reads the columns of the table as it is now, after ALTER TABLE adds, drops and renames', async () => {
    const t = await createTestDatabase('sqlite');
    try {
      const { db } = t.database;
      const { sql } = await import('kysely');
      await sql`create table probe (a integer, b text, c text)`.execute(db);
      await sql`insert into probe values (1, 'b', 'c')`.execute(db);
      const all = () => sql`select * from probe`.execute(db).then((r) => r.rows);
      expect(await all()).toEqual([{ a: 1, b: 'b', c: 'c' }]);
      await sql`alter table probe drop column b`.execute(db);
      expect(await all()).toEqual([{ a: 1, c: 'c' }]);
      await sql`alter table probe rename column c to d`.execute(db);
      expect(await all()).toEqual([{ a: 1, d: 'c' }]);
      await sql`alter table probe add column e integer default 5`.execute(db);
      expect(await all()).toEqual([{ a: 1, d: 'c', e: 5 }]);
    } finally {
      await t.dispose();
    }
  });
});
