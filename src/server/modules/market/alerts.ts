import { addDays, changeBp } from '../../../shared/market';
import type { Instrument } from '../../market';
import type { StockAlerts } from '../../../shared/api/market-detail';
import type { MarketService } from './service';

/*
 * Market alerts (docs/architecture.md "The contract" issue 4): computed from the simulated quotes and bars at the
 * market clock, so they are as simulated as the prices.
 * - limit_up / limit_down: the price is stuck at the daily limit (ストップ高 / ストップ安).
 * - sharp_rise / sharp_fall: at least ±5 % from the previous close.
 * - sharp_rise_5m / sharp_fall_5m: at least ±5 % within the last five minutes of the same day.
 * - volume_spike: the day's volume so far is at least twice the 20-day average daily volume.
 *   Volume so far (not a pro-rated pace) so the morning's U-shaped rush does not trigger it.
 */

export const SHARP_MOVE_BP = 500;
export const VOLUME_SPIKE_X100 = 200;
const FIVE_MINUTES = 5 * 60_000;

export function alertsFor(market: MarketService, inst: Instrument, at = market.now()): StockAlerts {
  const q = market.quote(inst.code, at);
  const alerts: StockAlerts['alerts'] = [];
  // Stuck at a limit means the price is that limit; `q.limits` may already be the next day's band (before the open).
  if (q.limitState === 'up') alerts.push({ kind: 'limit_up', value: q.price, threshold: q.price });
  if (q.limitState === 'down') alerts.push({ kind: 'limit_down', value: q.price, threshold: q.price });
  if (q.changeBp >= SHARP_MOVE_BP) alerts.push({ kind: 'sharp_rise', value: q.changeBp, threshold: SHARP_MOVE_BP });
  if (q.changeBp <= -SHARP_MOVE_BP) alerts.push({ kind: 'sharp_fall', value: q.changeBp, threshold: -SHARP_MOVE_BP });

  // Five minutes ago on the same trading day; before that (or across a night) there is no such move.
  const before = market.quote(inst.code, at - FIVE_MINUTES);
  const change5mBp = before.tradingDate === q.tradingDate && before.open !== null ? changeBp(q.price, before.price) : null;
  if (change5mBp !== null && change5mBp >= SHARP_MOVE_BP) alerts.push({ kind: 'sharp_rise_5m', value: change5mBp, threshold: SHARP_MOVE_BP });
  if (change5mBp !== null && change5mBp <= -SHARP_MOVE_BP) alerts.push({ kind: 'sharp_fall_5m', value: change5mBp, threshold: -SHARP_MOVE_BP });

  const past = market.source.dailyBars(inst.code, addDays(q.tradingDate, -45), addDays(q.tradingDate, -1)).slice(-20);
  const avg = past.length ? Math.round(past.reduce((s, b) => s + b.volume, 0) / past.length) : 0;
  const ratio = avg > 0 ? Math.round((q.volume * 100) / avg) : null;
  if (ratio !== null && ratio >= VOLUME_SPIKE_X100) alerts.push({ kind: 'volume_spike', value: ratio, threshold: VOLUME_SPIKE_X100 });

  return {
    code: inst.code,
    nameJa: inst.nameJa,
    nameEn: inst.nameEn,
    at: q.at,
    tradingDate: q.tradingDate,
    priceScale: inst.priceScale,
    price: q.price,
    changeBp: q.changeBp,
    change5mBp,
    volume: q.volume,
    avgVolume20: avg > 0 ? avg : null,
    volumeRatioX100: ratio,
    limitState: q.limitState,
    alerts,
    simulated: true,
  };
}
