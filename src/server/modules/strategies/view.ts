/** The contract's shapes of a fund and a holding, built from their rows (pure: no I/O, no clock). */
import {
  NAV_START, type StrategyDetail, type StrategyHolding, type StrategyHoldingStatus, type StrategyKind, type StrategyRule,
  type StrategyStatus, type StrategySummary,
} from '../../../shared/api/strategies';
import type { IsoDate } from '../../../shared/market';
import type { FundNames } from '../../../shared/domain/ledger-kinds';
import type { FundRow } from './fund-repo';
import type { HoldingRow } from './holding-repo';
import type { NavRow } from './nav-repo';
import { bpOf, followOpen, netResult, payoutOf, winRate, type Params } from './rules';

/** What a subscription may be now (rules.ts minInvestable). */
export interface InvestableTerms {
  minInvestable: number;
  minSubscription: number;
}

/** Every figure from the NAV rows, the holdings register and the fund's closed positions, on the market's `today`. */
export function summaryView(
  f: FundRow,
  navs: readonly NavRow[],
  closedResults: readonly number[],
  follow: readonly { amount: number; payout: number | null; status: string }[],
  terms: InvestableTerms,
  today: IsoDate,
): Omit<StrategySummary, 'modelTrack' | 'isNew'> {
  const last = navs.at(-1);
  const prev = navs.at(-2);
  const nav = last?.nav ?? NAV_START;
  const ended = follow.filter((h) => (h.status === 'redeemed' || h.status === 'terminated') && h.payout !== null);
  const paidIn = ended.reduce((a, h) => a + h.amount, 0);
  const paidOut = ended.reduce((a, h) => a + (h.payout ?? 0), 0);
  return {
    id: f.id, kind: f.kind as StrategyKind, name: f.name, nameEn: f.name_en, nameZhHant: f.name_zh_hant, nameKo: f.name_ko, rule: f.rule as StrategyRule, params: JSON.parse(f.params_json) as Params,
    model: f.model, status: f.status as StrategyStatus, minAmount: f.min_amount, lockDays: f.lock_days, feeBp: f.fee_bp,
    followUntil: f.follow_until, followOpen: followOpen(f.follow_until, today), startedOn: f.started_on, nav, navDate: last?.date ?? null,
    aum: last ? last.cash + last.positions_value - last.fee_accrued : 0,
    units: f.units,
    winRate: winRate(closedResults),
    followAmount: follow.reduce((a, h) => a + h.amount, 0),
    dailyProfit: last && prev ? last.nav - prev.nav : null,
    dailyProfitBp: last && prev ? bpOf(last.nav - prev.nav, prev.nav) : null,
    totalProfit: nav - NAV_START,
    totalProfitBp: bpOf(nav - NAV_START, NAV_START) ?? 0,
    maturityReturnBp: ended.length ? bpOf(paidOut - paidIn, paidIn) : null,
    maturityCount: ended.length,
    ...terms,
  };
}

export function historyView(navs: readonly NavRow[]): StrategyDetail['history'] {
  return navs.map((n) => ({
    date: n.date, nav: n.nav, netAssets: n.cash + n.positions_value - n.fee_accrued, cash: n.cash, positionsValue: n.positions_value,
    feeAccrued: n.fee_accrued, units: n.units, fee: n.fee,
  }));
}

/** Shares held by code (a code's positions added up), with the code's price scale. */
export function sharesByCode(held: readonly { code: string; quantity: number; price_scale: number }[]): Map<string, { shares: number; scale: number }> {
  const byCode = new Map<string, { shares: number; scale: number }>();
  for (const p of held) {
    const e = byCode.get(p.code) ?? { shares: 0, scale: p.price_scale };
    e.shares += p.quantity;
    byCode.set(p.code, e);
  }
  return byCode;
}

type TradedPosition = {
  code: string; quantity: number; price_scale: number; buy_time: number | null; buy_price: number | null; sell_time: number | null;
  sell_price: number | null; pnl: number | null; open_fee: number; close_fee: number; interest: number; tax: number;
};

/** The fund's trades, newest first: each position's buy, and its sell with the net result once sold. */
export function tradesView(positions: readonly TradedPosition[], namesOf: (code: string) => { name: string; nameEn: string }): StrategyDetail['trades'] {
  const trades: StrategyDetail['trades'] = [];
  for (const p of positions) {
    const names = namesOf(p.code);
    trades.push({ at: p.buy_time!, code: p.code, ...names, side: 'buy', shares: p.quantity, price: p.buy_price!, priceScale: p.price_scale, pnl: null });
    if (p.sell_time !== null && p.sell_price !== null) {
      trades.push({ at: p.sell_time, code: p.code, ...names, side: 'sell', shares: p.quantity, price: p.sell_price, priceScale: p.price_scale, pnl: netResult(p) });
    }
  }
  return trades.sort((a, b) => b.at - a.at);
}

/** The fund's entered names a memo carries beside `fund`, so the records line reads in the reader's language. */
export function fundMemoNames(f: Pick<FundRow, 'name_en' | 'name_zh_hant' | 'name_ko'>): FundNames {
  return {
    ...(f.name_en ? { fundEn: f.name_en } : {}), ...(f.name_zh_hant ? { fundZhHant: f.name_zh_hant } : {}), ...(f.name_ko ? { fundKo: f.name_ko } : {}),
  };
}

type HoldingFund = Pick<FundRow, 'name' | 'name_en' | 'name_zh_hant' | 'name_ko' | 'kind'>;

export function holdingView(h: HoldingRow, f: HoldingFund, nav: number, today: IsoDate): StrategyHolding {
  const ended = h.status === 'redeemed' || h.status === 'terminated';
  return {
    id: h.id, fundId: h.fund_id, fundName: f.name, fundNameEn: f.name_en, fundNameZhHant: f.name_zh_hant, fundNameKo: f.name_ko, kind: f.kind as StrategyKind, status: h.status as StrategyHoldingStatus,
    amount: h.amount, units: h.units, feeBp: h.fee_bp, requestedAt: h.requested_at, subscribedOn: h.subscribed_on,
    strikeNav: h.strike_nav, lockedUntil: h.locked_until,
    value: ended ? (h.payout ?? 0) : h.status === 'pending' ? h.amount : payoutOf(h.units, nav),
    nav, payout: h.payout, endedOn: h.ended_on,
    redeemable: h.status === 'holding' && h.locked_until !== null && today >= h.locked_until,
  };
}
