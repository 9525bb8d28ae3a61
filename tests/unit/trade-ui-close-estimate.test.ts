import { describe, expect, it } from 'vitest';
import { cashSaleLines, cashSaleNet } from '../../src/app/features/trade/close-estimate';
import { saleCost, averageUnitCost } from '../../src/server/modules/trade/book-cost-rules';
import { capitalGainsTax } from '../../src/shared/domain/trade-money';

/**
 * Issue 35 item 1: the close dialog of a cash holding shows 売却代金, 取得費（平均取得単価 × 株数）and
 * the gain before fee and tax; with the fee, interest and tax of the preview they add up to its netPnl.
 */
describe('close dialog: a cash sale’s lines', () => {
  // A holding of 400 shares with 取得価額 1,203,457 yen (two purchases and their fees); 100 sold at 3,150.5 yen (scale 10).
  const total = 1_203_457;
  const cost = saleCost(total, 400, 100);
  const preview = { price: 31_505, saleCost: cost, averageCost: averageUnitCost(total, 400, 10) };

  it('proceeds are price × shares rounded down; 取得費 is the server’s; the gain is their difference', () => {
    const lines = cashSaleLines(preview, { quantity: 100, priceScale: 10 })!;
    expect(lines).toEqual({ proceeds: 315_050, saleCost: 300_865, averageCost: 30_087, shares: 100, gain: 14_185 });
    // The 平均取得単価 shown (rounded up to a price unit) × shares is never below the 取得費 and at most a price unit per share above.
    expect(lines.averageCost * lines.shares).toBeGreaterThanOrEqual(lines.saleCost * 10);
    expect(lines.averageCost * lines.shares - lines.saleCost * 10).toBeLessThan(lines.shares);
  });

  it('gain − closing fee − interest − tax is the net gain the preview answers', () => {
    const lines = cashSaleLines(preview, { quantity: 100, priceScale: 10 })!;
    const closeFee = 275;
    const tax = capitalGainsTax(lines.gain - closeFee);
    expect(cashSaleNet(lines, { closeFee, interest: 0, tax })).toBe(14_185 - 275 - tax);
    expect(cashSaleNet({ ...lines, gain: -5_000 }, { closeFee, interest: 0, tax: -1_015 })).toBe(-5_000 - 275 + 1_015);
  });

  it('a margin position (no 取得費) has no cash-sale lines', () => {
    expect(cashSaleLines({ price: 31_505, saleCost: null, averageCost: null }, { quantity: 100, priceScale: 10 })).toBeNull();
  });
});
