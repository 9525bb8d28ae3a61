import { describe, expect, it } from 'vitest';
import { dividendFor, splitRow } from '../../src/server/modules/trade/corporate';
import { newPositionRow } from '../../src/server/modules/trade/context';
import type { PositionRow } from '../../src/server/modules/trade/repo';
import { capitalGainsTax, dividendTax } from '../../src/shared/domain/trade-money';

/**
 * Corporate actions on one row (docs/domain.md "Corporate actions", docs/decisions/
 * 009-trading-money-conventions.md): a split's new shares and prices, a dividend's amounts.
 * Prices are in priceScale 10 units (¥2,546 = 25460).
 */
const row = (fields: Partial<PositionRow> = {}): PositionRow =>
  newPositionRow({
    id: 'p1', user_id: 'u1', code: '4592', business_type: 'stock', direction: 'up', price_type: 'limit', status: 'pending',
    currency: 'JPY', price_scale: 10, quantity: 100, lots: 1, leverage_x10: 10, placed_at: 0, updated_at: 0, ...fields,
  });

describe('splitRow', () => {
  it('multiplies lots and shares and leaves the cost, principal and reservation alone', () => {
    const held = row({ status: 'holding', price_type: 'market', buy_price: 25470, contract_value: 254_700, principal: 77_182, reserved: 0, open_fee: 275, interest: 17 });
    const patch = splitRow(held, 3, 'other');
    expect(patch).toEqual({
      quantity: 300, lots: 3, buy_price: 8490, limit_price: null, trigger_price: null,
      close_limit_price: null, close_trigger_price: null, close_stop_price: null, then_close: null,
    });
    // Nothing about money is in the patch: the cost basis carries P/L across the split.
    for (const k of ['contract_value', 'principal', 'reserved', 'reserved_unsettled', 'open_fee', 'interest']) expect(patch).not.toHaveProperty(k);
  });

  it('shows the display price ÷ ratio rounded to the nearest unit (never 0), and keeps a block lot-less', () => {
    expect(splitRow(row({ status: 'holding', buy_price: 25460 }), 3, 'other').buy_price).toBe(8487); // 8486.67
    expect(splitRow(row({ status: 'holding', buy_price: 1 }), 3, 'other').buy_price).toBe(1);
    const block = splitRow(row({ status: 'in_progress', lots: null, quantity: 150, buy_price: 10_000 }), 2, 'topix500');
    expect(block).toMatchObject({ lots: null, quantity: 300, buy_price: 5_000 });
  });

  it('puts limits ÷ ratio on the new grid on the conservative side: a buy rounds down, a sell up', () => {
    // 'other' table, ¥2,546 ÷ 3 = ¥848.67, where the tick is ¥1 (10 units).
    expect(splitRow(row({ direction: 'up', limit_price: 25460 }), 3, 'other').limit_price).toBe(8480); // buy to open
    expect(splitRow(row({ direction: 'down', limit_price: 25460 }), 3, 'other').limit_price).toBe(8490); // sell short
    const closingLong = row({ status: 'closing', direction: 'up', price_type: 'market', close_limit_price: 25460 });
    const closingShort = row({ status: 'closing', direction: 'down', price_type: 'market', close_limit_price: 25460 });
    expect(splitRow(closingLong, 3, 'other').close_limit_price).toBe(8490); // sell to close
    expect(splitRow(closingShort, 3, 'other').close_limit_price).toBe(8480); // buy to close
    // Exactly divisible: the same price either way.
    expect(splitRow(row({ direction: 'up', limit_price: 25470 }), 3, 'other').limit_price).toBe(8490);
    expect(splitRow(row({ direction: 'down', limit_price: 25470 }), 3, 'other').limit_price).toBe(8490);
  });

  it('does not round the quotient to the nearest unit first where the new tick is one unit (TOPIX500 under ¥1,000)', () => {
    // ¥2,502.5 ÷ 3 = ¥834.1667 (8341.67 units, tick 0.1 yen = 1 unit): a buy goes to 8341, not 8342.
    expect(splitRow(row({ direction: 'up', limit_price: 25025 }), 3, 'topix500').limit_price).toBe(8341);
    // ¥2,500 ÷ 3 = ¥833.33: a sell goes to 8334, not 8333.
    expect(splitRow(row({ direction: 'down', limit_price: 25000 }), 3, 'topix500').limit_price).toBe(8334);
    // So the split order never costs more than it reserved: 300 × 834.1 ≤ 100 × 2,502.5.
    expect(8341 * 300).toBeLessThanOrEqual(25025 * 100);
  });

  it('splits stops, OCO stops and an IFD order\'s carried close as limits of their side', () => {
    // A buy stop to open a long ÷ 3 rounds down, a sell stop to open a short up (¥2,546 → ¥848 / ¥849).
    expect(splitRow(row({ direction: 'up', price_type: 'market', trigger_price: 25460 }), 3, 'other').trigger_price).toBe(8480);
    expect(splitRow(row({ direction: 'down', price_type: 'market', trigger_price: 25460 }), 3, 'other').trigger_price).toBe(8490);
    // A long's close request: a take-profit and a stop-loss are sells, rounded up; a short's are buys, rounded down.
    const long = splitRow(row({ status: 'closing', direction: 'up', close_limit_price: 27000, close_trigger_price: 24010, close_stop_price: 24010 }), 3, 'other');
    expect(long).toMatchObject({ close_limit_price: 9000, close_trigger_price: 8010, close_stop_price: 8010 });
    const short = splitRow(row({ status: 'closing', direction: 'down', close_limit_price: 23000, close_trigger_price: 26990, close_stop_price: 26990 }), 3, 'other');
    expect(short).toMatchObject({ close_limit_price: 7660, close_trigger_price: 8990, close_stop_price: 8990 });
    // A pending IFDOCO: its carried close's limit and stop follow; the rest of it stays.
    const then = { type: 'limit', price: 27000, stop: 24010, validity: 'week' };
    const ifd = splitRow(row({ direction: 'up', limit_price: 25460, then_close: JSON.stringify(then) }), 3, 'other');
    expect(JSON.parse(ifd.then_close!)).toEqual({ type: 'limit', price: 9000, stop: 8010, validity: 'week' });
  });

  it('rounds 1:2 limits across a band edge onto the coarser tick', () => {
    // ¥2,500.5 ÷ 2 = ¥1,250.25, in the ¥1,000–3,000 band (TOPIX500 tick ¥0.5 = 5 units).
    expect(splitRow(row({ direction: 'up', limit_price: 25005 }), 2, 'topix500').limit_price).toBe(12500);
    expect(splitRow(row({ direction: 'down', limit_price: 25005 }), 2, 'topix500').limit_price).toBe(12505);
  });
});

describe('dividendFor', () => {
  const holder = (direction: 'up' | 'down', leverage_x10: number, quantity = 300, account_type = 'specific') => ({ direction, leverage_x10, quantity, price_scale: 10, account_type });

  it('pays a cash long the dividend less 15.315% + 5% withheld, each rounded down', () => {
    // ¥23 × 300 = ¥6,900; 6,900 × 15.315% = 1,056.735 → 1,056; 6,900 × 5% = 345; net 5,499.
    expect(dividendFor(holder('up', 10), 230)).toEqual({ kind: 'dividend', gross: 6_900, withheld: 1_401, net: 5_499 });
    // ¥68 × 100 = ¥6,800: 1,041.42 → 1,041 and 340 → 1,381 withheld.
    expect(dividendFor(holder('up', 10, 100), 680)).toEqual({ kind: 'dividend', gross: 6_800, withheld: 1_381, net: 5_419 });
  });

  it('rounds the two tax parts separately (one fewer yen than 20.315% at once)', () => {
    // ¥22.7 × 300 = ¥6,810: 1,042.9515 → 1,042 and 340.5 → 340 = 1,382 (20.315% at once: 1,383.45 → 1,383).
    expect(dividendTax(6_810)).toBe(1_382);
    expect(capitalGainsTax(6_810)).toBe(1_382);
    expect(dividendFor(holder('up', 10), 227)).toEqual({ kind: 'dividend', gross: 6_810, withheld: 1_382, net: 5_428 });
  });

  it('rounds a gross of a fraction of a yen down (a block of odd shares)', () => {
    // ¥0.7 × 15 = ¥10.5 → 10; tax 1.5315 → 1 and 0.5 → 0.
    expect(dividendFor(holder('up', 10, 15), 7)).toEqual({ kind: 'dividend', gross: 10, withheld: 1, net: 9 });
  });

  it('withholds in a 一般口座 as in a 特定口座, and nothing in a NISA account (株式数比例配分方式)', () => {
    expect(dividendFor(holder('up', 10, 300, 'general'), 230)).toEqual({ kind: 'dividend', gross: 6_900, withheld: 1_401, net: 5_499 });
    expect(dividendFor(holder('up', 10, 300, 'nisa_growth'), 230)).toEqual({ kind: 'dividend', gross: 6_900, withheld: 0, net: 6_900 });
  });

  it('credits a margin long the 配当落調整金: the same net amount, nothing withheld', () => {
    expect(dividendFor(holder('up', 33), 230)).toEqual({ kind: 'adjustment_received', gross: 6_900, withheld: 0, net: 5_499 });
    expect(dividendFor(holder('up', 20, 300), 227)).toEqual({ kind: 'adjustment_received', gross: 6_810, withheld: 0, net: 5_428 });
  });

  it('charges a short the whole dividend, whatever its leverage', () => {
    expect(dividendFor(holder('down', 20), 230)).toEqual({ kind: 'adjustment_paid', gross: 6_900, withheld: 0, net: -6_900 });
    expect(dividendFor(holder('down', 33, 100), 370)).toEqual({ kind: 'adjustment_paid', gross: 3_700, withheld: 0, net: -3_700 });
  });
});
