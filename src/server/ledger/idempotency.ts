import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Clock } from '../clock';
import { conflict, invalid } from '../errors';
import { applyDeferredBalances, deferHouseBalances } from './post';
import { statement } from '../db/compiled-statement';
import { commitGroups } from '../db/commit-group';

// Every money command's three statements, compiled once per database (db/compiled-statement.ts).
const claimKey = statement(
  (db, scope: string, key: string, hash: string, at: number) =>
    db
      .insertInto('idempotency')
      .values({ scope, key, request_hash: hash, status: 'pending', response_json: null, created_at: at })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key'),
  4,
);
const storeResult = statement(
  (db, scope: string, key: string, stored: string) =>
    db.updateTable('idempotency').set({ status: 'done', response_json: stored }).where('scope', '=', scope).where('key', '=', key),
  3,
);
const readKey = statement(
  (db, scope: string, key: string) =>
    db.selectFrom('idempotency').select(['request_hash', 'status', 'response_json']).where('scope', '=', scope).where('key', '=', key),
  2,
);

/**
 * JSON with object keys sorted at every level, so the same request body always hashes the same
 * whatever order the client wrote its fields in. Follows JSON.stringify otherwise (toJSON,
 * undefined and functions dropped from objects, null in arrays).
 */
export function canonicalJson(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      v = (v as { toJSON(): unknown }).toJSON();
    }
    if (Array.isArray(v)) return v.map((x) => (x === undefined || typeof x === 'function' ? null : walk(x)));
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) {
        const x = (v as Record<string, unknown>)[k];
        if (x !== undefined && typeof x !== 'function') out[k] = walk(x);
      }
      return out;
    }
    return v;
  };
  return JSON.stringify(walk(value)) ?? 'null';
}

export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

export const IDEMPOTENCY_KEY_MAX = 128;

function checkKey(scope: string, key: string): void {
  if (!scope) throw new Error('idempotency: empty scope');
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) throw invalid();
}

/**
 * Runs `fn` at most once per (scope, key) (docs/architecture.md "The money model"), all in one transaction
 * (on SQLite a savepoint in a commit group: db/commit-group.ts):
 *  1. claim the key: INSERT … ON CONFLICT DO NOTHING. On PostgreSQL a concurrent claimer of the
 *     same key waits on the primary key until the first transaction ends;
 *  2. claimed → run fn, store its result, commit. fn throwing rolls everything back, the claim
 *     included, so a failed command leaves the key free for a retry;
 *  3. not claimed → the row is committed: same body hash → the stored result (fn not run);
 *     different hash → 409 idempotency_key_reused.
 * Results go through JSON, and the first caller gets the same parsed copy as every repeat, so
 * all callers see identical values. T must therefore be plain JSON data.
 */
export async function withIdempotency<T>(
  database: Database,
  clock: Clock,
  scope: string,
  key: string,
  requestBody: unknown,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  checkKey(scope, key);
  const hash = requestHash(requestBody);

  // SQLite: the command joins a commit group, a savepoint of its own in a shared transaction, and
  // settles after that transaction commits (db/commit-group.ts). PostgreSQL: a transaction of its own.
  const transact = <R>(work: (trx: Transaction<DB>) => Promise<R>) =>
    database.caps.dialect === 'sqlite' ? commitGroups(database.db).run(work) : database.db.transaction().execute(work);

  return transact(async (trx) => {
    // A claim can only miss a row if something deleted it in between (e.g. an expiry job):
    // then simply claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed = (await claimKey(trx, scope, key, hash, clock.now())).rows[0];

      if (claimed) {
        deferHouseBalances(trx);
        const result = await fn(trx);
        const stored = JSON.stringify(result ?? null);
        await storeResult(trx, scope, key, stored);
        // House balances last, just before COMMIT (post.ts, deferHouseBalances).
        await applyDeferredBalances(trx);
        return JSON.parse(stored) as T;
      }

      const row = (await readKey(trx, scope, key)).rows[0];
      if (!row) continue;
      return storedAnswer<T>(row, hash);
    }
    throw new Error(`idempotency: could not claim ${scope}/${key}`);
  });
}

/** A taken key's answer: its stored result, or 409 when it served another request. */
function storedAnswer<T>(row: { request_hash: string; status: string; response_json: string | null }, hash: string): T {
  if (row.request_hash !== hash) throw conflict('idempotency_key_reused');
  // Claim and result commit together, so 'pending' is never visible; guard anyway.
  if (row.status !== 'done' || row.response_json === null) throw conflict('fund_operation_in_progress');
  return JSON.parse(row.response_json) as T;
}

/** Per database: the last call of each (scope, key) this process runs through answerOnce. */
const turnsOf = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Runs `work` once every earlier call of this process with the same `id` has settled (succeeded or not). */
function inTurn<T>(database: Database, id: string, work: () => Promise<T>): Promise<T> {
  let turns = turnsOf.get(database.db);
  if (!turns) turnsOf.set(database.db, (turns = new Map()));
  const previous = turns.get(id);
  const mine = previous ? previous.then(work, work) : work();
  turns.set(id, mine);
  const leave = () => {
    if (turns.get(id) === mine) turns.delete(id);
  };
  mine.then(leave, leave);
  return mine;
}

/**
 * For a command whose guard runs before its transaction (docs/decisions/007-password-checks.md):
 * a key already done answers its stored result (409 for another body) BEFORE `work` runs, so a
 * retry is never refused by a guard, least of all one that counts attempts (the fund password's).
 * Calls of this process with the same key run one at a time: a retry that arrives while the first
 * is in flight waits for it, then answers its stored result — or, if the first failed (its key
 * stays free), runs `work` itself. A retry reaching another instance meanwhile runs its own guard,
 * then waits on the key in withIdempotency like any duplicate.
 */
export function answerOnce<T>(database: Database, scope: string, key: string, requestBody: unknown, work: () => Promise<T>): Promise<T> {
  checkKey(scope, key);
  const hash = requestHash(requestBody);
  return inTurn(database, `${scope}\u0000${key}`, async () => {
    const row = (await readKey(database.db, scope, key)).rows[0];
    return row ? storedAnswer<T>(row, hash) : work();
  });
}
