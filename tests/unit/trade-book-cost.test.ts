import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { bookOf, saleCost, splitMoney, spread, averageUnitCost } from '../../src/server/modules/trade/book-cost-rules';
import { planSale } from '../../src/server/modules/trade/sell-rules';

/**
 * 取得価額 by 総平均法 (book-cost-rules.ts, docs/domain.md "取得価額"): random buys and sells of one
 * stock run through the rules the sale uses (FIFO plan, split of the last row, 取得費 per closed row,
 * re-averaging), beside an independent moving-average model.
 */
interface Row { quantity: number; contract_value: number; open_fee: number; principal: number; book_cost: number | null }

describe('取得価額 by 総平均法', () => {
  it('rounds a sale’s 取得費 up to the yen and keeps the rest, so the parts add up', () => {
    expect(saleCost(300_001, 300, 100)).toBe(100_001);
    expect(saleCost(300_001, 300, 300)).toBe(300_001);
    expect(spread(200_000, [100, 100])).toEqual([100_000, 100_000]);
    expect(spread(200_001, [100, 200])).toEqual([66_667, 133_334]);
    expect(averageUnitCost(300_001, 300, 10)).toBe(10_001);
    const { sold, rest } = splitMoney({ quantity: 300, contract_value: 750_000, open_fee: 535, principal: 750_000, book_cost: null }, 100);
    expect(sold).toEqual({ contract_value: 250_000, principal: 250_000, open_fee: 178, book_cost: 250_178 });
    expect(rest).toEqual({ contract_value: 500_000, principal: 500_000, open_fee: 357, book_cost: 500_357 });
  });

  it('book costs of held rows + 取得費 of sold parts == purchase costs, and every 取得費 is the moving average (property)', () => {
    const step = fc.oneof(
      fc.record({ buy: fc.integer({ min: 1, max: 5 }), price: fc.integer({ min: 100, max: 9_000 }), fee: fc.integer({ min: 0, max: 1_000 }) }),
      fc.record({ sell: fc.integer({ min: 1, max: 8 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        let held: Row[] = [];
        let paid = 0;
        let taken = 0;
        // The model: one running total and share count, nothing per row.
        let total = 0;
        let shares = 0;
        for (const st of steps) {
          if ('buy' in st) {
            const q = st.buy * 100;
            const value = st.price * q;
            held.push({ quantity: q, contract_value: value, open_fee: st.fee, principal: value, book_cost: null });
            paid += value + st.fee;
            total += value + st.fee;
            shares += q;
            continue;
          }
          const want = st.sell * 100;
          const plan = planSale(want, shares, 100, held);
          if (!plan.ok) {
            expect(want).toBeGreaterThan(shares);
            continue;
          }
          const closing = held.slice(0, plan.whole);
          let rest = held.slice(plan.whole);
          if (plan.part > 0) {
            const row = rest[0]!;
            const m = splitMoney(row, plan.part);
            closing.push({ quantity: plan.part, ...m.sold });
            rest = [{ ...row, quantity: row.quantity - plan.part, ...m.rest }, ...rest.slice(1)];
          }
          held = [...closing, ...rest];
          for (const c of closing) {
            // What settleClose does (book-cost.ts takeSaleCost) …
            const sum = held.reduce((a, r) => a + bookOf(r), 0);
            const qty = held.reduce((a, r) => a + r.quantity, 0);
            const cost = saleCost(sum, qty, c.quantity);
            const others = held.filter((r) => r !== c);
            spread(sum - cost, others.map((r) => r.quantity)).forEach((b, i) => (others[i]!.book_cost = b));
            held = others;
            taken += cost;
            // … and the model: the average × shares, rounded up, selling all costs all.
            const expected = c.quantity >= shares ? total : Math.ceil((total * c.quantity) / shares - 1e-9);
            expect(cost).toBe(expected);
            total -= expected;
            shares -= c.quantity;
          }
        }
        expect(held.reduce((a, r) => a + bookOf(r), 0) + taken).toBe(paid);
        expect(held.reduce((a, r) => a + bookOf(r), 0)).toBe(total);
      }),
    );
  });
});
