/**
 * The one recipe for every command that moves money (docs/architecture.md, "A money command";
 * docs/decisions/005): the account-state guard, reads that must happen before the transaction,
 * then idempotency + one database transaction + the clock's instant, together.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Clock } from '../clock';

/** The part of the Ledger a money command needs (the ledger's `withIdempotency` and `answerOnce`). */
export interface IdempotentRunner {
  withIdempotency<T>(scope: string, key: string, requestBody: unknown, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
  answerOnce<T>(scope: string, key: string, requestBody: unknown, work: () => Promise<T>): Promise<T>;
}

export interface MoneyCommandContext<P> {
  /** The command's only transaction: every posting and row change goes through it. */
  trx: Transaction<DB>;
  /** The instant of the command, read once inside the transaction. */
  now: number;
  /** What `prepare` read before the transaction. */
  prepared: P;
}

export interface MoneyCommand<T, P = undefined> {
  /** Whose keys: a user id, or `admin:<id>` for commands an admin runs. */
  scope: string;
  /** The client's Idempotency-Key (one per user action, kept across retries). */
  key: string;
  /** Names the operation in the request hash, so one key cannot serve two kinds of command. */
  op: string;
  /** The request as the client sent it: a repeat with another body is a 409. */
  request: Record<string, unknown>;
  /** The time this command acts at (trading uses the market clock). */
  clock: Clock;
  /**
   * Refuses the command (account states, KYC, the fund password…): throws a DomainError. Runs
   * after the key's stored answer was looked for, so a retry of a done command never reaches it.
   */
  guard?: () => void | Promise<void>;
  /**
   * The guard checks a counted secret (the fund password): the key's stored answer is then read
   * before it, so a retry of a done command neither spends an attempt nor meets the lock.
   */
  guardCountsAttempts?: boolean;
  /**
   * Reads done before the transaction opens. On SQLite a pool read inside the transaction would
   * wait for that same transaction, so config and the like are read here.
   */
  prepare?: () => Promise<P>;
  run: (ctx: MoneyCommandContext<P>) => Promise<T>;
}

/**
 * Runs a money command at most once per (scope, key); its result is plain JSON (see idempotency.ts).
 * When the guard counts attempts, the key's stored answer is read first and same-key calls take
 * turns (answerOnce): a retry of a command already done gets its result, never the guard's refusal.
 * Other commands (every order) skip that extra read: their guards count nothing.
 */
export async function moneyCommand<T, P = undefined>(ledger: IdempotentRunner, cmd: MoneyCommand<T, P>): Promise<T> {
  const request = { op: cmd.op, ...cmd.request };
  const execute = async () => {
    await cmd.guard?.();
    const prepared = (cmd.prepare ? await cmd.prepare() : undefined) as P;
    return ledger.withIdempotency(cmd.scope, cmd.key, request, (trx) => cmd.run({ trx, now: cmd.clock.now(), prepared }));
  };
  return cmd.guard && cmd.guardCountsAttempts ? ledger.answerOnce(cmd.scope, cmd.key, request, execute) : execute();
}
