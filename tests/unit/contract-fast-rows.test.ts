import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { fastArray, rowsParser } from '../../src/shared/api/fast-rows';
import { bookLevel, candleBar, instrumentRow, tradePrint } from '../../src/shared/api/market';
import { BOARDS } from '../../src/shared/market/sectors';

// The contract's row arrays checked by one loop (src/shared/api/fast-rows.ts) must answer exactly as
// zod's own parser does: the same rows out when valid, zod's own error when not.

/** Every kind of field the loop models, beyond the contract's rows (which are all integers, strings and enums). */
const everyKind = z.object({
  x: z.number(),
  s: z.string().nullable(),
  b: z.boolean().optional(),
  l: z.literal(true),
  n: z.number().int().nullable().optional(),
  e: z.enum(['up', 'down']),
});

const ROWS = { candleBar, bookLevel, tradePrint, instrumentRow, everyKind } as const;

/** Values a field may meet: right ones (integers, strings, the enums' values, null) and wrong ones. */
const anyValue = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  // The edges of a number field, as often as everything else: unsafe integers, fractions, -0, NaN, ±Infinity.
  { arbitrary: fc.constantFrom(2 ** 53, -(2 ** 53), 0.5, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY), weight: 3 },
  fc.double(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom(...BOARDS, 'stock', 'index', 'up', 'down', 'flat', 'morning', 'open', 'topix500'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({}),
);

/** A row with each of the schema's keys given a value or left out, and sometimes a key it does not know. */
function rowArb(keys: readonly string[]) {
  return fc
    .tuple(fc.array(fc.option(anyValue, { nil: 'ABSENT' as const }), { minLength: keys.length, maxLength: keys.length }), fc.option(anyValue, { nil: 'ABSENT' as const }))
    .map(([values, extra]) => {
      const row: Record<string, unknown> = {};
      keys.forEach((k, i) => {
        if (values[i] !== 'ABSENT') row[k] = values[i];
      });
      if (extra !== 'ABSENT') row.notInTheContract = extra;
      return row;
    });
}

/** A row built from a valid one with one field possibly replaced (half the time): valid, or wrong in one place. */
function nearValid(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.tuple(fc.nat({ max: keys.length * 2 - 1 }), anyValue).map(([i, v]) => {
    const row = { ...valid };
    if (i < keys.length) row[keys[i]!] = v;
    return row;
  });
}

const VALID: Record<keyof typeof ROWS, Record<string, unknown>> = {
  candleBar: { t: 1_700_000_000_000, o: 23_450, h: 23_600, l: 23_300, c: 23_500, v: 1_200_000, turnover: 28_000_000_000 },
  bookLevel: { price: 23_450, qty: 1_200 },
  tradePrint: { t: 1_700_000_000_000, price: 23_450, qty: 100, dir: 'up', auction: false },
  everyKind: { x: 0.5, s: null, b: true, l: true, n: 3, e: 'up' },
  instrumentRow: {
    code: '7203', kind: 'stock', board: 'listed', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor', priceScale: 10, qtyScale: 1, quoteUnit: 1,
    price: 23_450, prevClose: 23_000, change: 450, changeBp: 196, volume: 1_200_000, turnover: 28_000_000_000, limitState: null,
    session: 'morning', at: 1_700_000_000_000, simulated: true,
  },
};

describe('fastArray (contract rows checked in one loop)', () => {
  for (const [name, row] of Object.entries(ROWS) as [keyof typeof ROWS, z.ZodType][]) {
    const runtime = z.array(row);
    const fast = fastArray(row);
    const keys = Object.keys((row as z.ZodObject).shape);

    it(`${name}: has a parser of its own`, () => {
      expect(rowsParser(row)).toBeTypeOf('function');
      expect(fast.safeParse([VALID[name]]).success).toBe(true);
    });

    it(`${name}: answers as zod does, valid or not`, () => {
      const element = fc.oneof({ arbitrary: nearValid(VALID[name]), weight: 6 }, { arbitrary: rowArb(keys), weight: 1 }, { arbitrary: anyValue, weight: 1 });
      const input = fc.oneof(fc.array(element, { maxLength: 3 }), anyValue);
      fc.assert(
        fc.property(input, (rows) => {
          const a = fast.safeParse(rows);
          const b = runtime.safeParse(rows);
          expect(a.success).toBe(b.success);
          if (b.success) expect(a.data).toStrictEqual(b.data);
          else expect(a.error!.issues).toStrictEqual(b.error!.issues);
          // The loop itself accepts exactly what zod accepts: a valid array never falls back.
          const own = rowsParser(row)!(rows);
          expect(own !== z.INVALID).toBe(b.success);
        }),
        { numRuns: 3_000, seed: 1 },
      );
    });
  }

  it('leaves a row it does not model to zod alone', () => {
    expect(rowsParser(z.object({ a: z.string().min(1) }))).toBeUndefined();
    expect(rowsParser(z.object({ a: z.number().int().default(0) }))).toBeUndefined();
    expect(rowsParser(z.object({ a: z.string().transform((s) => s.length) }))).toBeUndefined();
    expect(rowsParser(z.object({ a: z.object({ b: z.string() }) }))).toBeUndefined();
    expect(rowsParser(z.object({ a: z.string() }).refine(() => true))).toBeUndefined();
    expect(rowsParser(z.object({ a: z.string() }).passthrough())).toBeUndefined();
    enum Side {
      Buy,
      Sell,
    }
    // A numeric enum's entries map its values back to its names: no fast check that could accept 'Buy'.
    expect(rowsParser(z.object({ a: z.enum(Side) }))).toBeUndefined();
    const unmodelled = fastArray(z.object({ a: z.string().min(2) }));
    expect(unmodelled.safeParse([{ a: 'x' }]).success).toBe(false);
  });

  it('builds fresh rows with only the schema keys, as zod strips', () => {
    const input = [{ price: 1, qty: 2, extra: 3 }];
    const out = fastArray(bookLevel).parse(input);
    expect(out).toStrictEqual([{ price: 1, qty: 2 }]);
    expect(out[0]).not.toBe(input[0]);
  });
});
