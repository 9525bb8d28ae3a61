/**
 * The trusts area's rows as the contract shows them (src/shared/api/trusts.ts): a fund with its
 * last NAV, change and returns over the windows, an order with its cancel deadline, a holding
 * valued at the last NAV. Pure: the callers read the rows.
 */
import { addDays, jstMs, monthOf, monthStart, type IsoDate } from '../../../shared/market';
import {
  cancellable,
  principalPer10k,
  sellValue,
  TRUST_CUTOFF,
  trustAccountRefusal,
  UNITS_PER_NAV,
  type DistributionRule,
  type Sleeve,
  type TrustCategory,
  type TrustFacts,
} from '../../../shared/domain/trust';
import type { AccountType } from '../../../shared/domain/account-type';
import type { TrustFundView, TrustHoldingView, TrustNames, TrustOrderView } from '../../../shared/api/trusts';
import type { FundRow } from './fund-repo';
import type { OrderRow } from './order-repo';

export function namesOf(f: Pick<FundRow, 'name_ja' | 'name_en' | 'name_zh' | 'name_ko'>): TrustNames {
  return { ja: f.name_ja, en: f.name_en, zhHant: f.name_zh, ko: f.name_ko };
}

/** The names a fund memo carries (ledger-kinds.ts memo_trust_*). */
export function fundMemo(f: Pick<FundRow, 'name_ja' | 'name_en' | 'name_zh' | 'name_ko' | 'code'>) {
  return { fund: f.name_ja, fundCode: f.code, fundEn: f.name_en, fundZhHant: f.name_zh, fundKo: f.name_ko };
}

export function distributionOf(f: Pick<FundRow, 'distribution'>): DistributionRule | null {
  return f.distribution ? (JSON.parse(f.distribution) as DistributionRule) : null;
}

/** The facts the pure rules need (eligibility, fees). */
export function factsOf(f: FundRow): TrustFacts {
  return {
    category: f.category as TrustCategory,
    trustFeePpm: Number(f.trust_fee_ppm),
    purchaseFeePpm: Number(f.purchase_fee_ppm),
    retentionPpm: Number(f.retention_ppm),
    distribution: distributionOf(f),
    leveraged: Number(f.leveraged) === 1,
    foreignAssets: Number(f.foreign_assets) === 1,
    designatedIndex: Number(f.designated_index) === 1,
    termEnd: f.term_end,
    inception: f.inception,
  };
}

export type Returns = TrustFundView['returns'];
export const NO_RETURNS: Returns = { m1: null, m6: null, y1: null, y3: null, inception: null };

/** The windows of the returns, in months back from the last strike. */
export const RETURN_WINDOWS = { m1: 1, m6: 6, y1: 12, y3: 36 } as const;
export type ReturnWindow = keyof typeof RETURN_WINDOWS;

/** `date` moved back `months` calendar months (the day clamped to the month's end). */
export function monthsBefore(date: IsoDate, months: number): IsoDate {
  const target = monthOf(date).index - months;
  const lastDay = addDays(monthStart(target + 1), -1);
  const day = Math.min(Number(date.slice(8, 10)), Number(lastDay.slice(8, 10)));
  return `${monthStart(target).slice(0, 8)}${String(day).padStart(2, '0')}`;
}

/** How far before a window start the strikes are read (the longest run of Tokyo closed days is shorter). */
export const START_LOOKBACK_DAYS = 10;

/** The window starts of a last strike date, and the date ranges to read their strikes in. */
export function windowStarts(lastDate: IsoDate): { starts: Record<ReturnWindow, IsoDate>; ranges: { from: IsoDate; to: IsoDate }[] } {
  const starts = Object.fromEntries(Object.entries(RETURN_WINDOWS).map(([k, m]) => [k, monthsBefore(lastDate, m)])) as Record<ReturnWindow, IsoDate>;
  return { starts, ranges: Object.values(starts).map((d) => ({ from: addDays(d, -START_LOOKBACK_DAYS), to: d })) };
}

/** A return in ppm of the start (total return: the `tr` index), rounded. */
export function returnPpm(start: number, end: number): number {
  return Math.round(((end - start) * 1_000_000) / start);
}

/**
 * The fund's returns at its last strike: each window from the last strike on or before its start
 * (null when the fund is younger than the window), since inception from the base 10,000.
 */
export function returnsOf(f: Pick<FundRow, 'last_date' | 'last_tr' | 'inception'>, starts: Record<ReturnWindow, IsoDate>, navs: readonly { date: string; tr: number }[]): Returns {
  if (f.last_date === null) return NO_RETURNS;
  const out: Returns = { ...NO_RETURNS, inception: returnPpm(UNITS_PER_NAV, Number(f.last_tr)) };
  for (const w of Object.keys(RETURN_WINDOWS) as ReturnWindow[]) {
    const start = starts[w];
    if (f.inception > start) continue;
    const from = navs.filter((n) => n.date <= start).reduce<{ date: string; tr: number } | null>((a, n) => (a === null || n.date > a.date ? n : a), null);
    if (from) out[w] = returnPpm(Number(from.tr), Number(f.last_tr));
  }
  return out;
}

export function fundView(f: FundRow, o: { prevNav: number | null; returns: Returns; planCount: number }): TrustFundView {
  const facts = factsOf(f);
  const basket = (JSON.parse(f.basket) as Sleeve[]).map((s) =>
    s.kind === 'bond' ? { kind: 'bond' as const, code: null, weightPpm: s.weightPpm, yieldPpm: s.yieldPpm } : { kind: 'instrument' as const, code: s.code, weightPpm: s.weightPpm, yieldPpm: null },
  );
  const nav = Number(f.last_nav);
  return {
    id: f.id,
    code: f.code,
    names: namesOf(f),
    category: facts.category,
    benchmark: f.benchmark,
    basket,
    risk: Number(f.risk),
    trustFeePpm: facts.trustFeePpm,
    purchaseFeePpm: facts.purchaseFeePpm,
    retentionPpm: facts.retentionPpm,
    distribution: facts.distribution,
    reinvest: Number(f.reinvest) === 1,
    leveraged: facts.leveraged,
    foreignAssets: facts.foreignAssets,
    designatedIndex: facts.designatedIndex,
    termEnd: f.term_end,
    inception: f.inception,
    settleDays: Number(f.settle_days),
    status: f.status === 'suspended' ? 'suspended' : 'open',
    statusReason: f.status_reason,
    nav,
    navDate: f.last_date,
    change: o.prevNav === null ? 0 : nav - o.prevNav,
    assets: Number(f.assets),
    units: Number(f.units),
    returns: o.returns,
    planCount: o.planCount,
    eligibility: { nisa_growth: trustAccountRefusal(facts, 'nisa_growth'), nisa_tsumitate: trustAccountRefusal(facts, 'nisa_tsumitate') },
    simulated: true,
  };
}

/** The instant an order for `navDate` stops being cancellable (15:30 Tokyo of that day). */
export function cutoffOf(navDate: IsoDate): number {
  return jstMs(navDate, TRUST_CUTOFF.hour, TRUST_CUTOFF.minute);
}

const num = (v: number | null) => (v === null ? null : Number(v));

export function orderView(o: OrderRow, f: Pick<FundRow, 'code' | 'name_ja' | 'name_en' | 'name_zh' | 'name_ko'>, now: number): TrustOrderView {
  const value = num(o.value);
  const retention = num(o.retention);
  return {
    id: o.id,
    fundId: o.fund_id,
    code: f.code,
    names: namesOf(f),
    side: o.side === 'sell' ? 'sell' : 'buy',
    account: o.account_type as AccountType,
    mode: o.mode as TrustOrderView['mode'],
    amount: num(o.amount),
    unitsAsked: num(o.units_asked),
    reserved: Number(o.reserved),
    navDate: o.nav_date,
    status: o.status as TrustOrderView['status'],
    source: o.source as TrustOrderView['source'],
    planId: o.plan_id,
    orderedAt: Number(o.ordered_at),
    cancellableUntil: o.status === 'pending' && o.source !== 'reinvest' && cancellable(o.nav_date, now) ? cutoffOf(o.nav_date) : null,
    nav: num(o.nav),
    units: num(o.units),
    value,
    fee: num(o.fee),
    retention,
    proceeds: o.side === 'sell' && value !== null ? value - (retention ?? 0) : null,
    bookCost: num(o.book_cost),
    settleDate: o.settle_date,
    tax: num(o.tax),
    paidAt: num(o.paid_at),
    reason: o.reason,
  };
}

export interface HoldingLine {
  fund_id: string;
  account_type: string;
  units: number;
  principal: number;
  book_cost: number;
  code: string;
  name_ja: string;
  name_en: string;
  name_zh: string;
  name_ko: string;
  last_nav: number;
  last_date: string | null;
}

export function holdingView(h: HoldingLine, pendingSellUnits: number): TrustHoldingView {
  const units = Number(h.units);
  const nav = Number(h.last_nav);
  const value = sellValue(units, nav);
  const bookCost = Number(h.book_cost);
  return {
    fundId: h.fund_id,
    code: h.code,
    names: namesOf(h),
    account: h.account_type as AccountType,
    units,
    nav,
    navDate: h.last_date,
    value,
    principalPer10k: principalPer10k(Number(h.principal), units),
    bookCost,
    pnl: value - bookCost,
    pendingSellUnits,
  };
}
