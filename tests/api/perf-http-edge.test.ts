import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testDialects } from '../support/db';
import { migrate } from '../../src/server/db/migrate';
import { migrations } from '../../src/server/db/migrations';
import { SessionService } from '../../src/server/modules/account/sessions';
import * as users from '../../src/server/modules/account/repo';
import { systemClock } from '../../src/server/clock';
import pino from 'pino';
import { accessLogger } from '../../src/server/logger';

/*
 * The HTTP edge's shortcuts keep the behaviour (docs/decisions/018-request-path-performance.md,
 * "the HTTP edge").
 */
describe('the access log', () => {
  it('writes the very line pino wrote for the same fields, to the logger\'s stream, at its level', () => {
    const lines: string[] = [];
    const log = pino({ level: 'info', base: undefined }, { write: (line: string) => void lines.push(line) });
    const path = '/api/vue/x"y\\z\u0001ü';
    const now = Date.now;
    Date.now = () => 1_764_000_000_000;
    try {
      log.info({ reqId: 'abc-1=', method: 'GET', path, status: 200, ms: 3 }, 'request');
      accessLogger(log)('abc-1=', 'GET', path, 200, 3);
    } finally {
      Date.now = now;
    }
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
    log.level = 'warn';
    accessLogger(log)('abc-1=', 'GET', path, 200, 3);
    expect(lines).toHaveLength(2);
  });
});

describe.each(testDialects())('the HTTP edge (%s)', (dialect) => {
  it('migration 2026-11-26-004 moves a database from the (user_id, created_at) index to the latest-submission one', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const db = t.database.db;
      // As a database migrated before 004 existed: the old index, no record of 004 nor of any later
      // migration (each undone, newest first, as Kysely refuses a gap in what was executed).
      const names = Object.keys(migrations).sort();
      for (const name of names.slice(names.indexOf('2026-11-26-004-kyc-latest-index')).reverse()) {
        await migrations[name]!(t.database.caps).down!(db as never);
        await db.deleteFrom('kysely_migration' as never).where('name' as never, '=', name as never).execute();
      }
      await migrate(t.database);
      const indexes = dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'kyc_submission'`.execute(db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'kyc_submission'`.execute(db)).rows;
      expect(indexes.map((r) => r.name)).toContain('kyc_submission_user_latest');
      expect(indexes.map((r) => r.name)).not.toContain('kyc_submission_user');
    } finally {
      await t.dispose();
    }
  });

  it('the session cache drops a session or a user at once, through its index, and leaves nothing behind', async () => {
    const t = await createTestDatabase(dialect);
    try {
      const sessions = new SessionService(t.database, systemClock);
      const inner = sessions as unknown as { cache: Map<string, unknown>; tokensOfUser: Map<string, Set<string>>; tokenOfSession: Map<string, string> };
      const made: { user: string; token: string; id: string }[] = [];
      for (const [i, user] of ['u1', 'u2'].entries()) {
        await users.insert(t.database.db, { id: user, phone: `0900000000${i}`, passwordHash: 'x', inviteCode: `INV${i}`, invitedBy: null, isAdmin: false, now: systemClock.now() });
        for (let n = 0; n < 3; n++) made.push({ user, ...(await sessions.create(t.database.db, user, null)) });
      }
      for (const m of made) expect((await sessions.authenticate(m.token)).sessionId).toBe(m.id);
      expect(inner.cache.size).toBe(6);

      sessions.forget(made[0]!.id);
      expect(inner.cache.has(made[0]!.token)).toBe(false);
      expect(inner.cache.size).toBe(5);
      expect(inner.tokensOfUser.get('u1')?.size).toBe(2);

      sessions.forgetUser('u1');
      expect([...inner.cache.keys()].sort()).toEqual(made.filter((m) => m.user === 'u2').map((m) => m.token).sort());
      expect(inner.tokensOfUser.has('u1')).toBe(false);
      expect([...inner.tokenOfSession.keys()].sort()).toEqual(made.filter((m) => m.user === 'u2').map((m) => m.id).sort());

      // A revoke in this process ends the session at once; the others of the user stay cached.
      await sessions.revoke(made[3]!.id);
      await expect(sessions.authenticate(made[3]!.token)).rejects.toMatchObject({ messageId: 'session_expired' });
      expect(inner.cache.size).toBe(2);
      await sessions.revokeAllForUser(t.database.db, 'u2', made[4]!.id);
      await expect(sessions.authenticate(made[5]!.token)).rejects.toMatchObject({ messageId: 'session_expired' });
      expect((await sessions.authenticate(made[4]!.token)).sessionId).toBe(made[4]!.id);
      expect([...inner.cache.keys()]).toEqual([made[4]!.token]);
      expect([...inner.tokensOfUser.entries()]).toEqual([['u2', new Set([made[4]!.token])]]);
      expect([...inner.tokenOfSession.entries()]).toEqual([[made[4]!.id, made[4]!.token]]);
    } finally {
      await t.dispose();
    }
  });
});
