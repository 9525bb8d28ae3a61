import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { uuidv7 } from 'uuidv7';
import { afterAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { enrolPasskey, envelopeCall, passkeySignIn } from '../support/passkey-session';
import { isRunning, ownProcesses } from '../support/processes';
import { callServer, freePort, startServerProcess } from '../support/server-process';

/**
 * Crash safety of the write path (docs/decisions/018-request-path-performance.md): the real server
 * (`src/server/main.ts`, embedded SQLite, job runner on) takes a stream of orders and is killed with
 * SIGKILL while some are in flight. Every order it acknowledged must be in the database afterwards,
 * none twice, and the ledger must still balance: an order is acknowledged only after its
 * transaction committed, and the house balance updates held back to the end of a money command are
 * part of that same transaction.
 */
const ADMIN = { phone: '09000000077', password: 'crash-admin-pass-1', invite: 'CRASH' };
const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-crash-'));
let child: ChildProcess | undefined;
const processes = ownProcesses();

// Also after a time-out: the server must not outlive the test (tests/support/processes.ts).
afterAll(() => {
  processes.killAll();
  rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (port: number): Promise<ChildProcess> =>
  startServerProcess(processes, port, dataDir, {
    KABUTO_MARKET_CLOCK: 'always-open',
    KABUTO_ADMIN_PHONE: ADMIN.phone,
    KABUTO_ADMIN_PASSWORD: ADMIN.password,
    KABUTO_ROOT_INVITE: ADMIN.invite,
  });
const call = callServer;

describe('kill -9 during a stream of orders (SQLite, the real server process)', () => {
  it('keeps every acknowledged order exactly once and the ledger balanced', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = await startServer(port);

    // Grants are back-office commands: an admin's passkey session (docs/decisions/008-passkeys.md, "Staff").
    const adminKey = new SoftAuthenticator(base);
    await enrolPasskey(envelopeCall(base), ADMIN, adminKey);
    const admin = { token: await passkeySignIn(envelopeCall(base), adminKey) };
    const phone = '08077770001';
    const password = 'crash-user-pass-1';
    const reg = await call(base, 'POST', 'user/register', { body: { phone, password, password2: password, inviteCode: ADMIN.invite, agree: true } });
    const me = await call(base, 'GET', 'user/info', { token: reg.token });
    await call(base, 'POST', `admin/users/${me.id}/grant`, {
      token: admin.token, key: uuidv7(), body: { currency: 'JPY', amount: 10_000_000_000, reason: 'crash test funds' },
    });

    // Orders from 8 concurrent senders until the process dies; the kill lands after 60 acknowledgements.
    const acknowledged = new Map<string, string>(); // Idempotency-Key → order id
    let killed = false;
    const sender = async () => {
      // Also stops if the server died some other way (or afterAll killed it): no loop outlives it.
      while (!killed && isRunning(child!)) {
        const key = uuidv7();
        try {
          const order = await call(base, 'POST', 'trade/orders', {
            token: reg.token, key, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 },
          });
          acknowledged.set(key, String(order.id));
          if (acknowledged.size >= 60 && !killed) {
            killed = true;
            child!.kill('SIGKILL');
          }
        } catch {
          // in flight when the process died: never acknowledged, may or may not have committed
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    await new Promise<void>((r) => (child!.exitCode !== null || child!.signalCode !== null ? r() : child!.once('exit', () => r())));
    expect(child.signalCode).toBe('SIGKILL');

    // The database as the crash left it (SQLite replays its WAL on open).
    const db = new Database(join(dataDir, 'kabuto.db'));
    try {
      const ids = new Set((db.prepare('select id from trade_position where user_id = ?').all(me.id) as Array<{ id: string | number }>).map((r) => String(r.id)));
      const missing = [...acknowledged.values()].filter((id) => !ids.has(id));
      expect(missing).toEqual([]);
      expect(acknowledged.size).toBeGreaterThanOrEqual(60);
      // Each acknowledged key is one order: no position shared by two acknowledgements.
      expect(new Set(acknowledged.values()).size).toBe(acknowledged.size);
      // Double entry: every entry's postings sum to zero per currency, and balances equal their postings.
      const unbalanced = db.prepare('select entry_id, currency, sum(amount) as s from posting group by entry_id, currency having sum(amount) <> 0').all();
      expect(unbalanced).toEqual([]);
      const drift = db
        .prepare(
          `select b.account_id from balance b left join (select account_id, sum(amount) as s from posting group by account_id) p on p.account_id = b.account_id
           where b.amount <> coalesce(p.s, 0)`,
        )
        .all();
      expect(drift).toEqual([]);
    } finally {
      db.close();
    }

    // The restarted server serves the same user, and a replayed acknowledged key answers the stored order.
    child = await startServer(port);
    const [key, id] = [...acknowledged.entries()][0]!;
    const replay = await call(base, 'POST', 'trade/orders', {
      token: reg.token, key, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 },
    });
    expect(String(replay.id)).toBe(id);
    child.kill('SIGTERM');
    await new Promise<void>((r) => (child!.exitCode !== null ? r() : child!.once('exit', () => r())));
    // Two starts of the real server (tsx compiles it each time; ~11 s in all on the 2-core box):
    // room for a host three times slower, and a start that never answers fails first, with its output.
  }, 180_000);
});
