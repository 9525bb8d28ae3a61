/*
 * Market-simulator generation speed (docs/architecture.md): how long the simulator
 * takes to produce, on demand and without a start-up phase, what the screens ask for — minute bars
 * for a 20-day chart, five years of daily bars (one stock, then the Nikkei 225, which derives
 * from its 225 members), and a quote for every instrument. Each figure is measured cold (a fresh
 * simulator) and, where the simulator caches, warm, so the cached figure is the in-run baseline
 * the cold one is read against. Timings depend on the machine: the 1-minute load average is
 * reported with them. Formerly a unit test that only printed these numbers.
 */
import { cpus, loadavg } from 'node:os';
import { Simulator } from '../src/server/market-sim';
import { jstMs, tradingDaysInRange } from '../src/shared/market';
import type { Figure } from './ledger';

function timed<T>(run: () => T): { ms: number; out: T } {
  const t0 = performance.now();
  const out = run();
  return { ms: +(performance.now() - t0).toFixed(1), out };
}

/** A figure is only worth reading if the work done is the work named. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`market-sim bench: ${what}`);
}

export async function benchMarketSim(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const add = (name: string, ms: number, note?: string) => figures.push({ name: `market_sim.${name}`, value: ms, unit: 'ms', ...(note ? { note } : {}) });

  const built = timed(() => new Simulator({ seed: 'speed' }));
  const sim = built.out;
  add('construct', built.ms, 'no start-up phase');

  const days = tradingDaysInRange('2025-12-01', '2025-12-30').concat(tradingDaysInRange('2026-01-05', '2026-01-08'));
  check(days.length >= 20, `expected 20 trading days, got ${days.length}`);
  const twenty = days.slice(-20);
  const cold = timed(() => twenty.map((d) => sim.minuteBars('7203', d)));
  check(cold.out.flat().length === 20 * 326, 'expected 326 minute bars a trading day');
  add('minute_bars_20d.cold', cold.ms, '7203, 20 × 326 bars');
  add('minute_bars_20d.cached', timed(() => twenty.map((d) => sim.minuteBars('7203', d))).ms, 'same request again');
  const btcDays = tradingDaysInRange('2025-12-01', '2025-12-30').slice(0, 20);
  add('minute_bars_20d_btc.cold', timed(() => btcDays.map((d) => sim.minuteBars('BTCJPY', d))).ms, 'BTC/JPY, 20 × 1,440 bars');

  const daily = timed(() => sim.dailyBars('6758', '2020-12-30', '2025-12-30'));
  check(daily.out.length > 1200, `expected 5 years of daily bars, got ${daily.out.length}`);
  add('daily_bars_5y.cold', daily.ms, `6758, ${daily.out.length} bars`);
  add('daily_bars_5y_n225.cold', timed(() => sim.dailyBars('N225', '2020-12-30', '2025-12-30')).ms, 'Nikkei 225 from its 225 members');

  const instruments = sim.instruments();
  const at = jstMs('2025-12-26', 10, 30);
  add('quotes_universe.cold', timed(() => instruments.map((i) => sim.quote(i.code, at))).ms, `${instruments.length} instruments at one instant`);
  add('quotes_universe.cached', timed(() => instruments.map((i) => sim.quote(i.code, at + 5_000))).ms, 'the same 5 s later');

  figures.push({ name: 'market_sim.loadavg', value: +loadavg()[0]!.toFixed(2), unit: 'load (1 min)', note: `${cpus().length} CPUs` });
  return figures;
}
