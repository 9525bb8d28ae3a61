import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LOT_SIZE,
  canStepPrice,
  clampLimitPrice,
  clampLots,
  estimatePrice,
  leverageChoices,
  leverageFits,
  limitRefusal,
  maxAffordableLots,
  parsePriceInput,
  previewCost,
  stepLimitPrice,
  stepLots,
  suggestedPrices,
} from '../../src/app/features/trade/ticket';
import { blockCost, checkBlockShares } from '../../src/app/features/block/rules';
import { parseLots } from '../../src/app/components/forms/validation';
import { formatLeverage } from '../../src/shared/money';
import { orderCost, REFERENCE_FEES, tradeFee } from '../../src/shared/domain/trade-money';
import { LOTS_MAX, leverageTenths } from '../../src/shared/domain/position';
import { isOnTick, limitPriceRefusal, limitPrices } from '../../src/shared/market';

const y = (yen: number) => Math.round(yen * 10); // yen → scaled price (priceScale 10)

describe('the price an estimate uses', () => {
  const q = { price: y(2345), bid: y(2344.5), ask: y(2345.5) };
  it('a market buy-up uses the ask, a market buy-down (short sale) the bid', () => {
    expect(estimatePrice(q, 'up', 'market', null)).toBe(y(2345.5));
    expect(estimatePrice(q, 'down', 'market', null)).toBe(y(2344.5));
  });
  it('falls back to the last price when a side is missing', () => {
    expect(estimatePrice({ ...q, ask: null }, 'up', 'market', null)).toBe(y(2345));
    expect(estimatePrice({ ...q, bid: null }, 'down', 'market', null)).toBe(y(2345));
  });
  it('a limit order uses its limit, whatever the quote', () => {
    expect(estimatePrice(q, 'up', 'limit', y(2300))).toBe(y(2300));
    expect(estimatePrice(null, 'down', 'limit', y(2300))).toBe(y(2300));
    expect(estimatePrice(q, 'up', 'limit', null)).toBeNull();
  });
  it('no quote, no market estimate', () => {
    expect(estimatePrice(undefined, 'up', 'market', null)).toBeNull();
  });
});

describe('lots stepper: whole lots from 1 to the maximum', () => {
  it('clamps to [1, max] and drops fractions', () => {
    expect(clampLots(0)).toBe(1);
    expect(clampLots(-5)).toBe(1);
    expect(clampLots(2.9)).toBe(2);
    expect(clampLots(Number.NaN)).toBe(1);
    expect(clampLots(Number.POSITIVE_INFINITY)).toBe(1);
    expect(clampLots(7, 5)).toBe(5);
    expect(clampLots(LOTS_MAX + 10)).toBe(LOTS_MAX);
  });
  it('steps by one within the bounds', () => {
    expect(stepLots(1, -1)).toBe(1);
    expect(stepLots(1, 1)).toBe(2);
    expect(stepLots(5, 1, 5)).toBe(5);
  });
  it('typed lots: digits only (full-width too), integers only', () => {
    expect(parseLots('12')).toBe(12);
    expect(parseLots('１２')).toBe(12);
    expect(parseLots('1,000')).toBe(1000);
    expect(parseLots('1.5')).toBeNull();
    expect(parseLots('-3')).toBeNull();
    expect(parseLots('abc')).toBeNull();
    expect(parseLots('')).toBeNull();
  });
  it('one lot is 100 shares', () => {
    expect(LOT_SIZE).toBe(100);
    expect(previewCost({ price: y(1000), lots: 3, priceScale: 10, leverage: 1, feeSchedule: 'zero', buyingPower: null }).shares).toBe(300);
  });
});

describe('limit price stepper: valid ticks inside the daily limits', () => {
  const limits = limitPrices(y(3000), 'topix500'); // base 3,000 yen: ±700 → 2,300 … 3,700
  const rules = { table: 'topix500' as const, limits };

  it('steps one tick of the price band, across the 3,000-yen band edge', () => {
    expect(stepLimitPrice(y(2999.5), 1, rules)).toBe(y(3000)); // tick 0.5 up to 3,000 inclusive
    expect(stepLimitPrice(y(3000), 1, rules)).toBe(y(3001)); // tick 1 above 3,000
    expect(stepLimitPrice(y(3001), -1, rules)).toBe(y(3000));
    expect(stepLimitPrice(y(3000), -1, rules)).toBe(y(2999.5));
  });

  it('never leaves the daily limits', () => {
    expect(stepLimitPrice(limits.upper, 1, rules)).toBe(limits.upper);
    expect(stepLimitPrice(limits.lower, -1, rules)).toBe(limits.lower);
    expect(canStepPrice(limits.upper, 1, rules)).toBe(false);
    expect(canStepPrice(limits.lower, -1, rules)).toBe(false);
    expect(canStepPrice(limits.upper, -1, rules)).toBe(true);
    expect(clampLimitPrice(y(9999), rules)).toBe(limits.upper);
    expect(clampLimitPrice(y(1), rules)).toBe(limits.lower);
  });

  it('the price a new limit ticket proposes (the last price) is on a tick inside the limits', () => {
    expect(clampLimitPrice(y(3000.3), rules)).toBe(y(3000));
    expect(clampLimitPrice(y(2999.3), rules)).toBe(y(2999.5));
  });

  it('a typed price off the tick is kept and refused with the valid prices just below and above (never moved)', () => {
    // A buy at 2,999.3 used to become 2,999.5 without a word; now the ticket shows the server's refusal.
    const r = limitRefusal(y(2999.3), rules, 10);
    expect(r).toEqual({ id: 'price_off_tick', params: { field: 'price', price: y(2999.3), priceScale: 10, tick: y(0.5), below: y(2999), above: y(2999.5) } });
    expect(suggestedPrices(r!)).toEqual([y(2999), y(2999.5)]);
    // Across the 3,000-yen band edge the tick is the one of the typed price's band (1 yen above 3,000).
    expect(limitRefusal(y(3000.3), rules, 10)!.params).toMatchObject({ tick: y(1), below: y(3000), above: y(3001) });
    expect(limitRefusal(y(2999.5), rules, 10)).toBeNull();
  });

  it('a typed price outside the daily limits is refused with the limits and the nearest valid price', () => {
    const r = limitRefusal(y(9999.3), rules, 10);
    expect(r).toEqual({
      id: 'price_beyond_limit',
      params: { field: 'price', price: y(9999.3), priceScale: 10, lower: limits.lower, upper: limits.upper, nearest: limits.upper },
    });
    expect(suggestedPrices(r!)).toEqual([limits.upper]);
    expect(limitRefusal(y(1), rules, 10)!.params).toMatchObject({ nearest: limits.lower });
    expect(limitRefusal(limits.upper, rules, 10)).toBeNull();
    expect(limitRefusal(limits.lower, rules, 10)).toBeNull();
  });

  it('the ticket refuses exactly what the server refuses, with the same message id and params', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 2_000_000 }), fc.integer({ min: 1, max: 3_000_000 }), fc.constantFrom('topix500' as const, 'other' as const), (base, price, table) => {
        const r = { table, limits: limitPrices(base, table) };
        expect(limitRefusal(price, r, 10)).toEqual(limitPriceRefusal(price, { ...r, priceScale: 10 }));
      }),
    );
  });

  it('the − / + buttons move an off-grid typed price to its own neighbour on that side', () => {
    expect(stepLimitPrice(y(2999.3), 1, rules)).toBe(y(2999.5));
    expect(stepLimitPrice(y(2999.3), -1, rules)).toBe(y(2999));
    expect(canStepPrice(y(2999.3), 1, rules)).toBe(true);
    // From beyond a limit, a press brings the price back to the limit.
    expect(stepLimitPrice(y(9999), -1, rules)).toBe(limits.upper);
  });

  it('property: any step from any price lands on a valid tick within the limits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 2_000_000 }),
        fc.integer({ min: 1, max: 600_000 }),
        fc.constantFrom('topix500' as const, 'other' as const),
        fc.constantFrom(1 as const, -1 as const),
        (base, price, table, dir) => {
          const r = { table, limits: limitPrices(base, table) };
          const p = stepLimitPrice(price, dir, r);
          expect(isOnTick(p, table)).toBe(true);
          expect(p).toBeGreaterThanOrEqual(r.limits.lower);
          expect(p).toBeLessThanOrEqual(r.limits.upper);
        },
      ),
    );
  });

  it('typed prices: decimals up to the scale, separators and full-width accepted', () => {
    expect(parsePriceInput('2345.5', 10)).toBe(23455);
    expect(parsePriceInput('2,345', 10)).toBe(23450);
    expect(parsePriceInput('２３４５．５', 10)).toBe(23455);
    expect(parsePriceInput('¥2345.50', 10)).toBe(23455);
    expect(parsePriceInput('2345.55', 10)).toBeNull();
    expect(parsePriceInput('0', 10)).toBeNull();
    expect(parsePriceInput('-1', 10)).toBeNull();
    expect(parsePriceInput('abc', 10)).toBeNull();
  });
});

describe('leverage choices: 1× (cash) up to the configured maximum, one decimal', () => {
  it('half steps plus the maximum itself', () => {
    expect(leverageChoices(3.3)).toEqual([1, 1.5, 2, 2.5, 3, 3.3]);
    expect(leverageChoices(2)).toEqual([1, 1.5, 2]);
    expect(leverageChoices(1)).toEqual([1]);
    expect(leverageChoices(1.2)).toEqual([1, 1.2]);
  });
  it('a short is always a margin trade: 1× is not offered for it (docs/domain.md "Trading")', () => {
    expect(leverageChoices(3.3, 'down')).toEqual([1.5, 2, 2.5, 3, 3.3]);
    expect(leverageChoices(3.3, 'up')).toEqual([1, 1.5, 2, 2.5, 3, 3.3]);
    expect(leverageChoices(1, 'down')).toEqual([]); // no margin configured: no short at all
    expect(leverageFits('down', 1)).toBe(false);
    expect(leverageFits('down', 1.5)).toBe(true);
    expect(leverageFits('up', 1)).toBe(true);
  });
  it('every choice is a leverage the contract accepts (one decimal, ≤ max)', () => {
    for (const max of [1, 1.5, 2.7, 3.3, 5, 10]) {
      for (const l of leverageChoices(max)) {
        expect(leverageTenths(l)).not.toBeNull();
        expect(l).toBeLessThanOrEqual(max);
      }
    }
  });
  it('labels', () => {
    expect(formatLeverage(1)).toBe('1×');
    expect(formatLeverage(3.3)).toBe('3.3×');
    expect(formatLeverage(2)).toBe('2×');
  });
});

describe('cost preview = the server’s money rules (shared/domain/trade-money)', () => {
  it('is exactly orderCost for the same inputs, for both fee schedules', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom(1, 1.5, 2, 2.5, 3, 3.3),
        fc.constantFrom('zero' as const, 'reference' as const),
        (price, lots, leverage, feeSchedule) => {
          const p = previewCost({ price, lots, priceScale: 10, leverage, feeSchedule, buyingPower: null });
          const server = orderCost(price, lots * 100, 10, leverageTenths(leverage)!, feeSchedule);
          expect({ contractValue: p.contractValue, principal: p.principal, fee: p.fee, total: p.total }).toEqual(server);
        },
      ),
    );
  });

  it('a worked example: 1 lot at ¥2,345.5, 3.3×, reference fees', () => {
    const p = previewCost({ price: y(2345.5), lots: 1, priceScale: 10, leverage: 3.3, feeSchedule: 'reference', buyingPower: 100_000 });
    expect(p.contractValue).toBe(234_550);
    expect(p.principal).toBe(71_076); // 234,550 ÷ 3.3 = 71,075.75… rounded up
    expect(p.fee).toBe(tradeFee(234_550, 'reference'));
    expect(p.fee).toBe(275);
    expect(p.total).toBe(71_351);
    expect(p.enough).toBe(true);
    expect(p.remaining).toBe(100_000 - 71_351);
  });

  it('zero commission by default', () => {
    expect(previewCost({ price: y(1000), lots: 1, priceScale: 10, leverage: 1, feeSchedule: 'zero', buyingPower: 0 }).fee).toBe(0);
    expect(REFERENCE_FEES.length).toBeGreaterThan(0);
  });

  it('flags a total above the buying power', () => {
    const p = previewCost({ price: y(1000), lots: 2, priceScale: 10, leverage: 1, feeSchedule: 'zero', buyingPower: 150_000 });
    expect(p.enough).toBe(false);
    expect(p.remaining).toBe(-50_000);
    expect(p.maxLots).toBe(1);
  });

  it('max lots: the largest whole number of lots whose total fits (property vs brute force)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 100, max: 500_000 }),
        fc.constantFrom(10, 15, 20, 33),
        fc.constantFrom('zero' as const, 'reference' as const),
        (bp, price, lev, schedule) => {
          const n = maxAffordableLots(bp, price, 10, lev, schedule);
          const total = (lots: number) => orderCost(price, lots * 100, 10, lev, schedule).total;
          if (n > 0) expect(total(n)).toBeLessThanOrEqual(bp);
          if (n < LOTS_MAX) expect(total(n + 1)).toBeGreaterThan(bp);
        },
      ),
    );
  });
});

describe('block-trade purchase rules', () => {
  it('at least the minimum, at most what is left, whole shares', () => {
    expect(checkBlockShares(100, 100, 1000)).toBe('ok');
    expect(checkBlockShares(99, 100, 1000)).toBe('below_min');
    expect(checkBlockShares(1100, 100, 1000)).toBe('above_available');
    expect(checkBlockShares(150.5, 100, 1000)).toBe('not_whole');
    expect(checkBlockShares(0, 100, 1000)).toBe('not_whole');
  });
  it('costs a cash buy at the offer price plus the fee', () => {
    expect(blockCost(y(1800), 200, 10, 'reference')).toEqual(orderCost(y(1800), 200, 10, 10, 'reference'));
    expect(blockCost(y(1800), 200, 10, 'reference').total).toBe(360_000 + 275);
  });
});

// --- issue 13: broker sides, 現物売 (issue 35: any number of 単元), funds ------------------------------------

import * as sides from '../../src/app/features/trade/ticket';
import { fifoOrder, isCashHolding, isSellable, planSale } from '../../src/server/modules/trade/sell-rules';

describe('ticket sides (現物買 / 現物売 / 信用新規買 / 信用新規売 / 返済)', () => {
  it('offers the five sides, no margin sides without margin, and margin only on the いちにち信用 screen', () => {
    expect(sides.sidesFor('toggle', true)).toEqual(['cashBuy', 'cashSell', 'marginBuy', 'marginShort', 'close']);
    expect(sides.sidesFor('toggle', false)).toEqual(['cashBuy', 'cashSell', 'close']);
    expect(sides.sidesFor('fixed', true)).toEqual(['marginBuy', 'marginShort']);
  });

  it('売り on a stock held in cash opens on 現物売, with only a margin position on 返済, only otherwise on 信用新規売', () => {
    const down = { direction: 'down' as const, mode: 'toggle' as const };
    expect(sides.initialSide({ ...down, cashShares: 300, marginPositions: 1 })).toBe('cashSell');
    expect(sides.initialSide({ ...down, cashShares: 0, marginPositions: 1 })).toBe('close');
    expect(sides.initialSide({ ...down, cashShares: 0, marginPositions: 0 })).toBe('marginShort');
    expect(sides.initialSide({ direction: 'up', mode: 'toggle', cashShares: 300, marginPositions: 0 })).toBe('cashBuy');
    expect(sides.initialSide({ direction: undefined, mode: 'toggle', cashShares: 0, marginPositions: 0 })).toBe('cashBuy');
    expect(sides.initialSide({ direction: 'down', mode: 'fixed', cashShares: 300, marginPositions: 0 })).toBe('marginShort');
  });

  it('現物 is 1×, 信用 above 1× (a chosen leverage kept, else the first margin choice)', () => {
    expect(sides.leverageForSide('cashBuy', 2, 3.3)).toBe(1);
    expect(sides.leverageForSide('marginBuy', 0, 3.3)).toBe(1.5);
    expect(sides.leverageForSide('marginShort', 3.3, 3.3)).toBe(3.3);
    expect(sides.leverageForSide('marginBuy', 2.5, 2)).toBe(1.5);
    expect(sides.marginLeverageChoices(3.3, 'down')).toEqual([1.5, 2, 2.5, 3, 3.3]);
    expect(sides.sideDirection('marginShort')).toBe('down');
    expect(sides.sideDirection('marginBuy')).toBe('up');
    expect(sides.isMarginSide('cashBuy')).toBe(false);
    expect(sides.isOpeningSide('close')).toBe(false);
  });
});

describe('現物売 quantity choices (any number of 単元, FIFO)', () => {
  it('keeps an allowed count, else the nearest one below, else the smallest; steps along the allowed counts', () => {
    expect(sides.keepSellShares([], 100)).toBeNull();
    expect(sides.keepSellShares([100, 300, 400], null)).toBe(100);
    expect(sides.keepSellShares([100, 300, 400], 300)).toBe(300);
    expect(sides.keepSellShares([100, 300], 400)).toBe(300);
    expect(sides.keepSellShares([200, 300], 100)).toBe(200);
    expect(sides.stepSellShares([100, 300, 400], 100, 1)).toBe(300);
    expect(sides.stepSellShares([100, 300, 400], 400, 1)).toBe(400);
    expect(sides.stepSellShares([100, 300, 400], 100, -1)).toBe(100);
    expect(sides.unitsOf(300)).toBe(3);
    expect(sides.unitsOf(150)).toBeNull();
  });

  const row = (id: string, quantity: number, over: Partial<Parameters<typeof isSellable>[0]> = {}) => ({
    id, status: 'holding', direction: 'up', leverage_x10: 10, day_trade: 0, quantity, buy_time: Number(id), locked_until: null, sellable_from: null, ...over,
  });

  it('offers every multiple of the 単元 up to the sellable shares, and estimates the 取得費 as the server rounds it', () => {
    expect(sides.sellSteps(100, 300)).toEqual([100, 200, 300]);
    expect(sides.sellSteps(100, 250)).toEqual([100, 200, 250]);
    expect(sides.sellSteps(100, 0)).toEqual([]);
    expect(sides.sellCostEstimate(300_001, 300, 100)).toBe(100_001);
    expect(sides.sellCostEstimate(300_001, 300, 300)).toBe(300_001);
    expect(sides.sellCostEstimate(0, 0, 100)).toBeNull();
  });

  it('plans a sale as the oldest whole positions and part of the next, refusing counts off the 単元 with the nearest ones', () => {
    const queue = fifoOrder([row('3', 100), row('1', 100), row('2', 200)]);
    expect(queue.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(planSale(300, 400, 100, queue)).toEqual({ ok: true, whole: 2, part: 0 });
    expect(planSale(200, 400, 100, queue)).toEqual({ ok: true, whole: 1, part: 100 });
    expect(planSale(400, 400, 100, queue)).toEqual({ ok: true, whole: 3, part: 0 });
    expect(planSale(250, 400, 100, queue)).toEqual({ ok: false, id: 'sell_quantity_not_lot_multiple', params: { shares: 250, lot: 100, below: 200, above: 300 } });
    expect(planSale(50, 400, 100, queue)).toEqual({ ok: false, id: 'sell_quantity_not_lot_multiple', params: { shares: 50, lot: 100, above: 100 } });
    expect(planSale(500, 600, 100, queue)).toEqual({ ok: false, id: 'sell_exceeds_holding', params: { shares: 500, held: 600, sellable: 400 } });
    expect(planSale(100, 0, 100, [])).toEqual({ ok: false, id: 'sell_exceeds_holding', params: { shares: 100, held: 0, sellable: 0 } });
    // Everything sellable may be sold even off the 単元 grid (after a split).
    expect(planSale(150, 150, 100, [row('1', 150)])).toEqual({ ok: true, whole: 1, part: 0 });
  });

  it('every allowed count takes exactly that many shares (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 700 }), (units, want) => {
        const queue = units.map((u, i) => row(String(i + 1), u * 100));
        const shares = want * 10;
        const plan = planSale(shares, 0, 100, queue);
        const max = queue.reduce((a, r) => a + r.quantity, 0);
        if (plan.ok) {
          expect(queue.slice(0, plan.whole).reduce((a, r) => a + r.quantity, 0) + plan.part).toBe(shares);
          expect(plan.part).toBeLessThan(queue[plan.whole]?.quantity ?? 1);
        } else expect(shares % 100 !== 0 || shares > max).toBe(true);
      }),
    );
  });

  it('sells only cash holdings that are sellable now (held, past a lock and T+N; not while a sale waits)', () => {
    const today = '2026-11-25';
    expect(isCashHolding(row('1', 100))).toBe(true);
    expect(isCashHolding(row('1', 100, { leverage_x10: 20 }))).toBe(false);
    expect(isCashHolding(row('1', 100, { direction: 'down', leverage_x10: 20 }))).toBe(false);
    expect(isCashHolding(row('1', 100, { day_trade: 1 }))).toBe(false);
    expect(isSellable(row('1', 100), today)).toBe(true);
    expect(isSellable(row('1', 100, { status: 'closing' }), today)).toBe(false);
    expect(isSellable(row('1', 100, { sellable_from: '2026-11-26' }), today)).toBe(false);
    expect(isSellable(row('1', 100, { sellable_from: '2026-11-25' }), today)).toBe(true);
    expect(isSellable(row('1', 100, { status: 'in_progress', locked_until: '2026-11-30' }), today)).toBe(false);
    expect(isSellable(row('1', 100, { status: 'in_progress', locked_until: '2026-11-25' }), today)).toBe(true);
  });
});

describe('funds short (the order button and its reason)', () => {
  it('is ok within the buying power, asks to reduce when some 単元 fit, to deposit at ¥0 or when none fits', () => {
    expect(sides.fundsShort({ total: 100, reserve: null, buyingPower: 100, maxLots: 1 })).toBe('ok');
    expect(sides.fundsShort({ total: 100, reserve: null, buyingPower: null, maxLots: null })).toBe('ok');
    expect(sides.fundsShort({ total: 300, reserve: null, buyingPower: 200, maxLots: 2 })).toBe('reduce');
    expect(sides.fundsShort({ total: 100, reserve: 250, buyingPower: 200, maxLots: 2 })).toBe('reduce');
    expect(sides.fundsShort({ total: 100, reserve: null, buyingPower: 0, maxLots: 0 })).toBe('deposit');
    expect(sides.fundsShort({ total: 300, reserve: null, buyingPower: 50, maxLots: 0 })).toBe('deposit');
  });
});
