import { z } from 'zod';
import { SECTOR_IDS, SEGMENTS, type Sector33 } from '../market/sectors';

/*
 * Stock-detail tabs of the market contract (profile/financials, insights, alerts). Figures the
 * simulator does not produce (financial statements, margin balances, investor flows) are drawn
 * deterministically from the market seed and are labelled simulated; rankings, comparisons and
 * alerts are computed from the simulated quotes and bars. Units: yen amounts and share counts are
 * integers; per-share figures are in the instrument's priceScale; percentages are basis points
 * (`…Bp`); multiples are ×100 (`…X100`: PER 15.23 is 1523).
 */

const int = z.number().int();
const simulated = z.literal(true);
const sector = z.enum(SECTOR_IDS as [Sector33, ...Sector33[]]);

export const financialYear = z.object({
  /** Fiscal year end (Japanese companies mostly close in March), "YYYY-MM-DD". */
  periodEnd: z.string(),
  revenue: int,
  operatingIncome: int,
  netIncome: int,
  totalAssets: int,
  equity: int,
  /** Per share, priceScale units. */
  eps: int,
  bps: int,
  /** Dividends that went ex in the fiscal year (from the simulator's corporate actions), priceScale units. */
  dividendPerShare: int,
  roeBp: int,
});

export const valuation = z.object({
  perX100: int.nullable(),
  pbrX100: int.nullable(),
  dividendYieldBp: int.nullable(),
  roeBp: int.nullable(),
});

export const companyData = z.object({
  code: z.string(),
  nameJa: z.string(),
  nameEn: z.string(),
  sector,
  sectorCode: z.string(),
  sectorNameJa: z.string(),
  sectorNameEn: z.string(),
  segment: z.enum(SEGMENTS),
  priceScale: int,
  fiscalYearEndMonth: int,
  founded: int,
  employees: int,
  sharesOutstanding: int,
  marketValue: int.nullable(),
  valuation,
  /** Last five fiscal years, oldest first. */
  financials: z.array(financialYear),
  simulated,
});
export type CompanyData = z.infer<typeof companyData>;

export const INVESTOR_TYPES = ['foreign', 'individual', 'investment_trust', 'trust_bank', 'business_corp', 'securities_prop'] as const;

export const marginWeek = z.object({
  /** The week's last trading day (margin balances are published weekly as of Friday). */
  week: z.string(),
  /** Outstanding margin buying / selling, in shares. */
  marginBuy: int,
  marginSell: int,
  /** 信用倍率 ×100 (buy ÷ sell); null when nothing is sold short. */
  ratioX100: int.nullable(),
});

export const investorWeek = z.object({
  week: z.string(),
  /** Yen bought and sold by each investor type; the nets sum to zero across types. */
  flows: z.array(z.object({ investor: z.enum(INVESTOR_TYPES), buy: int, sell: int, net: int })),
});

export const rankMetric = z.object({ rank: int, of: int, value: int.nullable() });

export const peerMetrics = valuation.extend({
  code: z.string(),
  nameJa: z.string(),
  nameEn: z.string(),
  marketValue: int.nullable(),
  changeBp: int,
  /** Price change over about a month (20 trading days), basis points. */
  return1mBp: int.nullable(),
});

export const insightsData = z.object({
  code: z.string(),
  at: int,
  shortSelling: z.object({
    asOf: z.string(),
    marginBuy: int,
    marginSell: int,
    ratioX100: int.nullable(),
    /** 空売り比率: short sales as a share of the day's volume. */
    shortSellRatioBp: int,
    weeks: z.array(marginWeek),
  }),
  investorTrends: z.object({ weeks: z.array(investorWeek) }),
  ranking: z.object({
    sector,
    sectorNameJa: z.string(),
    sectorNameEn: z.string(),
    marketValue: rankMetric,
    changeBp: rankMetric,
    turnover: rankMetric,
    dividendYieldBp: rankMetric,
  }),
  industry: z.object({
    self: peerMetrics,
    /** Median of the sector's listed peers (self included). */
    median: peerMetrics.omit({ code: true, nameJa: true, nameEn: true }),
    /** The sector's largest names by market value (self always included). */
    peers: z.array(peerMetrics),
  }),
  simulated,
});
export type InsightsData = z.infer<typeof insightsData>;

export const ALERT_KINDS = ['limit_up', 'limit_down', 'sharp_rise', 'sharp_fall', 'sharp_rise_5m', 'sharp_fall_5m', 'volume_spike'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * `value` and `threshold`: limit_* the price and the limit price (priceScale); sharp moves basis
 * points; volume_spike ×100 of the 20-day average daily volume.
 */
export const alertItem = z.object({ kind: z.enum(ALERT_KINDS), value: int, threshold: int });

export const stockAlerts = z.object({
  code: z.string(),
  nameJa: z.string(),
  nameEn: z.string(),
  at: int,
  tradingDate: z.string(),
  priceScale: int,
  price: int,
  changeBp: int,
  /** Change over the last five minutes of the same trading day; null before that much has passed. */
  change5mBp: int.nullable(),
  volume: int,
  avgVolume20: int.nullable(),
  volumeRatioX100: int.nullable(),
  limitState: z.enum(['up', 'down']).nullable(),
  alerts: z.array(alertItem),
  simulated,
});
export type StockAlerts = z.infer<typeof stockAlerts>;

export const watchlistAlerts = z.object({
  at: int,
  /** Every watchlist entry in watchlist order; those with `alerts.length > 0` need attention. */
  items: z.array(stockAlerts),
  simulated,
});
