/**
 * Reads of the fund catalogue and its 基準価額 history for the customer's screens and orders
 * (docs/domain.md "Investment trusts and 積立"). The strike writes these tables (strike-repo.ts);
 * the 積立 count reads the plans area's `invest_plan` by table name (docs/decisions/022: a read of
 * another area's table, kept to one aggregate). Every function takes the pool or a transaction.
 */
import type { Executor } from '../../db/executor';
import type { TrustFundTable, TrustNavTable } from './tables';
import './tables';

export type FundRow = TrustFundTable;
export type NavRow = TrustNavTable;

/** Every fund of the catalogue with the NAV of its strike before the last one (null before two strikes). */
export function fundsWithPrevNav(db: Executor): Promise<(FundRow & { prev_nav: number | null })[]> {
  return db
    .selectFrom('trust_fund as f')
    .selectAll('f')
    .select((eb) =>
      eb
        .selectFrom('trust_nav as n')
        .select('n.nav')
        .whereRef('n.fund_id', '=', 'f.id')
        .whereRef('n.date', '<', 'f.last_date')
        .orderBy('n.date', 'desc')
        .limit(1)
        .as('prev_nav'),
    )
    .orderBy('f.code')
    .execute();
}

export function findFund(db: Executor, id: string): Promise<FundRow | undefined> {
  return db.selectFrom('trust_fund').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The NAV of the strike before `date` (the day-on-day change of one fund). */
export async function navBefore(db: Executor, fundId: string, date: string): Promise<number | null> {
  const row = await db.selectFrom('trust_nav').select('nav').where('fund_id', '=', fundId).where('date', '<', date).orderBy('date', 'desc').limit(1).executeTakeFirst();
  return row ? Number(row.nav) : null;
}

/**
 * The strikes in the few days up to each window start (`[from, to]` ranges): the caller keeps,
 * per fund and window, the last strike on or before the start. One query for every fund and window.
 */
export function navsInRanges(db: Executor, ranges: readonly { from: string; to: string }[], fundId?: string) {
  if (ranges.length === 0) return Promise.resolve([] as { fund_id: string; date: string; tr: number }[]);
  let q = db
    .selectFrom('trust_nav')
    .select(['fund_id', 'date', 'tr'])
    .where((eb) => eb.or(ranges.map((r) => eb.and([eb('date', '>=', r.from), eb('date', '<=', r.to)]))));
  if (fundId !== undefined) q = q.where('fund_id', '=', fundId);
  return q.execute();
}

/** Every strike of a fund since inception, oldest first (the detail's chart). */
export function navHistory(db: Executor, fundId: string) {
  return db.selectFrom('trust_nav').select(['date', 'nav', 'tr', 'distribution']).where('fund_id', '=', fundId).orderBy('date').execute();
}

/** The NAV of each of `fundIds` on or before each day (funds/history): the strikes up to the last day, oldest first. */
export function navsUpTo(db: Executor, fundIds: readonly string[], lastDay: string) {
  if (fundIds.length === 0) return Promise.resolve([] as { fund_id: string; date: string; nav: number }[]);
  return db.selectFrom('trust_nav').select(['fund_id', 'date', 'nav']).where('fund_id', 'in', [...fundIds]).where('date', '<=', lastDay).orderBy('date').execute();
}

/** Active 積立 plans per fund (the plans area's `invest_plan`, kind 'fund'). */
export async function activePlanCounts(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('invest_plan')
    .select(['target'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', 'fund')
    .where('status', '=', 'active')
    .groupBy('target')
    .execute();
  return new Map(rows.map((r) => [r.target, Number(r.n)]));
}
