import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_ORDER_TYPE,
  conditionChoices,
  kindOf,
  legsOrdered,
  normalize,
  orderTypeBody,
  orderTypeIssues,
  orderTypeReady,
  sideOf,
  thenKindOf,
  validityDates,
  validityOk,
  withKind,
  withStopType,
  withThenKind,
  type OrderTypeContext,
  type OrderTypeValue,
} from '../../src/app/features/trade/order-type';
import type { TicketQuote } from '../../src/app/features/trade/ticket';
import { closeBody, orderBody } from '../../src/shared/api/trade';
import { addTradingDays, isOnTick, limitPrices } from '../../src/shared/market';

const y = (yen: number) => Math.round(yen * 10); // yen → scaled price (priceScale 10)
const TODAY = '2026-11-24'; // a Tuesday
const quote: TicketQuote = { price: y(2600), bid: y(2599.5), ask: y(2600.5), priceScale: 10, limits: limitPrices(y(2600), 'other'), tickTable: 'other' };
const long = (mode: 'open' | 'close', dayTrade = false): OrderTypeContext => ({ mode, direction: 'up', dayTrade });
const short = (mode: 'open' | 'close'): OrderTypeContext => ({ mode, direction: 'down', dayTrade: false });

describe('what the fields send', () => {
  it('market by default: only type and validity', () => {
    expect(orderTypeBody(DEFAULT_ORDER_TYPE)).toEqual({ type: 'market', validity: 'day' });
  });
  it('fields that are not set are absent, never null (the contract has optional fields)', () => {
    const v = withKind(DEFAULT_ORDER_TYPE, 'oco', quote, long('close'));
    const body = orderTypeBody(v);
    expect(body).toEqual({ type: 'limit', price: v.price, stop: v.stop, validity: 'day' });
    expect(closeBody.safeParse(body).success).toBe(true);
  });
  it('an IFDOCO sends the order and its close', () => {
    const v = withThenKind(withKind(DEFAULT_ORDER_TYPE, 'limit', quote, long('open')), 'oco', quote, long('open'));
    const body = orderTypeBody(v);
    expect(body.then).toEqual({ type: 'limit', price: v.then!.price, stop: v.then!.stop, validity: 'day' });
    expect(orderBody.safeParse({ code: '7203', direction: 'up', lots: 1, leverage: 1, ...body }).success).toBe(true);
  });
});

describe('choosing a kind proposes valid prices on the right side', () => {
  it('a buy stop triggers above the price, a sell stop below; both on the grid and not yet reached', () => {
    const buy = withKind(DEFAULT_ORDER_TYPE, 'stop', quote, long('open'));
    expect(buy.trigger!).toBeGreaterThan(quote.price);
    const sell = withKind(DEFAULT_ORDER_TYPE, 'stop', quote, long('close'));
    expect(sell.trigger!).toBeLessThan(quote.price);
    for (const v of [buy, sell]) {
      expect(isOnTick(v.trigger!, 'other')).toBe(true);
      expect(kindOf(v)).toBe('stop');
    }
    expect(orderTypeReady(buy, long('open'), quote, TODAY)).toBe(true);
    expect(orderTypeReady(sell, long('close'), quote, TODAY)).toBe(true);
  });
  it('an OCO of a long: take-profit above, stop-loss below; of a short the other way round', () => {
    const l = withKind(DEFAULT_ORDER_TYPE, 'oco', quote, long('close'));
    expect(l.price!).toBeGreaterThan(quote.price);
    expect(l.stop!).toBeLessThan(quote.price);
    const s = withKind(DEFAULT_ORDER_TYPE, 'oco', quote, short('close'));
    expect(s.price!).toBeLessThan(quote.price);
    expect(s.stop!).toBeGreaterThan(quote.price);
    expect(orderTypeIssues(l, long('close'), quote, TODAY)).toEqual([]);
    expect(orderTypeIssues(s, short('close'), quote, TODAY)).toEqual([]);
  });
  it('a stop-limit proposes its limit at the trigger; back to 成行 drops the limit', () => {
    const stop = withKind(DEFAULT_ORDER_TYPE, 'stop', quote, long('open'));
    const limit = withStopType(stop, 'limit');
    expect(limit).toMatchObject({ type: 'limit', price: stop.trigger, trigger: stop.trigger });
    expect(withStopType(limit, 'market')).toMatchObject({ type: 'market', price: null });
  });
  it('IFD kinds', () => {
    const base = withKind(DEFAULT_ORDER_TYPE, 'limit', quote, long('open'));
    expect(thenKindOf(withThenKind(base, 'limit', quote, long('open')).then)).toBe('limit');
    const stop = withThenKind(base, 'stop', quote, long('open')).then!;
    expect(thenKindOf(stop)).toBe('stop');
    expect(stop.trigger!).toBeLessThan(base.price!); // a long's stop-loss is below the entry
    expect(withThenKind(base, 'none', quote, long('open')).then).toBeNull();
  });
});

describe('checks the server makes', () => {
  it('a trigger already reached is shown (trigger_already_reached)', () => {
    const v: OrderTypeValue = { ...DEFAULT_ORDER_TYPE, trigger: y(2590) };
    expect(orderTypeIssues(v, long('open'), quote, TODAY)).toEqual([{ field: 'trigger', kind: 'reached', trigger: y(2590), price: quote.price }]);
    // The same trigger is fine for a sell stop (it fires when the price falls to it).
    expect(orderTypeIssues(v, long('close'), quote, TODAY)).toEqual([]);
    // The OCO's stop-loss too.
    const oco: OrderTypeValue = { ...DEFAULT_ORDER_TYPE, type: 'limit', price: y(2650), stop: y(2610) };
    expect(orderTypeIssues(oco, long('close'), quote, TODAY)).toContainEqual({ field: 'stop', kind: 'reached', trigger: y(2610), price: quote.price });
  });
  it('prices off the grid or past the limits carry the server’s refusal', () => {
    const v: OrderTypeValue = { ...DEFAULT_ORDER_TYPE, type: 'limit', price: y(2600.3) };
    const [issue] = orderTypeIssues(v, long('open'), quote, TODAY);
    expect(issue).toMatchObject({ field: 'price', kind: 'refusal', refusal: { id: 'price_off_tick' } });
    const far: OrderTypeValue = { ...DEFAULT_ORDER_TYPE, type: 'limit', price: quote.limits!.upper + 10 };
    expect(orderTypeIssues(far, long('open'), quote, TODAY)[0]).toMatchObject({ refusal: { id: 'price_beyond_limit' } });
  });
  it('IFDOCO legs in the wrong order are refused, as the server does', () => {
    const v: OrderTypeValue = { ...DEFAULT_ORDER_TYPE, type: 'limit', price: y(2600), then: { type: 'limit', price: y(2550), stop: y(2650), validity: 'day' } };
    expect(orderTypeIssues(v, long('open'), quote, TODAY)).toContainEqual({ field: 'then.stop', kind: 'legs' });
    expect(orderTypeIssues(v, short('open'), quote, TODAY)).toEqual([]);
    expect(legsOrdered('sell', y(2650), y(2550))).toBe(true);
  });
  it('conditions: 不成 only with 指値; none with a trigger or a longer validity; no 引け for a day trade', () => {
    const market = DEFAULT_ORDER_TYPE;
    const limit = withKind(DEFAULT_ORDER_TYPE, 'limit', quote, long('open'));
    expect(conditionChoices(market, long('open'))).toEqual([null, 'open', 'close']);
    expect(conditionChoices(limit, long('open'))).toEqual([null, 'open', 'close', 'funari']);
    expect(conditionChoices(limit, long('open', true))).toEqual([null, 'open', 'funari']);
    expect(conditionChoices({ ...limit, validity: 'week' }, long('open'))).toEqual([null]);
    expect(conditionChoices(withKind(market, 'stop', quote, long('open')), long('open'))).toEqual([null]);
    expect(conditionChoices(limit, long('close'))).toEqual([null]);
    // Switching away drops what no longer fits.
    const funari = { ...limit, condition: 'funari' as const };
    expect(withKind(funari, 'market', quote, long('open')).condition).toBeNull();
    expect(normalize({ ...funari, validity: 'week' }, long('open')).condition).toBeNull();
    expect(normalize({ ...limit, validity: 'week' }, long('open', true)).validity).toBe('day');
  });
  it('validity: 当日, 今週, or a business day up to 15 ahead', () => {
    const dates = validityDates(TODAY);
    expect(dates).toHaveLength(15);
    expect(dates[0]).toBe('2026-11-25');
    expect(dates[14]).toBe(addTradingDays(TODAY, 15));
    expect(dates).not.toContain('2026-11-28'); // a Saturday
    expect(validityOk(dates[14]!, TODAY)).toBe(true);
    expect(validityOk(addTradingDays(TODAY, 16), TODAY)).toBe(false);
    expect(validityOk('2026-11-28', TODAY)).toBe(false);
    expect(validityOk('2026-11-20', TODAY)).toBe(false);
  });
  it('sides: opening a long buys, closing it sells; a short the other way round', () => {
    expect(sideOf(long('open'))).toBe('buy');
    expect(sideOf(long('close'))).toBe('sell');
    expect(sideOf(short('open'))).toBe('sell');
    expect(sideOf(short('close'))).toBe('buy');
  });
});

describe('nothing the contract refuses is sent', () => {
  const grid = fc.integer({ min: y(2400), max: y(2800) }).map((p) => p - (p % 5));
  const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
  const value: fc.Arbitrary<OrderTypeValue> = fc.record({
    type: fc.constantFrom('market' as const, 'limit' as const),
    price: opt(grid),
    trigger: opt(grid),
    stop: opt(grid),
    validity: fc.constantFrom('day', 'week', addTradingDays(TODAY, 3), addTradingDays(TODAY, 16), '2026-11-28'),
    condition: opt(fc.constantFrom('open' as const, 'close' as const, 'funari' as const)),
    then: opt(
      fc.record(
        { type: fc.constantFrom('market' as const, 'limit' as const), price: grid, trigger: grid, stop: grid, validity: fc.constantFrom('day', 'week') },
        { requiredKeys: ['type', 'validity'] },
      ),
    ),
  });
  const ctx = fc.record({ mode: fc.constantFrom('open' as const, 'close' as const), direction: fc.constantFrom('up' as const, 'down' as const), dayTrade: fc.boolean() });

  it('whenever the fields pass the client’s checks, the body passes the contract’s schema', () => {
    fc.assert(
      fc.property(value, ctx, (v, c) => {
        if (orderTypeIssues(v, c, quote, TODAY).length > 0) return;
        const body = orderTypeBody(v);
        const parsed =
          c.mode === 'open'
            ? orderBody.safeParse({ code: '7203', direction: c.direction, lots: 1, leverage: 2, dayTrade: c.dayTrade, ...body })
            : closeBody.safeParse(body);
        expect(parsed.success, JSON.stringify({ v, c, body })).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('every sequence of choices from the default ends in a value that is valid or says why', () => {
    const step = fc.oneof(
      fc.constantFrom('market', 'limit', 'stop', 'oco').map((k) => ({ kind: k as 'market' | 'limit' | 'stop' | 'oco' })),
      fc.constantFrom('none', 'limit', 'stop', 'oco').map((k) => ({ then: k as 'none' | 'limit' | 'stop' | 'oco' })),
      fc.constantFrom('day', 'week').map((validity) => ({ validity })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 8 }), ctx, (steps, c) => {
        let v = DEFAULT_ORDER_TYPE;
        for (const s of steps) {
          if ('kind' in s) {
            if (s.kind === 'oco' && c.mode === 'open') continue;
            v = withKind(v, s.kind, quote, c);
          } else if ('then' in s) {
            if (c.mode === 'open') v = withThenKind(v, s.then, quote, c);
          } else v = normalize({ ...v, validity: s.validity }, c);
        }
        // Proposed values are always sendable.
        expect(orderTypeIssues(v, c, quote, TODAY), JSON.stringify({ v, c })).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });
});
