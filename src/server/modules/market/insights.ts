import { addDays, dayNumber, tradingDayOnOrBefore, weekday, type IsoDate } from '../../../shared/market';
import { rngFor } from '../../market-sim/prng';
import type { Instrument } from '../../market';
import { INVESTOR_TYPES, type InsightsData } from '../../../shared/api/market-detail';
import { sectorView } from './peers';
import type { MarketService } from './service';

/*
 * Stock-detail insights. Margin balances (信用残), the short-selling ratio (空売り比率) and
 * investor-type flows (投資部門別売買動向) are not produced by the simulator, so they are drawn
 * from (seed, code, week) — SIMULATED, labelled so — but sized by the stock's simulated volume
 * and turnover, so a busy stock has big balances. Weekly figures are published the Tuesday after
 * the week, so only weeks that had been published by the market clock's today are shown.
 */

const WEEKS = 8;
const FLOW_WEEKS = 4;
const LOT = 100;
/** Typical shares of buying/selling by investor type: foreigners dominate Prime, individuals Growth. */
const MIX = {
  prime: [0.6, 0.22, 0.04, 0.04, 0.03, 0.07],
  growth: [0.3, 0.55, 0.03, 0.02, 0.03, 0.07],
};

/** The Fridays (as trading days) of the last `n` published weeks, oldest first. */
function publishedWeeks(today: IsoDate, n: number): { start: IsoDate; end: IsoDate }[] {
  let friday = addDays(today, -((weekday(today) + 2) % 7)); // the latest Friday on or before today
  if (dayNumber(addDays(friday, 4)) > dayNumber(today)) friday = addDays(friday, -7);
  const out = [];
  for (let k = n - 1; k >= 0; k--) {
    const f = addDays(friday, -7 * k);
    out.push({ start: addDays(f, -4), end: tradingDayOnOrBefore(f) });
  }
  return out;
}

function avgDailyVolume(market: MarketService, code: string, before: IsoDate): number {
  const bars = market.source.dailyBars(code, addDays(before, -40), addDays(before, -1)).slice(-20);
  return bars.length ? bars.reduce((s, b) => s + b.volume, 0) / bars.length : 0;
}

const smooth = (seed: string, code: string, week: IsoDate, purpose: string) => {
  // Two draws per week, averaged with the previous week's: balances drift rather than jump.
  const z = (w: IsoDate) => rngFor(seed, code, w, purpose).truncNormal(2.5);
  return (z(week) + z(addDays(week, -7))) / Math.SQRT2;
};

function shortSelling(market: MarketService, inst: Instrument, today: IsoDate): InsightsData['shortSelling'] {
  const r = rngFor(market.seed, inst.code, 'margin', 'profile');
  const buyDays = 2 + 6 * r.next(); // margin buying ≈ 2–8 days of volume
  const sellDays = 0.2 + 2.3 * r.next();
  const weeks = publishedWeeks(today, WEEKS).map(({ end }) => {
    const vol = avgDailyVolume(market, inst.code, addDays(end, 1));
    const lots = (days: number, purpose: string) =>
      Math.round((vol * days * Math.exp(0.2 * smooth(market.seed, inst.code, end, purpose))) / LOT) * LOT;
    const marginBuy = lots(buyDays, 'margin-buy');
    const marginSell = lots(sellDays, 'margin-sell');
    return { week: end, marginBuy, marginSell, ratioX100: marginSell > 0 ? Math.round((marginBuy * 100) / marginSell) : null };
  });
  const last = weeks[weeks.length - 1]!;
  const day = rngFor(market.seed, inst.code, today, 'short-ratio');
  return {
    asOf: last.week,
    marginBuy: last.marginBuy,
    marginSell: last.marginSell,
    ratioX100: last.ratioX100,
    shortSellRatioBp: Math.round(1_000 + 3_500 * day.next()),
    weeks,
  };
}

/** Split `total` by weights into integers that sum exactly to `total` (the remainder goes to the largest). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  const parts = weights.map((w) => Math.floor((total * w) / sum));
  const big = weights.indexOf(Math.max(...weights));
  parts[big]! += total - parts.reduce((s, p) => s + p, 0);
  return parts;
}

function investorTrends(market: MarketService, inst: Instrument, today: IsoDate): InsightsData['investorTrends'] {
  const mix = inst.segment === 'growth' ? MIX.growth : MIX.prime;
  const weeks = publishedWeeks(today, FLOW_WEEKS).map(({ start, end }) => {
    // Yen traded that week: Σ close × volume (the daily bars carry no turnover).
    const turnover = Math.round(
      market.source.dailyBars(inst.code, start, end).reduce((s, b) => s + (b.close * b.volume) / inst.priceScale, 0),
    );
    const r = rngFor(market.seed, inst.code, end, 'investors');
    const buys = apportion(turnover, mix.map((m) => m * Math.exp(0.3 * r.truncNormal(2))));
    const sells = apportion(turnover, mix.map((m) => m * Math.exp(0.3 * r.truncNormal(2))));
    // Every share bought was sold by someone: the nets sum to zero.
    const flows = INVESTOR_TYPES.map((investor, i) => ({ investor, buy: buys[i]!, sell: sells[i]!, net: buys[i]! - sells[i]! }));
    return { week: end, flows };
  });
  return { weeks };
}

export function insights(market: MarketService, code: string): InsightsData {
  const inst = market.stock(code);
  const q = market.quote(inst.code);
  const { ranking, industry } = sectorView(market, inst);
  return {
    code: inst.code,
    at: q.at,
    shortSelling: shortSelling(market, inst, q.tradingDate),
    investorTrends: investorTrends(market, inst, q.tradingDate),
    ranking,
    industry,
    simulated: true,
  };
}
