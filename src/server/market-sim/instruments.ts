/**
 * The instrument universe written in the repo: reference data in data/, turned into Instrument
 * records here. TOPIX500 membership is approximate (the real list changes every October): every
 * Nikkei 225 constituent and the large Prime names are treated as members, the rest use the
 * "Other" tick table.
 */
import { boardOfSegment, parsePrice, TSE_PRICE_SCALE, type Segment } from '../../shared/market';
import { CRYPTO_ROWS, FX_ROWS, type PairRow } from './data/crypto-fx';
import { NIKKEI225_ROWS } from './data/nikkei225';
import { GROWTH_ROWS, PRIME_NOT_TOPIX500, PRIME_OTHER_ROWS, REGIONAL_ROWS, STANDARD_ROWS } from './data/other-stocks';
import type { StockRow } from './data/rows';
import type { Instrument } from '../market/port';

/** Simulation parameters the public Instrument does not carry. */
export interface SimParams {
  /** Price at the anchor date, in priceScale units. */
  refPrice: number;
  /** Daily log-return volatility. */
  vol: number;
  /** Share of shares outstanding (or of dailyVolume) traded on a typical day. */
  dailyVolume: number;
  /** Annual dividend yield (stocks). */
  dividendYield: number;
  /** Log drift per day. */
  drift: number;
}

export interface UniverseEntry {
  instrument: Instrument;
  sim: SimParams;
}

// Typical daily turnover as a share of shares outstanding, by segment.
const TURNOVER: Record<Segment, number> = { prime: 0.0025, standard: 0.003, growth: 0.01, nagoya: 0.0005, fukuoka: 0.0005, sapporo: 0.0005 };
const VOL: Record<Segment, number> = { prime: 0.016, standard: 0.015, growth: 0.032, nagoya: 0.01, fukuoka: 0.01, sapporo: 0.01 };
const HIGH_VOL_SECTORS = new Set(['electric_appliances', 'marine_transport', 'nonferrous_metals', 'machinery', 'mining']);
const LOW_VOL_SECTORS = new Set(['foods', 'land_transport', 'electric_power_gas', 'retail', 'pharmaceutical']);
const HIGH_YIELD_SECTORS = new Set(['banks', 'insurance', 'wholesale', 'iron_steel', 'oil_coal', 'marine_transport', 'securities']);

/** A stable number in [0, 1) from a code (data property, independent of the seed). */
function codeFraction(code: string): number {
  let h = 2166136261;
  for (let i = 0; i < code.length; i++) h = Math.imul(h ^ code.charCodeAt(i), 16777619);
  return ((h >>> 0) % 1000) / 1000;
}

function stock(row: StockRow, segment: Segment, nikkei225: boolean, topix500: boolean): UniverseEntry {
  const [code, nameJa, kana, nameEn, sector, priceYen, sharesM] = row;
  // Sector character for established companies; every growth name is volatile. A fixed
  // per-code factor (0.85–1.2) keeps stocks of one sector from moving in lockstep sizes.
  let vol = VOL[segment] * (0.85 + 0.35 * codeFraction(code));
  if (segment !== 'growth' && HIGH_VOL_SECTORS.has(sector)) vol *= 1.3;
  if (segment !== 'growth' && LOW_VOL_SECTORS.has(sector)) vol *= 0.8;
  const yieldPct = segment === 'growth' ? 0 : HIGH_YIELD_SECTORS.has(sector) ? 0.035 : 0.02;
  const shares = Math.round(sharesM * 1_000_000);
  return {
    instrument: {
      code,
      kind: 'stock',
      board: boardOfSegment(segment),
      nameJa,
      nameEn,
      kana,
      priceScale: TSE_PRICE_SCALE,
      qtyScale: 1,
      currency: 'JPY',
      sector,
      segment,
      tickTable: topix500 ? 'topix500' : 'other',
      nikkei225,
      sharesOutstanding: shares,
      simulated: true,
    },
    sim: {
      refPrice: priceYen * TSE_PRICE_SCALE,
      vol,
      dailyVolume: shares * TURNOVER[segment],
      dividendYield: yieldPct,
      // Growth drifts down (the index fell from ~1,000 in 2021), the rest up (Nikkei ~28k → 50k).
      drift: segment === 'growth' ? -0.0002 : 0.0004,
    },
  };
}

function pair(row: PairRow, kind: 'crypto' | 'fx'): UniverseEntry {
  return {
    instrument: {
      code: row.code,
      kind,
      board: kind,
      nameJa: row.nameJa,
      nameEn: row.nameEn,
      kana: row.kana,
      priceScale: row.priceScale,
      qtyScale: row.qtyScale,
      currency: 'JPY',
      base: row.base,
      ...(row.quoteUnit ? { quoteUnit: row.quoteUnit } : {}),
      ...(row.vol === 0 ? { fixed: true as const } : {}),
      simulated: true,
    },
    sim: {
      refPrice: parsePrice(row.ref, row.priceScale),
      vol: row.vol,
      dailyVolume: row.dailyVolume * row.qtyScale,
      dividendYield: 0,
      // Crypto trended up strongly (BTC ≈ ¥0.8M in 2019); currencies wander without a trend.
      drift: kind === 'crypto' ? 0.0012 : 0,
    },
  };
}

/** Index definitions: levels at the anchor date from docs/tse-rules.md "Indices". */
export const INDEX_DEFS = [
  { code: 'N225', nameJa: '日経平均株価', kana: 'ニッケイヘイキンカブカ', nameEn: 'Nikkei 225', level: '50339.00', method: 'price' as const },
  { code: 'TOPIX', nameJa: 'TOPIX (東証株価指数)', kana: 'トピックス', nameEn: 'TOPIX', level: '3409.00', method: 'cap' as const },
  { code: 'TSEG250', nameJa: '東証グロース市場250指数', kana: 'トウショウグロースシジョウニヒャクゴジュウシスウ', nameEn: 'TSE Growth Market 250', level: '680.00', method: 'cap' as const },
];
export const INDEX_PRICE_SCALE = 100;

/**
 * Simulated exchange designations (Instrument.designation): one growth stock is marked 監理銘柄 so
 * the NISA 成長投資枠's refusal of designated stocks can be seen and tested. A simulation choice, not
 * the company's real status.
 */
const DESIGNATIONS: ReadonlyMap<string, 'seiri' | 'kanri'> = new Map([['4586', 'kanri']]);

function designated(e: UniverseEntry): UniverseEntry {
  const d = DESIGNATIONS.get(e.instrument.code);
  return d ? { ...e, instrument: { ...e.instrument, designation: d } } : e;
}

function buildUniverse(): UniverseEntry[] {
  const stocks = [
    ...NIKKEI225_ROWS.map((r) => stock(r, 'prime', true, true)),
    ...PRIME_OTHER_ROWS.map((r) => stock(r, 'prime', false, !PRIME_NOT_TOPIX500.has(r[0]))),
    ...STANDARD_ROWS.map((r) => stock(r, 'standard', false, false)),
    ...GROWTH_ROWS.map((r) => stock(r, 'growth', false, false)),
    ...REGIONAL_ROWS.map(([code, ja, kana, en, sector, price, shares, seg]) =>
      stock([code, ja, kana, en, sector, price, shares], seg, false, false),
    ),
  ].map(designated);
  const members: Record<string, string[]> = {
    N225: stocks.filter((s) => s.instrument.nikkei225).map((s) => s.instrument.code),
    TOPIX: stocks.filter((s) => s.instrument.segment === 'prime').map((s) => s.instrument.code),
    TSEG250: stocks.filter((s) => s.instrument.segment === 'growth').map((s) => s.instrument.code),
  };
  const indices: UniverseEntry[] = INDEX_DEFS.map((d) => ({
    instrument: {
      code: d.code,
      kind: 'index',
      board: null,
      nameJa: d.nameJa,
      nameEn: d.nameEn,
      kana: d.kana,
      priceScale: INDEX_PRICE_SCALE,
      qtyScale: 1,
      currency: 'JPY',
      members: members[d.code]!,
      simulated: true,
    },
    sim: { refPrice: parsePrice(d.level, INDEX_PRICE_SCALE), vol: 0, dailyVolume: 0, dividendYield: 0, drift: 0 },
  }));
  return [...stocks, ...indices, ...CRYPTO_ROWS.map((r) => pair(r, 'crypto')), ...FX_ROWS.map((r) => pair(r, 'fx'))];
}

/** The whole universe, in a stable order: stocks by list, then indices, crypto, FX. */
export const UNIVERSE: readonly UniverseEntry[] = buildUniverse();
export const INSTRUMENTS: readonly Instrument[] = UNIVERSE.map((u) => u.instrument);

const BY_CODE = new Map(UNIVERSE.map((u) => [u.instrument.code, u]));

export function universeEntry(code: string): UniverseEntry | undefined {
  return BY_CODE.get(code);
}
