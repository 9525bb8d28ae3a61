import { addDays, SECTORS_33, type IsoDate } from '../../../shared/market';
import { rngFor } from '../../market-sim/prng';
import type { CorporateAction, Instrument, Quote } from '../../market';
import type { CompanyData } from '../../../shared/api/market-detail';
import type { MarketService } from './service';

/*
 * Company profile and financials (SIMULATED; the payload says so). The simulator makes prices,
 * not accounts, so statements are drawn from (seed, code, fiscal year) and tied to the simulated
 * market: EPS is the fiscal-year-end close divided by a drawn P/E, BPS the close over a drawn P/B,
 * dividends are the simulator's own dividends. So valuation multiples stay believable for the
 * sector whatever path the price took, and a year's figures never change once it is reported.
 */

type Financials = CompanyData['financials'];
type Valuation = CompanyData['valuation'];

const FINANCIAL_SECTORS = new Set(['banks', 'insurance', 'securities', 'other_financing']);
const YEARS = 5;
/** Results are published about six weeks after the fiscal year ends. */
const REPORT_LAG_DAYS = 50;

interface Profile {
  per0: number;
  pbr0: number;
  margin: number;
  opRatio: number;
  equityRatio: number;
  lossChance: number;
  founded: number;
  fyEndMonth: number;
  revenuePerEmployee: number;
}

function profile(seed: string, inst: Instrument): Profile {
  const r = rngFor(seed, inst.code, 'company', 'profile');
  const growth = inst.segment === 'growth';
  const financial = FINANCIAL_SECTORS.has(inst.sector ?? '');
  const fy = r.next();
  return {
    per0: growth ? 25 + 40 * r.next() : 9 + 14 * r.next(),
    pbr0: growth ? 2 + 6 * r.next() : 0.6 + 2.2 * r.next(),
    margin: financial ? 0.12 + 0.1 * r.next() : 0.03 + 0.09 * r.next(),
    opRatio: 1.3 + 0.3 * r.next(),
    equityRatio: financial ? 0.04 + 0.04 * r.next() : 0.3 + 0.35 * r.next(),
    lossChance: growth ? 0.3 : 0.03,
    founded: growth ? 1995 + r.int(24) : 1890 + r.int(110),
    // Most Japanese companies close their books in March; some in December, a few elsewhere.
    fyEndMonth: fy < 0.78 ? 3 : fy < 0.92 ? 12 : [2, 6, 9][r.int(3)]!,
    revenuePerEmployee: 50e6 + 100e6 * r.next(),
  };
}

function monthEnd(year: number, month: number): IsoDate {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

/** Π split ratios with an ex-date after `date`: how many of today's shares one share then became. */
export function splitsAfter(actions: readonly CorporateAction[], date: IsoDate): number {
  return actions.reduce((f, a) => (a.kind === 'split' && a.exDate > date ? f * a.ratio : f), 1);
}

function financials(market: MarketService, inst: Instrument, q: Quote, p: Profile, actions: CorporateAction[]): Financials {
  const ends: IsoDate[] = [];
  const year = Number(q.tradingDate.slice(0, 4));
  for (let y = year; y > year - YEARS - 2 && ends.length < YEARS; y--) {
    const end = monthEnd(y, p.fyEndMonth);
    if (addDays(end, REPORT_LAG_DAYS) <= q.tradingDate) ends.unshift(end);
  }
  const sharesNow = q.marketValue && q.price > 0 ? Math.round((q.marketValue * inst.priceScale) / q.price) : (inst.sharesOutstanding ?? 0);
  const out: Financials = [];
  for (const end of ends) {
    const close = market.source.dailyBars(inst.code, addDays(end, -14), end).at(-1)?.close;
    if (close === undefined) continue; // before the simulated history
    const r = rngFor(market.seed, inst.code, end, 'financials');
    const loss = r.next() < p.lossChance;
    const eps = Math.round(loss ? -close / (p.per0 * 2) : close / (p.per0 * Math.exp(0.25 * r.truncNormal(2))));
    const bps = Math.max(1, Math.round(close / (p.pbr0 * Math.exp(0.15 * r.truncNormal(2)))));
    const shares = Math.round(sharesNow / splitsAfter(actions, end));
    const netIncome = Math.round((eps * shares) / inst.priceScale);
    const equity = Math.round((bps * shares) / inst.priceScale);
    const yearAgo = addDays(end, -365);
    out.push({
      periodEnd: end,
      revenue: Math.round(Math.abs(netIncome) / (p.margin * Math.exp(0.15 * r.truncNormal(2)))),
      operatingIncome: Math.round(netIncome >= 0 ? netIncome * p.opRatio : netIncome * 0.8),
      netIncome,
      totalAssets: Math.round(equity / p.equityRatio),
      equity,
      eps,
      bps,
      dividendPerShare: actions.reduce((s, a) => (a.kind === 'dividend' && a.exDate > yearAgo && a.exDate <= end ? s + a.amount : s), 0),
      roeBp: equity > 0 ? Math.round((netIncome / equity) * 10_000) : 0,
    });
  }
  return out;
}

/** Today's multiples: last reported EPS/BPS and the last year's dividends, restated for later splits. */
function valuation(q: Quote, fin: Financials, actions: CorporateAction[]): Valuation {
  const last = fin.at(-1);
  if (!last || q.price <= 0) return { perX100: null, pbrX100: null, dividendYieldBp: null, roeBp: null };
  const f = splitsAfter(actions, last.periodEnd);
  const yearAgo = addDays(q.tradingDate, -365);
  const dividends = actions
    .filter((a) => a.kind === 'dividend' && a.exDate > yearAgo)
    .reduce((s, a) => s + (a.kind === 'dividend' ? a.amount / splitsAfter(actions, a.exDate) : 0), 0);
  return {
    perX100: last.eps > 0 ? Math.round((q.price * f * 100) / last.eps) : null,
    pbrX100: Math.round((q.price * f * 100) / last.bps),
    dividendYieldBp: Math.round((dividends * 10_000) / q.price),
    roeBp: last.roeBp,
  };
}

/** Financials and valuation of one stock (used by the company tab and by peer comparisons). */
export function fundamentals(market: MarketService, inst: Instrument, q: Quote): { financials: Financials; valuation: Valuation; profile: Profile } {
  const p = profile(market.seed, inst);
  const actions = market.actions(inst.code, q.tradingDate);
  const fin = financials(market, inst, q, p, actions);
  return { financials: fin, valuation: valuation(q, fin, actions), profile: p };
}

export function company(market: MarketService, code: string): CompanyData {
  const inst = market.stock(code);
  const q = market.quote(inst.code);
  const { financials: fin, valuation: val, profile: p } = fundamentals(market, inst, q);
  const sector = SECTORS_33[inst.sector!];
  return {
    code: inst.code,
    nameJa: inst.nameJa,
    nameEn: inst.nameEn,
    sector: inst.sector!,
    sectorCode: sector.code,
    sectorNameJa: sector.ja,
    sectorNameEn: sector.en,
    segment: inst.segment!,
    priceScale: inst.priceScale,
    fiscalYearEndMonth: p.fyEndMonth,
    founded: p.founded,
    employees: Math.max(10, Math.round((fin.at(-1)?.revenue ?? 0) / p.revenuePerEmployee)),
    sharesOutstanding: q.marketValue && q.price > 0 ? Math.round((q.marketValue * inst.priceScale) / q.price) : inst.sharesOutstanding!,
    marketValue: q.marketValue,
    valuation: val,
    financials: fin,
    simulated: true,
  };
}
