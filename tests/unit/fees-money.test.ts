import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  capitalGainsTax,
  contractValue,
  cumulativeInterest,
  dailyInterest,
  interestBase,
  maintenanceRatioBp,
  orderCost,
  positionPnl,
  principalFor,
  REFERENCE_FEES,
  tradeFee,
} from '../../src/shared/domain/trade-money';
import { Postings } from '../../src/server/ledger/postings';

describe('fee schedules', () => {
  it('zero commission by default; the reference table (docs/tse-rules.md) by band, edges inclusive', () => {
    expect(tradeFee(10_000_000, 'zero')).toBe(0);
    const cases: [number, number][] = [
      [1, 55], [50_000, 55], [50_001, 99], [100_000, 99], [100_001, 115], [200_000, 115], [200_001, 275], [500_000, 275],
      [500_001, 535], [1_000_000, 535], [1_000_001, 640], [1_500_000, 640], [1_500_001, 1_013], [30_000_000, 1_013], [30_000_001, 1_070],
    ];
    for (const [value, fee] of cases) expect(tradeFee(value, 'reference'), String(value)).toBe(fee);
    expect(tradeFee(0, 'reference')).toBe(0);
    expect(REFERENCE_FEES).toHaveLength(8);
  });

  it('fees never decrease with the contract value (a reservation at a higher price always covers the fill)', () => {
    fc.assert(fc.property(fc.nat(100_000_000), fc.nat(100_000_000), (a, b) => {
      const [lo, hi] = a < b ? [a, b] : [b, a];
      expect(tradeFee(lo, 'reference')).toBeLessThanOrEqual(tradeFee(hi, 'reference'));
    }));
  });
});

describe('principal, P/L, interest, tax and maintenance', () => {
  it('principal is the contract value ÷ leverage, rounded up to the yen', () => {
    expect(principalFor(259_900, 10)).toBe(259_900);
    expect(principalFor(259_900, 33)).toBe(78_758); // 78,757.57…
    expect(principalFor(100, 33)).toBe(31);
    expect(orderCost(25_990, 100, 10, 33, 'reference')).toEqual({ contractValue: 259_900, principal: 78_758, fee: 275, total: 79_033 });
  });

  it('P/L is signed by direction and rounds toward zero', () => {
    expect(positionPnl('up', 25_990, 26_000, 100, 10)).toBe(100);
    expect(positionPnl('down', 25_990, 26_000, 100, 10)).toBe(-100);
    expect(positionPnl('up', 10, 13, 1, 10)).toBe(0); // 0.3 yen
    expect(positionPnl('up', 13, 10, 1, 10)).toBe(0); // −0.3 yen: not rounded against the user
    expect(contractValue(23_455, 100, 10)).toBe(234_550);
  });

  it('interest: margin longs and shorts on the whole contract value, none on a cash buy; 365-day year, rounded down', () => {
    expect(interestBase('up', 1_000_000, 1_000_000)).toBe(0);
    expect(interestBase('up', 1_000_000, 303_031)).toBe(1_000_000); // 買方金利 on the whole value
    expect(interestBase('down', 1_000_000, 303_031)).toBe(1_000_000);
    expect(dailyInterest(1_000_000, 280)).toBe(76); // 76.7…
    expect(dailyInterest(1_000_000, 110)).toBe(30);
    expect(dailyInterest(0, 280)).toBe(0);
  });

  it('interest accrues on a cumulative basis: small positions are not exempt', () => {
    // ¥2,000 at 2.8%/yr is 0.153… yen a day: rounded per day it would never be charged
    expect(dailyInterest(2_000, 280)).toBe(0);
    expect(cumulativeInterest(2_000, 280, 6)).toBe(0); // 0.92…
    expect(cumulativeInterest(2_000, 280, 7)).toBe(1); // 1.07…
    expect(cumulativeInterest(2_000, 280, 365)).toBe(56);
    // the sum of daily charges (cumulative − charged so far) equals the cumulative amount, day by day
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 400 }), (base, bp, days) => {
        let charged = 0;
        for (let d = 1; d <= days; d++) {
          const today = cumulativeInterest(base, bp, d) - charged;
          expect(today).toBeGreaterThanOrEqual(0);
          charged += today;
        }
        expect(charged).toBe(Math.floor((base * bp * days) / 3_650_000));
      }),
      { numRuns: 50 },
    );
  });

  it('tax is 15.315% + 5% of a positive net gain, each rounded down; nothing on a loss', () => {
    expect(capitalGainsTax(100_000)).toBe(20_315);
    expect(capitalGainsTax(99)).toBe(19); // 15.16… → 15, 4.95 → 4 (one rounding would give 20)
    expect(capitalGainsTax(1_000)).toBe(203); // 153.15 → 153, 50 → 50
    expect(capitalGainsTax(0)).toBe(0);
    expect(capitalGainsTax(-5_000)).toBe(0);
  });

  it('maintenance ratio: (principal + P/L) ÷ market value in basis points', () => {
    expect(maintenanceRatioBp(303_031, 0, 1_000_000)).toBe(3_030);
    expect(maintenanceRatioBp(303_031, -150_000, 850_000)).toBe(1_800);
    expect(maintenanceRatioBp(100, -200, 1_000)).toBe(-1_000);
  });
});

describe('charges never make cash negative', () => {
  const sumOf = (p: Postings, kind: string) => p.list.filter((x) => x.owner === 'u' && x.kind === kind).reduce((a, x) => a + x.amount, 0);

  it('pays from unsettled, then cash, and books the rest as a shortfall, balanced', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (cash, unsettled, principal, loss) => {
        const p = new Postings('u', 'JPY', { cash, unsettled }).own('margin', -principal).own('cash', principal).charge('market_counterparty', loss);
        expect(p.list.reduce((a, x) => a + x.amount, 0)).toBe(0);
        expect(cash + sumOf(p, 'cash')).toBeGreaterThanOrEqual(0);
        expect(unsettled + sumOf(p, 'unsettled')).toBeGreaterThanOrEqual(0);
        expect(sumOf(p, 'shortfall') + Math.max(0, loss - cash - unsettled - principal)).toBe(0); // exactly what nothing could pay
        expect(sumOf(p, 'loan')).toBe(0); // loans are the lending area's, never a trading loss
        expect(p.list.every((x) => x.amount !== 0)).toBe(true);
      }),
    );
  });

  it('a credit repays a shortfall first', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.constantFrom('cash' as const, 'unsettled' as const), (owed, amount, to) => {
        const p = new Postings('u', 'JPY', { shortfall: owed === 0 ? 0 : -owed }); // balances are never −0
        const repaid = p.credit(to, amount);
        expect(repaid).toBe(Math.min(owed, amount));
        expect(p.wallet.shortfall).toBe(repaid - owed);
        expect(sumOf(p, to)).toBe(amount - repaid);
      }),
    );
  });
});
