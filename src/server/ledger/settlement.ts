/**
 * Settlement of sale proceeds (docs/decisions/009-trading-money-conventions.md): a close credits
 * `unsettled` and records what settles when (T+2); on the settlement date the money moves to
 * settled cash, repaying a shortfall first.
 *
 * The rule the job keeps is an invariant rather than a replay of rows: `unsettled` never holds more
 * than the proceeds whose settlement date is still ahead. Anything above that settles now. So
 * proceeds spent on a new buy simply settle less, and a reservation that returns to `unsettled`
 * after its settlement date (a cancelled order) settles at the next run.
 */
import type { Kysely, Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../db/schema';
import type { Capabilities } from '../db/capabilities';
import type { Currency } from '../../shared/money';
import { encodeMemo } from '../../shared/domain/ledger-kinds';
import { postEntry } from './post';
import { lockWallet, Postings } from './postings';
import { noteShortfall } from './shortfall';

export interface SettlementInput {
  userId: string;
  currency: string;
  positionId: string | null;
  amount: number;
  tradeDate: string;
  settlesOn: string;
  at: number;
}

/** Records proceeds just credited to `unsettled` (same transaction as the entry). */
export async function recordSettlement(db: Kysely<DB>, s: SettlementInput): Promise<void> {
  if (s.amount <= 0) return;
  await db
    .insertInto('trade_settlement')
    .values({ id: uuidv7(), user_id: s.userId, currency: s.currency, position_id: s.positionId, amount: s.amount, trade_date: s.tradeDate, settles_on: s.settlesOn, created_at: s.at })
    .execute();
}

/** Proceeds still to settle after `today`, by date (oldest first). */
export async function pendingSettlements(db: Kysely<DB>, userId: string, currency: string, today: string) {
  const rows = await db
    .selectFrom('trade_settlement')
    .select(['settles_on', (eb) => eb.fn.sum<number | string>('amount').as('amount')])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('settles_on', '>', today)
    .groupBy('settles_on')
    .orderBy('settles_on')
    .execute();
  return rows.map((r) => ({ settlesOn: r.settles_on, amount: Number(r.amount) }));
}

/** Users holding unsettled money, one row per (user, currency): the settlement job's work list. */
export async function unsettledHolders(db: Kysely<DB>): Promise<Array<{ userId: string; currency: Currency }>> {
  const rows = await db
    .selectFrom('balance')
    .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
    .select(['ledger_account.owner', 'ledger_account.currency'])
    .where('ledger_account.kind', '=', 'unsettled')
    .where('balance.amount', '>', 0)
    .execute();
  return rows.map((r) => ({ userId: r.owner, currency: r.currency as Currency }));
}

/** Settles what is due for one user and currency; returns the amount settled (0 when nothing was due). */
export async function settleDue(trx: Transaction<DB>, caps: Capabilities, userId: string, currency: Currency, today: string, at: number): Promise<number> {
  const wallet = await lockWallet(trx, caps, userId, currency);
  const ahead = (await pendingSettlements(trx, userId, currency, today)).reduce((sum, s) => sum + s.amount, 0);
  const due = wallet.unsettled - ahead;
  if (due <= 0) return 0;
  const p = new Postings(userId, currency, wallet).own('unsettled', -due);
  p.credit('cash', due);
  await postEntry(trx, {
    kind: 'settlement', userId, refType: 'settlement', refId: null,
    memo: encodeMemo({ id: 'memo_settlement', params: { settledOn: today } }), postings: p.list,
  }, at);
  await noteShortfall(trx, p, at);
  return due;
}
