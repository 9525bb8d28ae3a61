/**
 * The user's fund holdings (docs/domain.md "Investment trusts and 積立"): the list valued at each
 * fund's last NAV, and what they add to `funds/summary` and `funds/history`. Units and 解約代金 not
 * paid yet are outside the user's ledger (their money went to `trust_settlement`), so their whole
 * value is what total assets lack: the gross figure total assets add to the ledger equity.
 */
import type { Executor } from '../../db/executor';
import { jstDate, type IsoDate } from '../../../shared/market';
import { sellValue } from '../../../shared/domain/trust';
import type { TrustHoldingView } from '../../../shared/api/trusts';
import type { Holdings } from '../module';
import * as fundRepo from './fund-repo';
import * as holdingRepo from './holding-repo';
import * as orderRepo from './order-repo';
import { holdingView } from './view';

const key = (fundId: string, account: string) => `${fundId}\u0000${account}`;

export async function holdingsList(db: Executor, userId: string): Promise<{ items: TrustHoldingView[] }> {
  const [rows, pending] = await Promise.all([holdingRepo.holdingsOfUser(db, userId), orderRepo.pendingSellsOfUser(db, userId)]);
  const pendingOf = new Map(pending.map((p) => [key(p.fund_id, p.account_type), Number(p.units ?? 0)]));
  return { items: rows.map((h) => holdingView(h, pendingOf.get(key(h.fund_id, h.account_type)) ?? 0)) };
}

/**
 * What the user's funds add to funds/summary: the units at the last NAV (評価損益 over the 取得価額),
 * 解約 struck and waiting for their 受渡日 (their proceeds, owed by the trustee), and the result of
 * 解約 paid (proceeds − tax − 取得価額). Distributions are INCOME entries of the ledger already.
 * Pending buys are still the user's frozen money and add nothing here.
 */
export async function holdingsOf(db: Executor, userId: string): Promise<Holdings> {
  const out: Holdings = { marketValue: 0, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl: 0 };
  const [rows, sells] = await Promise.all([holdingRepo.holdingsOfUser(db, userId), orderRepo.struckSellsOfUser(db, userId)]);
  for (const h of rows) {
    const value = sellValue(Number(h.units), Number(h.last_nav));
    out.marketValue += value;
    out.unrealizedGrossPnl += value;
    out.unrealizedPnl += value - Number(h.book_cost);
  }
  for (const s of sells) {
    const proceeds = Number(s.value ?? 0) - Number(s.retention ?? 0);
    const book = Number(s.book_cost ?? 0);
    if (s.status === 'paid') {
      out.realizedPnl += proceeds - Number(s.tax ?? 0) - book;
      continue;
    }
    out.marketValue += proceeds;
    out.unrealizedGrossPnl += proceeds;
    out.unrealizedPnl += proceeds - book;
  }
  return out;
}

/**
 * The funds' value at the end of each given day (funds/history's past points): the units held at
 * the day's end (the units now, less the fills struck after it) at the fund's NAV of that day (the
 * last strike on or before it), plus the 解約代金 struck by then and not yet paid at its end.
 */
export async function dayEndValues(db: Executor, userId: string, days: readonly IsoDate[]): Promise<number[]> {
  const out = days.map(() => 0);
  if (days.length === 0) return out;
  const first = days.reduce((a, d) => (d < a ? d : a));
  const last = days.reduce((a, d) => (d > a ? d : a));
  const [now, moved, sells] = await Promise.all([holdingRepo.unitsPerFund(db, userId), orderRepo.unitsMovedAfter(db, userId, first), orderRepo.struckSellsOfUser(db, userId)]);
  const fundIds = [...new Set([...now.map((h) => h.fund_id), ...moved.map((m) => m.fund_id)])];
  if (fundIds.length === 0) return out;
  const navs = await fundRepo.navsUpTo(db, fundIds, last);
  days.forEach((day, i) => {
    for (const fundId of fundIds) {
      let units = Number(now.find((h) => h.fund_id === fundId)?.units ?? 0);
      for (const m of moved) {
        if (m.fund_id !== fundId || m.nav_date <= day) continue;
        units += m.side === 'sell' ? Number(m.units ?? 0) : -Number(m.units ?? 0);
      }
      if (units <= 0) continue;
      const nav = navs.filter((n) => n.fund_id === fundId && n.date <= day).at(-1)?.nav;
      if (nav !== undefined) out[i]! += sellValue(units, Number(nav));
    }
    for (const s of sells) {
      if (s.nav_date > day || (s.paid_at !== null && jstDate(Number(s.paid_at)) <= day)) continue;
      out[i]! += Number(s.value ?? 0) - Number(s.retention ?? 0);
    }
  });
  return out;
}
