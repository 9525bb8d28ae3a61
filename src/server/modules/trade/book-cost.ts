/**
 * 取得価額 by 総平均法 on the database (book-cost-rules.ts has the arithmetic): what a cash holding of
 * a stock cost in total, and the 取得費 a close of one of its rows takes off, re-averaging the rest.
 * Keyed by user, stock and account (預り区分, issue 38): the 特定 and NISA holdings of one stock are
 * separate pools (heldCashRows).
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { HELD_STATUSES } from '../../../shared/domain/position';
import { averageUnitCost, bookOf, saleCost, spread } from './book-cost-rules';
import { isCashHolding } from './sell-rules';
import { setBookCost, userRowsOfCode, type PositionRow } from './repo';

export interface HoldingBook {
  /** 取得価額 of the held cash shares, yen. */
  total: number;
  shares: number;
}

async function heldCashRows(db: Kysely<DB>, userId: string, code: string, account: string): Promise<PositionRow[]> {
  const rows = await userRowsOfCode(db, userId, code, HELD_STATUSES);
  return rows.filter((r) => isCashHolding(r) && r.contract_value !== null && r.account_type === account);
}

const sumOf = (rows: readonly PositionRow[]): HoldingBook => ({
  total: rows.reduce((a, r) => a + bookOf(r), 0),
  shares: rows.reduce((a, r) => a + r.quantity, 0),
});

/** The 取得価額 and shares of the user's cash holding of a stock in one account (read only). */
export async function holdingBook(db: Kysely<DB>, userId: string, code: string, account: string): Promise<HoldingBook> {
  return sumOf(await heldCashRows(db, userId, code, account));
}

/**
 * The 取得費 a close of cash row `pos` would take now, without writing (the close preview), and the
 * holding's 平均取得単価 it is taken at (price units, as 保有証券 shows it).
 */
export async function previewSaleCost(db: Kysely<DB>, pos: PositionRow): Promise<{ cost: number; averageCost: number }> {
  const rows = await heldCashRows(db, pos.user_id, pos.code, pos.account_type);
  const book = sumOf(rows.some((r) => r.id === pos.id) ? rows : [...rows, pos]);
  return { cost: saleCost(book.total, book.shares, pos.quantity), averageCost: averageUnitCost(book.total, book.shares, pos.price_scale) };
}

/**
 * The 取得費 of closing cash row `pos` now: its shares at the holding's average (saleCost), and the
 * rest of the 取得価額 spread over the other held rows, so they keep the same average. The caller
 * writes the 取得費 onto `pos` with its close.
 */
export async function takeSaleCost(trx: Transaction<DB>, pos: PositionRow): Promise<number> {
  const rows = await heldCashRows(trx, pos.user_id, pos.code, pos.account_type);
  const book = sumOf(rows.some((r) => r.id === pos.id) ? rows : [...rows, pos]);
  const cost = saleCost(book.total, book.shares, pos.quantity);
  const others = rows.filter((r) => r.id !== pos.id);
  const parts = spread(book.total - cost, others.map((r) => r.quantity));
  for (const [i, r] of others.entries()) if (r.book_cost !== parts[i]) await setBookCost(trx, r.id, parts[i]!);
  return cost;
}
