import { describe, expect, it } from 'vitest';
import { Simulator } from '../../src/server/market-sim';
import { tradingDaysInRange } from '../../src/shared/market';

describe('intraday volume follows a U-curve', () => {
  it('trades most after the open, after the lunch reopen and into the close', () => {
    const sim = new Simulator({ seed: 'volume' });
    const days = tradingDaysInRange('2025-10-01', '2025-12-30');
    const codes = ['7203', '6758', '8306', '9432', '4063', '6098', '8035', '9983'];
    const share = new Float64Array(326); // average share of the day's volume per minute slot
    let n = 0;
    for (const code of codes) {
      for (const day of days) {
        const bars = sim.minuteBars(code, day);
        const total = bars.reduce((a, b) => a + b.volume, 0);
        bars.forEach((b, i) => (share[i]! += b.volume / total));
        n++;
      }
    }
    const avg = (from: number, to: number) => {
      let s = 0;
      for (let i = from; i < to; i++) s += share[i]! / n;
      return s / (to - from);
    };
    const opening = avg(0, 10); // 9:00–9:10
    const lateMorning = avg(60, 140); // 10:00–11:20
    const reopen = avg(150, 160); // 12:30–12:40
    const midAfternoon = avg(200, 290); // 13:20–14:50
    const intoClose = avg(310, 325); // 15:10–15:25
    expect(opening).toBeGreaterThan(2 * lateMorning);
    expect(reopen).toBeGreaterThan(1.5 * midAfternoon);
    expect(intoClose).toBeGreaterThan(1.5 * midAfternoon);
    const auction = share[325]! / n;
    expect(auction).toBeGreaterThan(0.04); // the closing auction takes a slice of its own
    expect(auction).toBeLessThan(0.15);
  }, 60_000);
});
