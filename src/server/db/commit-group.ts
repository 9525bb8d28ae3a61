import type { ControlledTransaction, Kysely, Transaction } from 'kysely';
import type { DB } from './schema';

/**
 * Group commit for SQLite (docs/decisions/018-request-path-performance.md, "group
 * commit"). SQLite has one writer, so money commands already run one after another; each paid its
 * own BEGIN and COMMIT, and COMMIT (writing the transaction's pages to the WAL) was the largest
 * single cost of an order. Commands that are waiting when the writer is free now share one
 * transaction, each in a savepoint of its own:
 * - a command that throws is rolled back to its savepoint and gets its own error, exactly as if
 *   its transaction had rolled back; the others are unaffected;
 * - **no command gets its answer before the group's COMMIT has returned** — a success, a refusal
 *   and a repeat's stored result alike, because a later command's reads could have seen an earlier
 *   one's uncommitted rows. If COMMIT (or the savepoint machinery) fails, every command of the group
 *   gets that error and nothing of the group is kept, so each may be retried with its key;
 * - commands join in the order they asked, and a group ends when no command is waiting or at
 *   `MAX_COMMANDS` / `MAX_GROUP_MS`, so the first command's answer is never held for long.
 * Under light load a group is one command (one SAVEPOINT and RELEASE more than before); under a
 * burst the queue drains in fewer, larger commits.
 *
 * PostgreSQL is not grouped: its commands run concurrently on their own connections, and a shared
 * transaction would serialise them.
 */

/** A group takes at most this many commands… */
export const MAX_COMMANDS = 64;
/** …and stops taking more once it has run this long (ms of real time). */
export const MAX_GROUP_MS = 4;

type Work<T> = (trx: Transaction<DB>) => Promise<T>;

interface Waiting {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** A command's savepoint handle → the group's transaction (accounts.ts keeps what a group created). */
const rootOf = new WeakMap<object, object>();

/** The transaction a handle belongs to: the group's for a command run in a group, else itself. */
export function transactionRoot(trx: object): object {
  return rootOf.get(trx) ?? trx;
}

export class CommitGroups {
  private readonly queue: Waiting[] = [];
  private draining = false;
  /** Groups committed and commands in them, for the bench and the tests. */
  readonly stats = { groups: 0, commands: 0 };
  /** When a group stops taking commands (tests set them to make the grouping exact). */
  readonly limits = { commands: MAX_COMMANDS, ms: MAX_GROUP_MS };

  constructor(
    private readonly db: Kysely<DB>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `work` in the next group's transaction; settles after that transaction has committed. */
  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work: work as Work<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.draining) {
        this.draining = true;
        // The commands of every request read in this turn of the event loop join the first group.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) await this.group();
    } finally {
      this.draining = false;
      if (this.queue.length) {
        this.draining = true;
        setImmediate(() => void this.drain());
      }
    }
  }

  private async group(): Promise<void> {
    const members: Waiting[] = [];
    const outcomes: Outcome[] = [];
    let trx: ControlledTransaction<DB> | undefined;
    try {
      trx = await this.db.startTransaction().execute();
      const started = this.now();
      while (this.queue.length && members.length < this.limits.commands && (members.length === 0 || this.now() - started < this.limits.ms)) {
        const member = this.queue.shift()!;
        members.push(member);
        outcomes.push(await runInSavepoint(trx, member.work));
      }
      await trx.commit().execute();
    } catch (error) {
      // The transaction is gone or unusable: nothing of this group was kept.
      if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => {});
      for (const m of members) m.reject(error);
      if (!trx) for (const m of this.queue.splice(0)) m.reject(error); // could not even begin
      return;
    }
    this.stats.groups++;
    this.stats.commands += members.length;
    members.forEach((m, i) => {
      const o = outcomes[i]!;
      if (o.ok) m.resolve(o.value);
      else m.reject(o.error);
    });
  }
}

/**
 * One command in a savepoint. Its own failure is its outcome; a failure to roll back to the
 * savepoint (SQLite already rolled the whole transaction back, say) fails the group.
 */
async function runInSavepoint(trx: ControlledTransaction<DB>, work: Work<unknown>): Promise<Outcome> {
  const sp = await trx.savepoint('command').execute();
  rootOf.set(sp, trx);
  let outcome: Outcome;
  try {
    outcome = { ok: true, value: await work(sp) };
  } catch (error) {
    outcome = { ok: false, error };
    await sp.rollbackToSavepoint('command').execute();
  }
  await sp.releaseSavepoint('command').execute();
  return outcome;
}

const groupsOf = new WeakMap<Kysely<DB>, CommitGroups>();

/** The commit groups of a SQLite database (one writer, one queue). */
export function commitGroups(db: Kysely<DB>): CommitGroups {
  let g = groupsOf.get(db);
  if (!g) groupsOf.set(db, (g = new CommitGroups(db)));
  return g;
}
