import { describe, expect, it } from 'vitest';
import {
  barCrossing,
  barLimitFill,
  barsEndedIn,
  catchUpFrom,
  continuousMinuteEndsIn,
  decide,
  decideBar,
  firstBarAction,
  ratioAt,
  rowStart,
  type DayBar,
} from '../../src/server/modules/trade/engine-rules';
import { newPositionRow } from '../../src/server/modules/trade/context';
import { valueHeld } from '../../src/server/modules/trade/view';
import { configDefaults } from '../../src/shared/domain/config-items';
import { jstMs } from '../../src/shared/market';
import type { PositionRow } from '../../src/server/modules/trade/repo';
import type { Quote } from '../../src/server/market';

/*
 * Worked by hand. Prices are in tenths of a yen (price scale 10); the 'other' tick table has ¥1
 * ticks (10 units) below ¥3,000. The margin fixture: 100 shares bought (or sold short) at ¥1,000,
 * cost ¥100,000, 3.3× so principal ⌈100,000 ÷ 3.3⌉ = ¥30,304. At p units the value is 10p yen and
 *   long:  ratio = (30,304 + 10p − 100,000) ÷ 10p    short: ratio = (30,304 + 100,000 − 10p) ÷ 10p
 * - long below 10 %:  9p < 69,696, p < 7,744  → last unit 7,743, on the grid ¥774 (7,740): 995 bp
 * - long below 20 %:  8p < 69,696, p < 8,712  → ¥871 (8,710): 17,404 ÷ 87,100 = 1,998 bp
 * - short below 10 %: 11p > 130,304, p > 11,845.8 → first unit 11,846, on the grid ¥1,185: 996 bp
 */
const cfg = configDefaults(); // 2,000 / 1,000 bp
const D = '2026-11-25';
const T = (h: number, m: number, s = 0) => jstMs(D, h, m, s);

function pos(patch: Partial<PositionRow> = {}): PositionRow {
  return newPositionRow({
    id: 'p', user_id: 'u', code: '9999', business_type: 'stock', direction: 'up', price_type: 'market', status: 'holding',
    currency: 'JPY', price_scale: 10, quantity: 100, leverage_x10: 33, placed_at: T(9, 0), updated_at: T(9, 0),
    buy_time: T(9, 0), buy_price: 10_000, contract_value: 100_000, principal: 30_304, ...patch,
  });
}
const short = (patch: Partial<PositionRow> = {}) => pos({ direction: 'down', ...patch });
const limitOrder = (side: 'up' | 'down', limit: number, patch: Partial<PositionRow> = {}) =>
  pos({ status: 'pending', price_type: 'limit', limit_price: limit, direction: side, buy_time: null, buy_price: null, contract_value: null, principal: 0, ...patch });

function bar(t: number, open: number, high: number, low: number, limits: DayBar['limits'] = null): DayBar {
  return { t, open, high, low, close: open, limits };
}

function quote(price: number, patch: Partial<Quote> = {}): Quote {
  return {
    code: '9999', at: T(10, 0), session: 'morning', tradingDate: D, priceScale: 10, price, prevClose: 10_000, open: null, high: null, low: null,
    change: 0, changeBp: 0, volume: 0, turnover: 0, marketValue: null, limits: null, limitState: null, bid: price, ask: price + 10, simulated: true, ...patch,
  };
}

describe('maintenance ratio in a minute', () => {
  it('is the ratio the position view shows at that price', () => {
    for (const p of [7_740, 8_710, 10_000, 12_340]) {
      expect(ratioAt(pos(), p)).toBe(valueHeld(pos(), quote(p))!.ratioBp);
      expect(ratioAt(short(), p)).toBe(valueHeld(short(), quote(p))!.ratioBp);
    }
    expect(ratioAt(pos(), 10_000)).toBe(3_030);
  });

  it('a long crosses 10 % at the first tick under ¥774.4, or at the open when it opened below', () => {
    expect(ratioAt(pos(), 7_743)).toBe(998);
    expect(ratioAt(pos(), 7_744)).toBe(1_000); // exactly at the level is not below it
    expect(barCrossing(pos(), bar(T(10, 5), 8_000, 8_000, 7_600), 1_000, 'other')).toEqual({ price: 7_740, ratioBp: 995 });
    // 7,700: 7,304 ÷ 77,000
    expect(barCrossing(pos(), bar(T(10, 5), 7_700, 7_800, 7_600), 1_000, 'other')).toEqual({ price: 7_700, ratioBp: 948 });
    expect(barCrossing(pos(), bar(T(10, 5), 8_000, 8_000, 7_750), 1_000, 'other')).toBeNull(); // ¥775 is 1,006 bp
  });

  it('a short crosses 10 % at the first tick over ¥1,184.58', () => {
    expect(ratioAt(short(), 11_846)).toBe(999);
    expect(ratioAt(short(), 11_845)).toBe(1_000);
    // ¥1,185: 11,804 ÷ 118,500
    expect(barCrossing(short(), bar(T(10, 5), 11_500, 12_000, 11_500), 1_000, 'other')).toEqual({ price: 11_850, ratioBp: 996 });
    expect(barCrossing(short(), bar(T(10, 5), 11_500, 11_840, 11_500), 1_000, 'other')).toBeNull();
  });
});

describe('limit orders in a minute', () => {
  const b = bar(T(10, 5), 10_000, 10_050, 9_850);
  it('a buy fills at its limit when the minute traded through it, at the open when it opened through', () => {
    expect(barLimitFill('buy', 9_900, b)).toBe(9_900);
    expect(barLimitFill('buy', 9_900, bar(T(10, 5), 9_800, 9_900, 9_700))).toBe(9_800);
    expect(barLimitFill('buy', 9_840, b)).toBeNull();
  });
  it('a sell mirrors it', () => {
    expect(barLimitFill('sell', 10_040, b)).toBe(10_040);
    expect(barLimitFill('sell', 9_950, b)).toBe(10_000); // opened above the limit: the open
    expect(barLimitFill('sell', 10_060, b)).toBeNull();
  });
  it('a minute spent at ストップ高 has no sellers, one at ストップ安 no buyers', () => {
    const limits = { upper: 9_900, lower: 8_000 };
    expect(barLimitFill('buy', 9_900, bar(T(10, 5), 9_900, 9_900, 9_900, limits))).toBeNull();
    expect(barLimitFill('buy', 9_900, bar(T(10, 5), 9_900, 9_900, 9_890, limits))).toBe(9_900);
    expect(barLimitFill('sell', 8_000, bar(T(10, 5), 8_000, 8_000, 8_000, limits))).toBeNull();
    expect(barLimitFill('sell', 8_000, bar(T(10, 5), 8_000, 8_010, 8_000, limits))).toBe(8_000);
  });
});

describe('what a position needed in a minute', () => {
  it('forced close before the margin call; a margin call at the first price under 20 %', () => {
    expect(decideBar(pos(), bar(T(10, 5), 8_000, 8_000, 7_600), cfg, 'other')).toEqual({ kind: 'forced_close', price: 7_740, ratioBp: 995 });
    expect(decideBar(pos(), bar(T(10, 5), 9_000, 9_050, 8_500), cfg, 'other')).toEqual({ kind: 'margin_call', ratioBp: 1_998 });
    expect(decideBar(pos(), bar(T(10, 5), 9_000, 9_050, 8_720), cfg, 'other')).toBeNull(); // ¥872: 2,007 bp
  });

  it('at ストップ安 (¥774 here) a long is not force-closed, nobody bids; the margin call goes out (¥800 open: 1,288 bp)', () => {
    const limitDown = bar(T(10, 5), 8_000, 8_000, 7_740, { upper: 12_000, lower: 7_740 });
    expect(decideBar(pos(), limitDown, cfg, 'other')).toEqual({ kind: 'margin_call', ratioBp: 1_288 });
    expect(decideBar(pos({ margin_call_at: T(9, 30) }), limitDown, cfg, 'other')).toBeNull();
    // A tick above the limit there are bids.
    expect(decideBar(pos(), { ...limitDown, limits: { upper: 12_000, lower: 7_730 } }, cfg, 'other')).toMatchObject({ kind: 'forced_close', price: 7_740 });
  });

  it('at ストップ高 (¥1,185 here) a short waits for an offer (¥1,150 open: 15,304 ÷ 115,000 = 1,330 bp)', () => {
    const limitUp = bar(T(10, 5), 11_500, 11_850, 11_500, { upper: 11_850, lower: 8_000 });
    expect(decideBar(short(), limitUp, cfg, 'other')).toEqual({ kind: 'margin_call', ratioBp: 1_330 });
  });

  it('uses the levels the position was opened on, not today’s config', () => {
    const b = bar(T(10, 5), 9_000, 9_050, 8_500); // 1,800 bp at the low
    expect(decideBar(pos(), b, cfg, 'other')).toEqual({ kind: 'margin_call', ratioBp: 1_998 }); // no stored terms: today's config
    expect(decideBar(pos({ maintenance_bp: 1_700, forced_close_bp: 1_000 }), b, cfg, 'other')).toBeNull();
    // Stored 2,900 / 1,900: ratio < 19 % ⇔ 8.1p < 69,696, p < 8,604.4 → ¥860: 16,304 ÷ 86,000 = 1,895 bp
    expect(decideBar(pos({ maintenance_bp: 2_900, forced_close_bp: 1_900 }), b, cfg, 'other')).toEqual({ kind: 'forced_close', price: 8_600, ratioBp: 1_895 });
  });

  it('a limit close is checked before the maintenance levels', () => {
    const closing = pos({ status: 'closing', close_type: 'limit', close_limit_price: 7_900 });
    expect(decideBar(closing, bar(T(10, 5), 8_000, 8_000, 7_600), cfg, 'other')).toEqual({ kind: 'close', price: 8_000 });
  });
});

describe('the first minute a row acts in', () => {
  const bars = [bar(T(10, 0), 10_000, 10_000, 9_880), bar(T(10, 1), 9_950, 9_960, 9_890), bar(T(10, 2), 9_890, 9_900, 9_800)];
  it('skips minutes before the order existed, even the one it was placed in', () => {
    expect(firstBarAction(limitOrder('up', 9_890, { placed_at: T(9, 59), updated_at: T(9, 59) }), bars, cfg, 'other')).toEqual({ at: T(10, 0), action: { kind: 'fill', price: 9_890 } });
    expect(firstBarAction(limitOrder('up', 9_890, { placed_at: T(10, 0, 30), updated_at: T(10, 0, 30) }), bars, cfg, 'other')).toEqual({ at: T(10, 1), action: { kind: 'fill', price: 9_890 } });
    expect(firstBarAction(limitOrder('up', 9_850, { placed_at: T(10, 0, 30), updated_at: T(10, 0, 30) }), bars, cfg, 'other')).toEqual({ at: T(10, 2), action: { kind: 'fill', price: 9_850 } });
    expect(firstBarAction(limitOrder('up', 9_700), bars, cfg, 'other')).toBeNull();
  });

  it('a held position starts after the minute it was bought in and after its last change', () => {
    expect(rowStart(pos({ buy_time: T(10, 0), updated_at: T(10, 0) }))).toBe(T(10, 0) + 1);
    expect(rowStart(pos({ buy_time: T(10, 0), updated_at: T(10, 7, 12) }))).toBe(T(10, 7, 12));
    expect(rowStart(limitOrder('up', 1, { placed_at: T(8, 30), updated_at: T(8, 30) }))).toBe(T(8, 30));
  });

  it('a margin call goes out once per Tokyo day', () => {
    const dip = [bar(T(10, 5), 9_000, 9_050, 8_500), bar(jstMs('2026-11-26', 9, 0), 8_800, 8_900, 8_600)];
    expect(firstBarAction(pos(), dip, cfg, 'other')).toEqual({ at: T(10, 5), action: { kind: 'margin_call', ratioBp: 1_998 } });
    // The next day opens at ¥880 (18,304 ÷ 88,000 = 2,080 bp) and dips to ¥860: the crossing is ¥871 again.
    expect(firstBarAction(pos({ margin_call_at: T(10, 5) }), dip, cfg, 'other')).toEqual({ at: jstMs('2026-11-26', 9, 0), action: { kind: 'margin_call', ratioBp: 1_998 } });
  });
});

describe('the minutes a run looks at', () => {
  it('starts where the last run ended, but never before the previous trading day’s open', () => {
    expect(catchUpFrom(T(10, 20), T(10, 0))).toBe(T(10, 0));
    expect(catchUpFrom(T(10, 20), null)).toBe(jstMs('2026-11-24', 9, 0));
    expect(catchUpFrom(T(10, 20), jstMs('2026-06-01', 10, 0))).toBe(jstMs('2026-11-24', 9, 0));
    expect(catchUpFrom(T(10, 20), T(11, 0))).toBe(jstMs('2026-11-24', 9, 0)); // clock moved back
    // 23 Nov 2026 is a holiday (勤労感謝の日): before Tuesday the 24th comes Friday the 20th.
    expect(catchUpFrom(jstMs('2026-11-24', 10, 0), null)).toBe(jstMs('2026-11-20', 9, 0));
    // On a Saturday, the bound is Thursday's open (Friday is the last trading day).
    expect(catchUpFrom(jstMs('2026-11-28', 12, 0), null)).toBe(jstMs('2026-11-26', 9, 0));
  });

  it('takes continuous minutes that ended in (from, to], not the 15:30 auction print', () => {
    const mk = (t: number, auction = false) => ({ t, ...(auction ? { auction: true as const } : {}) });
    const bars = [mk(T(10, 0)), mk(T(10, 1)), mk(T(11, 29)), mk(T(12, 30)), mk(T(15, 24)), mk(T(15, 30), true)];
    expect(barsEndedIn(bars, T(10, 0, 30), T(10, 1)).map((b) => b.t)).toEqual([T(10, 0)]);
    expect(barsEndedIn(bars, T(10, 1), T(12, 30)).map((b) => b.t)).toEqual([T(10, 1), T(11, 29)]);
    expect(barsEndedIn(bars, T(12, 0), T(16, 0)).map((b) => b.t)).toEqual([T(12, 30), T(15, 24)]);
  });

  it('knows when no minute can have ended, so a run need not read rows for it', () => {
    expect(continuousMinuteEndsIn(T(10, 0, 1), T(10, 0, 59))).toBe(false);
    expect(continuousMinuteEndsIn(T(10, 0, 30), T(10, 1))).toBe(true);
    expect(continuousMinuteEndsIn(T(11, 29, 30), T(11, 30))).toBe(true);
    expect(continuousMinuteEndsIn(T(11, 30), T(12, 30))).toBe(false); // lunch
    expect(continuousMinuteEndsIn(T(15, 25), jstMs('2026-11-26', 9, 0))).toBe(false);
    expect(continuousMinuteEndsIn(T(15, 25), jstMs('2026-11-26', 9, 1))).toBe(true);
  });
});

describe('at the live quote', () => {
  it('a forced close waits while nobody bids at ストップ安; the margin call still goes out', () => {
    const locked = quote(7_740, { limitState: 'down', bid: null, ask: 7_740, limits: { upper: 12_000, lower: 7_740 } });
    expect(decide(pos(), locked, T(10, 0), cfg)).toEqual({ kind: 'margin_call', ratioBp: 995 });
    expect(decide(pos({ margin_call_at: T(9, 30) }), locked, T(10, 0), cfg)).toBeNull();
    expect(decide(pos(), quote(7_740), T(10, 0), cfg)).toEqual({ kind: 'forced_close', price: 7_740, ratioBp: 995 });
  });

  it('a short at ストップ高 with no offer waits too', () => {
    const locked = quote(11_850, { limitState: 'up', bid: 11_850, ask: null, limits: { upper: 11_850, lower: 8_000 } });
    expect(decide(short(), locked, T(10, 0), cfg)).toEqual({ kind: 'margin_call', ratioBp: 996 });
  });

  it('judges by the levels stored on the position', () => {
    const q = quote(8_500); // 1,800 bp
    expect(decide(pos(), q, T(10, 0), { ...cfg, maintenanceRatioBp: 2_900, forcedCloseRatioBp: 1_900 })).toMatchObject({ kind: 'forced_close' });
    expect(decide(pos({ maintenance_bp: 2_000, forced_close_bp: 1_000 }), q, T(10, 0), { ...cfg, maintenanceRatioBp: 2_900, forcedCloseRatioBp: 1_900 })).toEqual({ kind: 'margin_call', ratioBp: 1_800 });
  });
});
