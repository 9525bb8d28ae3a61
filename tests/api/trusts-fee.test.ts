import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { expectLedgerBalanced } from './trade-support';
import { at, calendarDays, entriesOf, fundRow, investor, jobsAt, navRows, placed, strikeOf, type NavRow } from './trusts-support';

/**
 * Issue 39 "Must show": the 信託報酬 accrued day by day matches its yearly rate within 1 yen on a
 * year (docs/domain.md "Investment trusts and 積立", the strike's step 2). Over a year of strikes on
 * the test clock (the job catching up month by month), for funds with holders: Σ fee of the strikes
 * is within 1 yen of Σ gross assets × 信託報酬 × days ÷ (1,000,000 × 365), computed here exactly in
 * BigInt; the days column adds up to the calendar days (weekends and holidays accrue). The test can
 * fail: fees rounded per strike (down, or to the nearest yen) would miss by far more than a yen on
 * these assets, which the test shows by computing them.
 */
const FROM = '2026-11-30'; // Mon: the holders' purchases are struck here
const TO = '2027-11-30'; // Tue: 365 calendar days later
const DENOM = 1_000_000n * 365n;
const HELD = ['kabuto-topix', 'kabuto-active', 'kabuto-monthly-bond', 'kabuto-prime-dividend'] as const;
/** 決算日 in the year: the bond fund's every month (¥40 per 10,000口), the dividend fund's Feb/May/Aug/Nov (0.9 % of the NAV). */
const DISTRIBUTIONS: Record<string, number> = { 'kabuto-monthly-bond': 12, 'kabuto-prime-dividend': 4 };

for (const dialect of testDialects()) {
  describe(`信託報酬 over a year (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      await jobsAt(s, at('2026-11-24', 9));
    });
    afterAll(async () => {
      await s?.close();
    });

    it('takes Σ fee within 1 yen of the exact yearly accrual, for every fund, over 365 calendar days', async () => {
      s.clock.set(at(FROM, 10));
      const u = await investor(s, 60_000_000);
      await placed(s, u, { fundId: 'kabuto-topix', amount: 12_345_678 });
      await placed(s, u, { fundId: 'kabuto-active', amount: 7_654_321 });
      await placed(s, u, { fundId: 'kabuto-monthly-bond', amount: 5_000_000 });
      await placed(s, u, { fundId: 'kabuto-prime-dividend', amount: 3_000_000 });
      await jobsAt(s, strikeOf(FROM));
      // Jump a month at a time; the strike job catches up every missed business day in order.
      for (let m = 1; m <= 12; m++) {
        const d = new Date(Date.UTC(2026, 10 + m, 30)).toISOString().slice(0, 10);
        await jobsAt(s, at(m === 12 ? TO : d, 17, 5));
      }
      await expectLedgerBalanced(s);
      // The holder was paid each distribution (paid to cash: neither fund reinvests).
      // (普通分配金 as trust_distribution, 元本払戻金 as trust_capital_return: one or both per 決算日.)
      const paid = [...(await entriesOf(s, u.id, 'trust_distribution')), ...(await entriesOf(s, u.id, 'trust_capital_return'))];
      const paidDays = new Set(paid.map((e) => { const m = JSON.parse(e.memo) as { params: { fundCode: string; date: string } }; return `${m.params.fundCode} ${m.params.date}`; }));
      expect(paidDays.size).toBe(DISTRIBUTIONS['kabuto-monthly-bond']! + DISTRIBUTIONS['kabuto-prime-dividend']!);

      const funds = await s.services.database.db.selectFrom('trust_fund').select(['id', 'trust_fee_ppm']).orderBy('id').execute();
      expect(funds.length).toBeGreaterThanOrEqual(6);
      const report: string[] = [];
      for (const f of funds) {
        const all = await navRows(s, f.id);
        const year: NavRow[] = all.filter((r) => r.date > FROM && r.date <= TO);
        expect(all.some((r) => r.date === FROM), `${f.id} struck on ${FROM}`).toBe(true);
        expect(year.at(-1)?.date).toBe(TO);
        // Every business day struck, once; weekends and holidays accrue in the next strike's days.
        expect(year.reduce((a, r) => a + r.days, 0), `${f.id} days`).toBe(calendarDays(FROM, TO));
        expect(calendarDays(FROM, TO)).toBe(365);
        expect(year.length).toBeGreaterThan(240);
        expect(year.some((r) => r.days === 3)).toBe(true); // a Monday after a weekend
        expect(year.some((r) => r.days >= 4)).toBe(true); // after a holiday or the year-end closure

        const ppm = BigInt(f.trust_fee_ppm);
        let exact = 0n;
        let fees = 0n;
        let perDayDown = 0n;
        let perDayRound = 0n;
        for (const r of year) {
          const n = BigInt(r.grossAssets) * ppm * BigInt(r.days);
          exact += n;
          fees += BigInt(r.fee);
          perDayDown += n / DENOM;
          perDayRound += (2n * n + DENOM) / (2n * DENOM);
        }
        // |Σ fee − exact ÷ (1e6 × 365)| < 1 yen, in integers: |Σ fee × denom − exact| < denom.
        const diff = fees * DENOM - exact;
        expect(diff < 0n ? -diff : diff, `${f.id}: Σ fee ${fees} vs ${Number(exact) / Number(DENOM)}`).toBeLessThan(DENOM);
        report.push(`${f.id}: Σ fee ${fees}, exact ${(Number(exact) / Number(DENOM)).toFixed(3)}, per-strike floor ${perDayDown}, per-strike round ${perDayRound}`);
        if ((HELD as readonly string[]).includes(f.id)) {
          // The held funds' assets are large enough that rounding each strike's fee would miss the year by yen.
          const missDown = fees - perDayDown;
          expect(missDown, `${f.id}: per-strike floor would differ`).toBeGreaterThan(1n);
          expect(year.every((r) => r.units > 0)).toBe(true);
        }
        // Each strike: assets = gross − fee (no orders, no distribution in the year but the bond fund's), NAV from them.
        for (const [i, r] of year.entries()) {
          const prev = i === 0 ? all.find((x) => x.date === FROM)! : year[i - 1]!;
          const units = prev.units > 0 ? prev.units : 10_000;
          const distributed = r.distribution > 0 ? Number((BigInt(units) * BigInt(r.distribution)) / 10_000n) : 0;
          // Total return: tr = round(tr_P × (NAV + distribution) ÷ NAV_P), exactly (half up).
          const trNum = BigInt(prev.tr) * BigInt(r.nav + r.distribution);
          expect(r.tr, `${f.id} ${r.date} tr`).toBe(Number((2n * trNum + BigInt(prev.nav)) / (2n * BigInt(prev.nav))));
          if (r.distribution > 0 && f.id === 'kabuto-prime-dividend') {
            const before = Number(((BigInt(r.grossAssets) - BigInt(r.fee)) * 10_000n) / BigInt(units));
            expect(r.distribution, `${f.id} ${r.date} 0.9 % of ${before}`).toBe(Math.floor((before * 9_000) / 1_000_000));
          }
          if (r.distribution > 0 && f.id === 'kabuto-monthly-bond') expect(r.distribution).toBe(40);
          if (r.distribution === 0 && prev.units > 0) expect(r.assets, `${f.id} ${r.date} assets`).toBe(r.grossAssets - r.fee);
          if (r.distribution === 0) expect(r.nav, `${f.id} ${r.date} nav`).toBe(Number(((BigInt(r.grossAssets) - BigInt(r.fee)) * 10_000n) / BigInt(units)));
          else if (prev.units > 0) {
            // Ex-distribution: what was paid left the assets (each holder's share rounded down: never more than the total).
            const exNav = Number(((BigInt(r.grossAssets) - BigInt(r.fee) - BigInt(distributed)) * 10_000n) / BigInt(units));
            expect(r.nav, `${f.id} ${r.date} ex-nav`).toBeGreaterThanOrEqual(exNav);
            expect(r.nav, `${f.id} ${r.date} ex-nav`).toBeLessThanOrEqual(exNav + 1);
          }
        }
        if (f.id in DISTRIBUTIONS) expect(year.filter((r) => r.distribution > 0).length, `${f.id} 決算日`).toBe(DISTRIBUTIONS[f.id]);
        // The fund's carried remainder is below one yen of accrual.
        const row = await fundRow(s, f.id);
        expect(row.fee_carry).toBeGreaterThanOrEqual(0);
        expect(BigInt(row.fee_carry)).toBeLessThan(DENOM);
      }
      console.log(report.join('\n'));
    });
  });
}
