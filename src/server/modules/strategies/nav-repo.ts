/** Kysely queries on `strategy_nav` (one row per fund and strike day); every function takes the pool or a transaction. */
import type { Executor } from '../../db/executor';
import type { StrategyNavTable } from './tables';
import './tables';

export type NavRow = StrategyNavTable;

/** The fund's NAV history, oldest first. */
export function navRows(db: Executor, fundId: string): Promise<NavRow[]> {
  return db.selectFrom('strategy_nav').selectAll().where('fund_id', '=', fundId).orderBy('date').execute();
}

export function latestNav(db: Executor, fundId: string): Promise<NavRow | undefined> {
  return db.selectFrom('strategy_nav').selectAll().where('fund_id', '=', fundId).orderBy('date', 'desc').limit(1).executeTakeFirst();
}

/** Whether a strike of `day` or later is recorded (a repeated run strikes nothing twice). */
export async function struckSince(db: Executor, fundId: string, day: string): Promise<boolean> {
  return (await db.selectFrom('strategy_nav').select('date').where('fund_id', '=', fundId).where('date', '>=', day).executeTakeFirst()) !== undefined;
}

export async function insertNav(db: Executor, row: NavRow): Promise<void> {
  await db.insertInto('strategy_nav').values(row).execute();
}
