import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import type { DB } from '../../src/server/db/schema';
import { commitGroups, MAX_COMMANDS } from '../../src/server/db/commit-group';
import { ManualClock } from '../../src/server/clock';
import { DomainError, ruleBroken } from '../../src/server/errors';
import { HOUSE, Ledger } from '../../src/server/ledger';
import { grantPostings } from '../support/ledger';

/*
 * Group commit on SQLite (src/server/db/commit-group.ts, docs/decisions/018-request-path-performance.md):
 * money commands waiting together share one transaction, a savepoint each. What must hold, whatever
 * the grouping: a command is answered only after its group committed (checked from a second
 * connection, which sees committed rows only); one command's failure undoes that command alone; a
 * failed COMMIT answers every command of its group with the failure and keeps nothing of it.
 * SQLite only: PostgreSQL commands keep a transaction each (idempotency.ts).
 */
describe('commit groups (sqlite)', () => {
  let dir: string;
  let database: Database;
  let observer: SQLite.Database;
  let ledger: Ledger;
  const clock = new ManualClock(Date.parse('2026-12-01T00:00:00Z'));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kabuto-group-'));
    database = openDatabase({ kind: 'sqlite', file: join(dir, 'group.db') });
    await migrate(database);
    observer = new SQLite(join(dir, 'group.db'), { readonly: true });
    ledger = new Ledger(database, clock);
    // Groups end when no command waits, never on time: the grouping exact, whatever the machine's speed.
    commitGroups(database.db).limits.ms = Infinity;
  });
  afterAll(async () => {
    observer?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What another connection sees committed for an idempotency key. */
  const committedKey = (scope: string, key: string) =>
    observer.prepare('select status from idempotency where scope = ? and key = ?').get(scope, key) as { status: string } | undefined;
  const committedCash = (user: string) =>
    (
      observer.prepare(`select b.amount from balance b join ledger_account a on a.id = b.account_id where a.owner = ? and a.kind = 'cash'`).get(user) as
        { amount: number } | undefined
    )?.amount;

  const committedHouse = (kind: string) =>
    (observer.prepare(`select b.amount from balance b join ledger_account a on a.id = b.account_id where a.owner = ? and a.kind = ?`).get(HOUSE, kind) as { amount: number } | undefined)
      ?.amount;

  const grant = (user: string, key: string, amount: number) =>
    ledger.withIdempotency(user, key, { op: 'grant', amount }, (trx) =>
      ledger
        .post(trx, {
          kind: 'grant',
          userId: user,
          memo: '',
          postings: grantPostings(user, 'JPY', amount),
        })
        .then(() => ({ granted: amount })),
    );

  /** A COMMIT that fails: a dangling reference checked only at COMMIT (deferred foreign keys). */
  const poisonCommit = async (trx: Transaction<DB>) => {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
    await trx
      .insertInto('balance')
      .values({
        account_id: `missing-${uuidv7()}`,
        currency: 'JPY',
        amount: 0,
        floor_zero: 0,
        version: 0,
        updated_at: clock.now(),
      })
      .execute();
  };

  it('answers each command of a group only after the group committed', async () => {
    const groups = commitGroups(database.db);
    const before = { ...groups.stats };
    const users = Array.from({ length: 5 }, () => uuidv7());
    const seenAtAnswer: (string | undefined)[] = [];
    await Promise.all(
      users.map((u) =>
        grant(u, 'k1', 1_000).then(() => {
          seenAtAnswer.push(committedKey(u, 'k1')?.status);
        }),
      ),
    );
    expect(seenAtAnswer).toEqual(['done', 'done', 'done', 'done', 'done']);
    // Asked in one turn of the event loop, so they shared one COMMIT.
    expect(groups.stats.groups - before.groups).toBe(1);
    expect(groups.stats.commands - before.commands).toBe(5);
    for (const u of users) expect(committedCash(u)).toBe(1_000);

    // At most `limits.commands` a group: five asked together commit in three groups.
    groups.limits.commands = 2;
    try {
      const more = Array.from({ length: 5 }, () => uuidv7());
      const mid = { ...groups.stats };
      await Promise.all(more.map((u) => grant(u, 'k1', 10)));
      expect(groups.stats.groups - mid.groups).toBe(3);
      for (const u of more) expect(committedCash(u)).toBe(10);
    } finally {
      groups.limits.commands = MAX_COMMANDS;
    }
  });

  it('rolls a failing command back alone, and its key stays free', async () => {
    const [a, b, c] = [uuidv7(), uuidv7(), uuidv7()];
    const results = await Promise.allSettled([
      grant(a, 'k', 500),
      ledger.withIdempotency(b, 'k', { op: 'fails' }, async (trx) => {
        await ledger.post(trx, {
          kind: 'grant',
          userId: b,
          memo: '',
          postings: grantPostings(b, 'JPY', 700),
        });
        throw ruleBroken('balance_insufficient');
      }),
      grant(c, 'k', 300),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
    expect(committedCash(a)).toBe(500);
    expect(committedCash(c)).toBe(300);
    expect(committedCash(b)).toBeUndefined(); // its accounts were rolled back with it
    expect(committedKey(b, 'k')).toBeUndefined();
    await expect(grant(b, 'k', 700)).resolves.toEqual({ granted: 700 });
    expect(committedCash(b)).toBe(700);
  });

  it('a failed COMMIT fails every command of the group and keeps none of them', async () => {
    const [a, b] = [uuidv7(), uuidv7()];
    const house = committedHouse('demo_grant');
    const results = await Promise.allSettled([
      grant(a, 'k', 100),
      ledger.withIdempotency(uuidv7(), 'k', { op: 'poison' }, async (trx) => {
        await poisonCommit(trx);
        return { ok: true };
      }),
      grant(b, 'k', 200),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedKey(a, 'k')).toBeUndefined();
    expect(committedKey(b, 'k')).toBeUndefined();
    expect(committedCash(a)).toBeUndefined();
    const houseAfter = committedHouse('demo_grant');
    expect(houseAfter).toBe(house); // the house's deferred move went with the group
    // The same keys go through on a retry.
    await expect(grant(a, 'k', 100)).resolves.toEqual({ granted: 100 });
    await expect(grant(b, 'k', 200)).resolves.toEqual({ granted: 200 });
  });

  it('keeps no account id that only an uncommitted group had (accounts.ts)', async () => {
    const u = uuidv7();
    // The first creates u's accounts, the second finds them (uncommitted, same group), the third
    // makes the COMMIT fail: none of those accounts exist afterwards.
    const results = await Promise.allSettled([
      grant(u, 'first', 10),
      grant(u, 'second', 20),
      ledger.withIdempotency(uuidv7(), 'k', { op: 'poison' }, async (trx) => {
        await poisonCommit(trx);
        return null;
      }),
    ]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(committedCash(u)).toBeUndefined();
    // Had the second command kept the ids it found, this would post to accounts that do not exist.
    await expect(grant(u, 'third', 30)).resolves.toEqual({ granted: 30 });
    expect(committedCash(u)).toBe(30);
  });

  it('a command asked while a group runs joins a later group, and every answer still follows its COMMIT', async () => {
    const users = Array.from({ length: 40 }, () => uuidv7());
    const answers: (string | undefined)[] = [];
    const asks: Promise<unknown>[] = [];
    // Spread over several turns of the event loop: some groups, not one.
    for (let i = 0; i < users.length; i++) {
      if (i % 10 === 0) await new Promise((r) => setImmediate(r));
      asks.push(grant(users[i]!, 'k', i + 1).then(() => answers.push(committedKey(users[i]!, 'k')?.status)));
    }
    await Promise.all(asks);
    expect(answers).toHaveLength(40);
    expect(answers.every((s) => s === 'done')).toBe(true);
    users.forEach((u, i) => expect(committedCash(u)).toBe(i + 1));
  });
});
