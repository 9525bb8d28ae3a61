/**
 * Investment trusts (投資信託): the pure rules (docs/domain.md "Investment trusts and 積立",
 * docs/decisions/026-investment-trusts.md). The NAV strike, the order fills, the distribution split
 * and the screens' estimates all compute with these functions. Yen and units are integers; rates
 * are ppm (parts per million); products that can pass 2^53 are computed in BigInt.
 */
import type { AccountType } from './account-type';
import { addTradingDays, isTradingDay, jstDate, jstMsOfDay, nextTradingDay, type IsoDate } from '../market';

export const TRUST_CATEGORIES = ['jp_index', 'jp_growth', 'jp_dividend', 'jp_active', 'balanced', 'bond'] as const;
export type TrustCategory = (typeof TRUST_CATEGORIES)[number];

/** One part of a fund's basket; weights in ppm sum to 1,000,000. */
export type Sleeve =
  /** An instrument of the market port (an index, a stock, an FX pair): its close-to-close ratio. */
  | { kind: 'instrument'; code: string; weightPpm: number }
  /** A bond sleeve: accrues `yieldPpm` a year over calendar days. */
  | { kind: 'bond'; yieldPpm: number; weightPpm: number };

/** How much a fund distributes per 10,000口 on each 決算日 (months and day of month). */
export interface DistributionRule {
  months: number[];
  day: number;
  /** 'fixed': `per10k` yen; 'yield': `ppm` of the NAV before the distribution, rounded down. */
  kind: 'fixed' | 'yield';
  per10k?: number;
  ppm?: number;
}

/** The facts of a fund the rules need (a subset of the catalogue row). */
export interface TrustFacts {
  category: TrustCategory;
  trustFeePpm: number;
  purchaseFeePpm: number;
  retentionPpm: number;
  distribution: DistributionRule | null;
  leveraged: boolean;
  foreignAssets: boolean;
  designatedIndex: boolean;
  /** 信託期間 end, null = 無期限. */
  termEnd: IsoDate | null;
  inception: IsoDate;
}

export const UNITS_PER_NAV = 10_000;
const PPM = 1_000_000;
const YEAR_DAYS = 365;

/** Orders before 15:30 Tokyo on a business day take that day's NAV (ブラインド方式 cut-off). */
export const TRUST_CUTOFF = { hour: 15, minute: 30 } as const;
/** The NAV of a business day is struck from 17:00 Tokyo (after the close, once the day's closes are final). */
export const TRUST_STRIKE = { hour: 17, minute: 0 } as const;
/** A buy by units reserves this much more than the last NAV asks (a 10 % cushion). */
export const UNITS_BUY_CUSHION_PPM = 1_100_000;
export const TRUST_MIN_AMOUNT = 100;
export const TRUST_MAX_AMOUNT = 100_000_000;

const minutesOf = (t: { hour: number; minute: number }) => (t.hour * 60 + t.minute) * 60_000;

/** The business day whose NAV an order placed at `at` takes (its 約定日). */
export function navDateFor(at: number): IsoDate {
  const day = jstDate(at);
  if (isTradingDay(day) && jstMsOfDay(at) < minutesOf(TRUST_CUTOFF)) return day;
  return nextTradingDay(day);
}

/** Whether an order for `navDate` may still be cancelled at `at` (until the cut-off of that day). */
export function cancellable(navDate: IsoDate, at: number): boolean {
  const day = jstDate(at);
  return day < navDate || (day === navDate && jstMsOfDay(at) < minutesOf(TRUST_CUTOFF));
}

/** Whether business day `date`'s NAV may be struck at `at` (from 17:00 Tokyo that day). */
export function strikeDue(date: IsoDate, at: number): boolean {
  const day = jstDate(at);
  return day > date || (day === date && jstMsOfDay(at) >= minutesOf(TRUST_STRIKE));
}

/** 受渡日 of a 解約 struck on `navDate`. */
export function settleDateOf(navDate: IsoDate, settleDays: number): IsoDate {
  return addTradingDays(navDate, settleDays);
}

/**
 * The basket's gross return factor from the previous strike to this one: `closes` are each
 * instrument sleeve's closes (previous, current); `days` the calendar days between.
 * R = Σ w × cur/prev + Σ w_bond × (1 + y × days/365) + income × days/365 (daily rebalanced to weights).
 */
export function basketReturn(sleeves: readonly Sleeve[], closes: ReadonlyMap<string, { prev: number; cur: number }>, days: number, incomePpm: number): number {
  let r = 0;
  for (const s of sleeves) {
    const w = s.weightPpm / PPM;
    if (s.kind === 'bond') r += w * (1 + ((s.yieldPpm / PPM) * days) / YEAR_DAYS);
    else {
      const c = closes.get(s.code);
      if (!c || c.prev <= 0) throw new Error(`trust: no closes for ${s.code}`);
      r += (w * c.cur) / c.prev;
    }
  }
  return r + ((incomePpm / PPM) * days) / YEAR_DAYS;
}

/**
 * 信託報酬 accrued on `assets` (before the fee) for `days` calendar days at `feePpm` a year, with the
 * remainder of earlier accruals: the fee is the rounded-down total, so a year's fees never drift
 * from the exact accrual by a yen.
 */
export function accrueFee(assets: number, feePpm: number, days: number, carry: number): { fee: number; carry: number } {
  const denom = BigInt(PPM) * BigInt(YEAR_DAYS);
  const total = BigInt(assets) * BigInt(feePpm) * BigInt(days) + BigInt(carry);
  return { fee: Number(total / denom), carry: Number(total % denom) };
}

/** 基準価額 per 10,000口: assets ÷ units × 10,000, rounded down (an empty fund: `emptyNav`). */
export function navOf(assets: number, units: number): number {
  return Number((BigInt(assets) * BigInt(UNITS_PER_NAV)) / BigInt(units));
}

/** The value of `units` at `nav` in yen, rounded up (a purchase: the buyer pays any fraction). */
export function buyValue(units: number, nav: number): number {
  const p = BigInt(units) * BigInt(nav);
  const d = BigInt(UNITS_PER_NAV);
  return Number((p + d - 1n) / d);
}

/** The value of `units` at `nav` in yen, rounded down (a redemption: the fund keeps any fraction). */
export function sellValue(units: number, nav: number): number {
  return Number((BigInt(units) * BigInt(nav)) / BigInt(UNITS_PER_NAV));
}

export interface BuyFill {
  units: number;
  /** units × NAV ÷ 10,000, rounded up. */
  value: number;
  /** 購入時手数料: value × rate, rounded down. */
  fee: number;
  /** value + fee (≤ the amount). */
  paid: number;
}

/** What a purchase of value `value` costs in fee. */
export function purchaseFee(value: number, purchaseFeePpm: number): number {
  return Math.floor((value * purchaseFeePpm) / PPM);
}

/**
 * A buy by amount (金額指定): `amount` is the total paid incl. the fee. Units = the most whose value
 * (rounded up) plus fee (rounded down) stays within the amount: the estimate ⌊amount × 10,000 ÷
 * (NAV × (1 + fee rate))⌋ ignores both roundings, so it steps down while the total passes the amount
 * and up while one more unit still fits (the fee's rounding down can leave room for it).
 */
export function buyByAmount(amount: number, nav: number, purchaseFeePpm: number): BuyFill {
  const total = (u: number) => {
    const value = buyValue(u, nav);
    return value + purchaseFee(value, purchaseFeePpm);
  };
  let units = Number((BigInt(amount) * BigInt(UNITS_PER_NAV) * BigInt(PPM)) / (BigInt(nav) * BigInt(PPM + purchaseFeePpm)));
  while (units > 0 && total(units) > amount) units -= 1;
  while (total(units + 1) <= amount) units += 1;
  if (units === 0) return { units: 0, value: 0, fee: 0, paid: 0 };
  const value = buyValue(units, nav);
  const fee = purchaseFee(value, purchaseFeePpm);
  return { units, value, fee, paid: value + fee };
}

/** A buy by units (口数指定) at the struck NAV, cut to what `reserved` buys when the NAV rose past the cushion. */
export function buyByUnits(units: number, nav: number, purchaseFeePpm: number, reserved: number): BuyFill & { cut: boolean } {
  const value = buyValue(units, nav);
  const fee = purchaseFee(value, purchaseFeePpm);
  if (value + fee <= reserved) return { units, value, fee, paid: value + fee, cut: false };
  return { ...buyByAmount(reserved, nav, purchaseFeePpm), cut: true };
}

/** What a buy by units reserves at order: the last NAV plus the cushion, and its fee. */
export function unitsReservation(units: number, lastNav: number, purchaseFeePpm: number): number {
  const value = Number((BigInt(units) * BigInt(lastNav) * BigInt(UNITS_BUY_CUSHION_PPM) + BigInt(UNITS_PER_NAV) * BigInt(PPM) - 1n) / (BigInt(UNITS_PER_NAV) * BigInt(PPM)));
  return value + purchaseFee(value, purchaseFeePpm);
}

export interface SellFill {
  value: number;
  /** 信託財産留保額, rounded up (it stays in the fund). */
  retention: number;
  /** value − retention: what the seller receives before tax. */
  proceeds: number;
}

export function redemption(units: number, nav: number, retentionPpm: number): SellFill {
  const value = sellValue(units, nav);
  const retention = Math.ceil((value * retentionPpm) / PPM);
  return { value, retention, proceeds: value - retention };
}

/** The share of a holding's total (取得価額 or 個別元本) that leaves with `units` of `held`. */
export function shareOf(total: number, units: number, held: number): number {
  if (units >= held) return total;
  return Number((BigInt(total) * BigInt(units) * 2n + BigInt(held)) / (2n * BigInt(held)));
}

/** 個別元本 per 10,000口 (the holder's average purchase NAV), rounded down. */
export function principalPer10k(principal: number, units: number): number {
  return units === 0 ? 0 : navOf(principal, units);
}

/** The distribution per 10,000口 a fund declares on a 決算日 with NAV `navBefore` (never the whole NAV). */
export function distributionPer10k(rule: DistributionRule, navBefore: number): number {
  const asked = rule.kind === 'fixed' ? (rule.per10k ?? 0) : Math.floor((navBefore * (rule.ppm ?? 0)) / PPM);
  return Math.max(0, Math.min(asked, navBefore - 1));
}

/** Whether `date` is a 決算日 of the rule: its day in one of its months, moved to the next business day. */
export function isDistributionDate(rule: DistributionRule, date: IsoDate): boolean {
  const [y, m] = date.split('-').map(Number) as [number, number];
  if (!rule.months.includes(m)) return false;
  const nominal = `${y}-${String(m).padStart(2, '0')}-${String(rule.day).padStart(2, '0')}`;
  return (isTradingDay(nominal) ? nominal : nextTradingDay(nominal)) === date;
}

export interface DistributionSplit {
  gross: number;
  /** 普通分配金: taxable (配当所得) outside NISA. */
  ordinary: number;
  /** 元本払戻金（特別分配金）: a return of the holder's own principal, never taxed; it lowers 個別元本. */
  special: number;
}

/**
 * One holder's distribution: gross = ⌊units × dist ÷ 10,000⌋; where the ex-distribution NAV is below
 * the holder's 個別元本, the part of the distribution that dips into it is 元本払戻金:
 * special per 10,000口 = min(dist, max(0, 個別元本 − exNav)).
 */
export function splitDistribution(units: number, principal: number, dist: number, exNav: number): DistributionSplit {
  const gross = Number((BigInt(units) * BigInt(dist)) / BigInt(UNITS_PER_NAV));
  const special10k = Math.min(dist, Math.max(0, principalPer10k(principal, units) - exNav));
  const special = Math.min(gross, Number((BigInt(units) * BigInt(special10k)) / BigInt(UNITS_PER_NAV)));
  return { gross, ordinary: gross - special, special };
}

/** つみたて投資枠 fee caps (信託報酬 incl. tax): 0.5 % / 0.75 % before the 10 % consumption tax. */
export const TSUMITATE_FEE_CAP_PPM = { domestic: 5_500, foreign: 8_250 } as const;
export const NISA_MIN_TERM_YEARS = 20;

export type TrustNisaRefusal = 'not_designated' | 'purchase_fee' | 'trust_fee' | 'monthly_distribution' | 'short_term' | 'leveraged';

/** 毎月分配型: a distribution every month. */
export function monthlyDistribution(f: Pick<TrustFacts, 'distribution'>): boolean {
  return (f.distribution?.months.length ?? 0) >= 12;
}

function shortTerm(f: Pick<TrustFacts, 'termEnd' | 'inception'>): boolean {
  if (f.termEnd === null) return false;
  const [y, m, d] = f.inception.split('-');
  return f.termEnd < `${Number(y) + NISA_MIN_TERM_YEARS}-${m}-${d}`;
}

/**
 * Why a fund may not be bought in 成長投資枠 (null: it may). 租税特別措置法施行令 第25条の13: not
 * 毎月分配型, 信託期間 of 20 years or more (or unlimited), no leverage for other than hedging.
 */
export function growthRefusal(f: TrustFacts): TrustNisaRefusal | null {
  if (monthlyDistribution(f)) return 'monthly_distribution';
  if (shortTerm(f)) return 'short_term';
  if (f.leveraged) return 'leveraged';
  return null;
}

/**
 * Why a fund may not be bought in つみたて投資枠 (null: it may). 内閣府告示 (指定インデックス投資信託):
 * a designated index (or a balance of designated indices), no 購入時手数料 (ノーロード), 信託報酬 within
 * the cap, and the 成長投資枠 conditions.
 */
export function tsumitateRefusal(f: TrustFacts): TrustNisaRefusal | null {
  if (!f.designatedIndex) return 'not_designated';
  if (f.purchaseFeePpm > 0) return 'purchase_fee';
  if (f.trustFeePpm > (f.foreignAssets ? TSUMITATE_FEE_CAP_PPM.foreign : TSUMITATE_FEE_CAP_PPM.domestic)) return 'trust_fee';
  return growthRefusal(f);
}

/** Why a fund may not be held in `account` (null: it may); つみたて also needs a plan (checked by the caller). */
export function trustAccountRefusal(f: TrustFacts, account: AccountType): TrustNisaRefusal | null {
  if (account === 'nisa_tsumitate') return tsumitateRefusal(f);
  if (account === 'nisa_growth') return growthRefusal(f);
  return null;
}

/** Total-return index after a strike: the previous level times (NAV + distribution) ÷ previous NAV. */
export function nextTotalReturn(prevTr: number, prevNav: number, nav: number, dist: number): number {
  return Math.round((prevTr * (nav + dist)) / prevNav);
}
