import { describe, expect, it } from 'vitest';
import { aggregateStocks, holdingKey, lentByCode } from '../../src/server/modules/trade/holdings';
import { jstMs } from '../../src/shared/market';
import type { PositionRow } from '../../src/server/modules/trade/repo';
import type { Quote } from '../../src/server/market';

/*
 * 保有証券 (issue 35): a row's "本日の評価損益の変化" (dayChange) is today's change of the user's
 * holding — shares × (price − previous close), counted from the purchase for shares bought today —
 * and apart from it the stock's own 前日比 (priceChange, dayChangeBp). Lent shares are counted apart.
 */
const TODAY = '2026-11-24';
const quote = { code: '7203', tradingDate: TODAY, priceScale: 10, price: 26_000, prevClose: 25_500, change: 500, changeBp: 196 } as unknown as Quote;

function row(over: Partial<PositionRow>): PositionRow {
  return {
    id: 'p1', code: '7203', direction: 'up', quantity: 100, price_scale: 10, buy_price: 25_000, contract_value: 250_000,
    buy_time: jstMs('2026-11-20', 10), principal: 250_000, open_fee: 0, interest: 0, book_cost: null, account_type: 'specific',
    ...over,
  } as unknown as PositionRow;
}
const names = () => ({ nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' });

describe('aggregateStocks: today’s change of the holding apart from the stock’s 前日比', () => {
  it('shares bought before today: shares × (price − previous close)', () => {
    const [s] = aggregateStocks([row({})], () => quote, names);
    expect(s).toMatchObject({ dayChange: 100 * (2_600 - 2_550), priceChange: 500, dayChangeBp: 196, lentShares: 0, lentReturnsOn: null });
  });

  it('shares bought today: from what was paid, not from yesterday’s close', () => {
    const [s] = aggregateStocks([row({ buy_time: jstMs(TODAY, 9, 30), buy_price: 25_800, contract_value: 258_000 })], () => quote, names);
    expect(s!.dayChange).toBe(260_000 - 258_000);
    // The stock's 前日比 is the same whatever the user paid.
    expect(s!.priceChange).toBe(500);
  });

  it('sums the purchases of one stock', () => {
    const [s] = aggregateStocks(
      [row({ id: 'a' }), row({ id: 'b', quantity: 200, contract_value: 516_000, buy_price: 25_800, buy_time: jstMs(TODAY, 10) })],
      () => quote,
      names,
    );
    expect(s).toMatchObject({ shares: 300, positions: 2, dayChange: 5_000 + (520_000 - 516_000) });
  });

  it('one row per stock and account: a NISA holding of the stock is apart from the 特定 one (issue 38)', () => {
    const out = aggregateStocks([row({ id: 'a' }), row({ id: 'b', account_type: 'nisa_growth', quantity: 200, contract_value: 500_000 }), row({ id: 'c' })], () => quote, names);
    expect(out.map((s) => [s.code, s.account, s.shares, s.cost, s.positions])).toEqual([
      ['7203', 'specific', 200, 500_000, 2],
      ['7203', 'nisa_growth', 200, 500_000, 1],
    ]);
  });
});

describe('lentByCode', () => {
  const rows = [row({ id: 'a' }), row({ id: 'b', quantity: 200 }), row({ id: 'c', code: '6758' })];

  it('counts the lent shares per stock; the return date only when every lent part is being recalled', () => {
    const lent = lentByCode(rows, [
      { position_id: 'a', status: 'recalling', completes_on: '2026-11-25' },
      { position_id: 'b', status: 'borrowing', completes_on: null },
      { position_id: 'c', status: 'recalling', completes_on: '2026-11-26' },
    ]);
    expect(lent.get(holdingKey({ code: '7203', account_type: 'specific' }))).toEqual({ shares: 300, returnsOn: null });
    expect(lent.get(holdingKey({ code: '6758', account_type: 'specific' }))).toEqual({ shares: 100, returnsOn: '2026-11-26' });
  });

  it('nothing lent: no entry', () => {
    expect(lentByCode(rows, []).size).toBe(0);
  });
});
