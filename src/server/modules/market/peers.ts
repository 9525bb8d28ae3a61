import { addDays, changeBp, jstDate, SECTORS_33 } from '../../../shared/market';
import { tradesOn, type Instrument } from '../../market';
import type { InsightsData } from '../../../shared/api/market-detail';
import { fundamentals, splitsAfter } from './company';
import type { MarketService } from './service';

/*
 * A stock among its TSE 33-sector peers: rank by market value, today's change, turnover and
 * dividend yield, and a comparison table with the sector median. Prices, changes and turnover are
 * the simulated market's; the multiples come from the simulated financials (company.ts).
 */

type PeerMetrics = InsightsData['industry']['self'];
type Ranking = InsightsData['ranking'];
type Industry = InsightsData['industry'];

const TABLE_SIZE = 10;
const MONTH_TRADING_DAYS = 20;

function peerMetrics(market: MarketService, inst: Instrument, at: number): PeerMetrics & { turnover: number } {
  const q = market.quote(inst.code, at);
  const { valuation } = fundamentals(market, inst, q);
  // About a month back: the close 20 trading days before today, restated for splits since.
  const past = market.source.dailyBars(inst.code, addDays(q.tradingDate, -45), addDays(q.tradingDate, -1));
  const ref = past[past.length - MONTH_TRADING_DAYS];
  const actions = market.actions(inst.code, q.tradingDate);
  const refPrice = ref ? ref.close / splitsAfter(actions, ref.date) : null;
  return {
    code: inst.code,
    nameJa: inst.nameJa,
    nameEn: inst.nameEn,
    marketValue: q.marketValue,
    changeBp: q.changeBp,
    turnover: q.turnover,
    return1mBp: refPrice ? changeBp(q.price, Math.round(refPrice)) : null,
    ...valuation,
  };
}

/** 1 = the highest value; peers without a value rank after every peer with one. */
function rankOf<T>(rows: T[], self: T, value: (r: T) => number | null) {
  const v = value(self);
  const better = v === null ? rows.filter((r) => value(r) !== null).length : rows.filter((r) => (value(r) ?? -Infinity) > v).length;
  return { rank: better + 1, of: rows.length, value: v };
}

function median(values: (number | null)[]): number | null {
  const xs = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (xs.length === 0) return null;
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m]! : Math.round((xs[m - 1]! + xs[m]!) / 2);
}

export function sectorView(market: MarketService, inst: Instrument): { ranking: Ranking; industry: Industry } {
  const at = market.now();
  const peers = market.source.instruments().filter((i) => i.kind === 'stock' && i.sector === inst.sector && (i.code === inst.code || tradesOn(i, jstDate(at))));
  const rows = peers.map((p) => peerMetrics(market, p, at));
  const self = rows.find((r) => r.code === inst.code)!;
  const sector = SECTORS_33[inst.sector!];
  const ranking: Ranking = {
    sector: inst.sector!,
    sectorNameJa: sector.ja,
    sectorNameEn: sector.en,
    marketValue: rankOf(rows, self, (r) => r.marketValue),
    changeBp: rankOf(rows, self, (r) => r.changeBp),
    turnover: rankOf(rows, self, (r) => r.turnover),
    dividendYieldBp: rankOf(rows, self, (r) => r.dividendYieldBp),
  };
  const strip = ({ turnover: _t, ...m }: PeerMetrics & { turnover: number }): PeerMetrics => m;
  const bySize = [...rows].sort((a, b) => (b.marketValue ?? 0) - (a.marketValue ?? 0) || (a.code < b.code ? -1 : 1));
  const table = bySize.slice(0, TABLE_SIZE);
  if (!table.includes(self)) table.push(self);
  const industry: Industry = {
    self: strip(self),
    median: {
      marketValue: median(rows.map((r) => r.marketValue)),
      changeBp: median(rows.map((r) => r.changeBp)) ?? 0,
      return1mBp: median(rows.map((r) => r.return1mBp)),
      perX100: median(rows.map((r) => r.perX100)),
      pbrX100: median(rows.map((r) => r.pbrX100)),
      dividendYieldBp: median(rows.map((r) => r.dividendYieldBp)),
      roeBp: median(rows.map((r) => r.roeBp)),
    },
    peers: table.map(strip),
  };
  return { ranking, industry };
}
