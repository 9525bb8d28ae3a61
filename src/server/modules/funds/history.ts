/**
 * funds/history (資産推移): the user's total assets at each Tokyo day's end (docs/domain.md "Asset
 * history"). One day's value = the user's ledger equity at the day's end (Σ their yen postings
 * up to then) + the price difference of the positions held at that end, valued at the day's
 * close + what the holdings providers add at that end (the fx area: foreign balances at the day's
 * FX close; an exchange is not a flow). Today's point is funds/summary's live total. Every query is bounded to the user: their
 * own ledger accounts (by owner, then postings by account), their own positions (by user) and the
 * market data of the codes they held — never another user's rows.
 */
import type { Executor } from '../../db/executor';
import { addDays, fromDayNumber, jstDate, jstMs, type IsoDate } from '../../../shared/market';
import { HOME_CURRENCY } from '../../../shared/money';
import type { MarketDataSource } from '../../market';
import { closeOnOrBefore, dayChange, equityByDay, grossPnlAt, heldAt, rangeDays, type HistoryRange, type Split } from './history-rules';
import * as repo from './history-repo';

/** House accounts on the other side of money entering or leaving the user's accounts: deposits, withdrawals and grants. */
const FLOW_ACCOUNTS = ['bank_clearing', 'wallet_clearing', 'demo_grant'] as const;

export type HistoryMarket = Pick<MarketDataSource, 'dailyBars' | 'corporateActions'>;

export interface HistoryInput {
  userId: string;
  range: HistoryRange;
  now: number;
  /** Today's live total (funds/summary's), so the chart's last point and the summary agree. */
  liveTotal: number;
  /** What the other areas' holdings providers add at each past day's end (foreign balances at the day's FX close), one per day. */
  extraAt?: (days: readonly IsoDate[]) => Promise<number[]>;
}

export async function readHistory(db: Executor, market: HistoryMarket, input: HistoryInput) {
  const { userId, range, now } = input;
  const currency = HOME_CURRENCY;
  const today = jstDate(now);
  const accounts = await repo.accountIdsIn(db, userId, currency);
  const deltas = accounts.length ? await repo.dailyDeltas(db, accounts) : [];
  const firstActivity = deltas.length ? fromDayNumber(Math.min(...deltas.map((d) => d.day))) : null;
  const days = rangeDays(range, today, firstActivity);
  // The range's days before today end with yesterday; 当日損益 starts from yesterday's end even when the range starts today.
  const pastDays = days.filter((d) => d < today);
  const past = pastDays.length ? pastDays : [addDays(today, -1)];
  const equity = equityByDay(deltas, past);

  const firstEnd = jstMs(addDays(past[0]!, 1), 0);
  const lastEnd = jstMs(today, 0);
  const rows = await repo.heldBetween(db, userId, firstEnd, lastEnd);

  const bars = new Map<string, { date: IsoDate; close: number }[]>();
  const splits = new Map<string, Split[]>();
  for (const code of new Set(rows.map((r) => r.code))) {
    // A week before the first day as well, so a weekend or holiday start still finds a close.
    bars.set(code, safe(() => market.dailyBars(code, addDays(past[0]!, -10), addDays(today, -1))));
    splits.set(code, safe(() => market.corporateActions(code)).flatMap((a) => (a.kind === 'split' ? [{ exDate: a.exDate, ratio: a.ratio }] : [])));
  }
  const valueOf = (day: IsoDate, i: number) => {
    const end = jstMs(addDays(day, 1), 0);
    let held = 0;
    for (const r of rows) {
      if (!heldAt(r, end)) continue;
      // Without a close (outside the market data's horizon) a position counts at its cost, as the summary does without a price.
      const close = closeOnOrBefore(bars.get(r.code)!, day);
      if (close !== null) held += grossPnlAt(r, day, close, splits.get(r.code)!);
    }
    return equity[i]! + held;
  };
  const extra = input.extraAt ? await input.extraAt(past) : past.map(() => 0);
  const values = past.map((day, i) => valueOf(day, i) + (extra[i] ?? 0));
  const previousTotal = values[values.length - 1]!;
  const points = pastDays.map((date, i) => ({ date, totalAssets: values[i]! }));
  points.push({ date: today, totalAssets: input.liveTotal });

  const netFlows = accounts.length ? await flowsSince(db, accounts, currency, jstMs(today, 0)) : 0;
  return {
    currency,
    range,
    asOf: now,
    points,
    totalAssets: input.liveTotal,
    previousTotal,
    netFlows,
    ...dayChange(input.liveTotal, previousTotal, netFlows),
  };
}

/**
 * Money that came in (+) or went out (−) since `from`: in the entries touching the user's accounts,
 * what the deposit, withdrawal and grant house accounts gave (their postings, sign reversed).
 */
async function flowsSince(db: Executor, accounts: string[], currency: string, from: number): Promise<number> {
  const amount = await repo.housePostedSince(db, accounts, FLOW_ACCOUNTS, currency, from);
  const sum = -Number(amount ?? 0);
  return sum === 0 ? 0 : sum;
}

function safe<T>(fn: () => T[]): T[] {
  try {
    return fn();
  } catch {
    return []; // unknown code or outside the horizon: no closes, valued at cost
  }
}
