import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { jstMs, roundToTick, type TickTable } from '../../src/shared/market';
import { contractValue, principalFor } from '../../src/shared/domain/trade-money';
import { decide, ratioAt, riskPrice } from '../../src/server/modules/trade/engine-rules';
import { triggeredRows, type PositionRow } from '../../src/server/modules/trade/repo';
import { watchDownSql, watchUpSql } from '../../src/server/modules/trade/trigger-sql';
import { cancel, closePos, order, quote, signInAdmin, trader } from './trade-support';

/*
 * Flat with data (docs/decisions/019-flat-with-data.md) changes what the trading job and the funds
 * summary read, not what they decide. These properties hold the shortcuts to the full recomputation:
 * - the price at which a position reaches its margin-call / forced-close level (riskPrice, and the
 *   SQL the job's index is built on) is exactly where `ratioAt` crosses that level;
 * - after random trading, every row `decide` would act on at a price is among the rows the job's
 *   index query returns for that price (the index never hides a row that should act);
 * - the realized P/L kept as a running total equals the sum over every closed position.
 */

describe('riskPrice is where the maintenance ratio crosses the level', () => {
  it('for random positions, levels and prices', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('up', 'down'),
        fc.integer({ min: 100, max: 100_000 }), // entry price (scale 10)
        fc.integer({ min: 1, max: 50 }), // lots of 100
        fc.constantFrom(10, 15, 20, 25, 33),
        fc.integer({ min: 500, max: 4_000 }),
        fc.integer({ min: 0, max: 3_000 }),
        fc.integer({ min: 1, max: 400_000 }),
        (direction, entry, lots, leverage, maintenance, forcedGap, price) => {
          const quantity = lots * 100;
          const cost = contractValue(entry, quantity, 10);
          const pos = {
            direction, contract_value: cost, buy_price: entry, quantity, price_scale: 10, principal: principalFor(cost, leverage),
            maintenance_bp: maintenance, forced_close_bp: Math.max(0, maintenance - forcedGap),
          };
          const level = Math.max(pos.maintenance_bp, pos.forced_close_bp);
          const below = ratioAt(pos, price) < level;
          const at = riskPrice(pos);
          if (at === null) expect(below).toBe(false);
          else expect(below).toBe(direction === 'up' ? price <= at : price >= at);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

const CODES = ['7203', '6758'] as const;

const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant('order' as const),
      user: fc.nat(1),
      code: fc.constantFrom(...CODES),
      direction: fc.constantFrom('up' as const, 'down' as const),
      limitTicks: fc.option(fc.integer({ min: -40, max: 40 }), { nil: null }),
      triggerTicks: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
      lots: fc.integer({ min: 1, max: 3 }),
      leverage: fc.constantFrom(1, 2, 3.3),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('close' as const), user: fc.nat(1), pick: fc.nat(20),
      limitTicks: fc.option(fc.integer({ min: -30, max: 30 }), { nil: null }), stopTicks: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('cancel' as const), user: fc.nat(1), pick: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('advance' as const), minutes: fc.constantFrom(1, 13, 47, 180, 1_440) }) },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

for (const dialect of testDialects()) {
  describe(`flat with data: the indexed shortcuts agree with the full recomputation (${dialect})`, () => {
    let s: TestServer;
    let now = 0;
    const tick = (code: string) => s.services.market.instrument(code)!.tickTable as TickTable;
    const near = (code: string, ticks: number) => {
      const p = quote(s, code, now).price;
      return roundToTick(p + ticks * Math.max(1, Math.round(p / 1000)), tick(code), 'nearest');
    };

    async function rows(): Promise<PositionRow[]> {
      return s.services.database.db.selectFrom('trade_position').selectAll().orderBy('id').execute();
    }

    async function step(users: TestUser[], c: Command) {
      if (c.op === 'advance') {
        now += c.minutes * 60_000;
        s.clock.set(now);
        const r = await s.services.jobs.runDue(now);
        expect(r.trading.errors).toBe(0);
        return;
      }
      const u = users[c.user]!;
      if (c.op === 'order') {
        const leverage = c.direction === 'down' && c.leverage === 1 ? 2 : c.leverage;
        const body: Record<string, unknown> = { code: c.code, direction: c.direction, lots: c.lots, leverage };
        if (c.limitTicks !== null) Object.assign(body, { type: 'limit', price: near(c.code, c.limitTicks) });
        // A stop ahead of the price on its own side: a buy stop above, a sell stop below.
        if (c.triggerTicks !== null) body.trigger = near(c.code, c.direction === 'up' ? c.triggerTicks : -c.triggerTicks);
        const res = await order(s, u, body);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        return;
      }
      const mine = (await rows()).filter((r) => r.user_id === u.id);
      const wanted = c.op === 'close' ? mine.filter((p) => p.status === 'holding') : mine.filter((p) => p.status === 'pending' || p.status === 'closing');
      if (wanted.length === 0) return;
      const p = wanted[c.pick % wanted.length]!;
      let res;
      if (c.op === 'cancel') res = await cancel(s, u, p.id);
      else {
        const body: Record<string, unknown> = {};
        const sell = p.direction === 'up';
        if (c.limitTicks !== null) Object.assign(body, { type: 'limit', price: near(p.code, c.limitTicks) });
        if (c.limitTicks !== null && c.stopTicks !== null) body.stop = near(p.code, sell ? -c.stopTicks : c.stopTicks);
        res = await closePos(s, u, p.id, body);
      }
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    }

    /** Every row decide() acts on at `price` is among triggeredRows for that price. */
    async function expectCandidates(all: PositionRow[], code: string, price: number) {
      const cfg = await s.services.config.values();
      const q = { ...quote(s, code, now), price, bid: price, ask: price };
      const found = new Set((await triggeredRows(s.services.database.db, dialect, [{ code, low: price, high: price }])).map((r) => r.id));
      for (const r of all.filter((x) => x.code === code)) {
        if (decide(r, q, now, cfg) !== null) expect(found.has(r.id), `row ${r.id} (${r.status} ${r.direction}) acts at ${price}`).toBe(true);
      }
    }

    /** The index expressions against riskPrice and decide() on the rows as they are now; returns how many probes acted. */
    async function checkTriggers(): Promise<number> {
      const all = await rows();
      const db = s.services.database.db;
      let acted = 0;
      // The indexed expressions equal riskPrice for held rows (no close legs on a holding row).
      const exprs = await sql<{ id: string; down: number; up: number }>`
        SELECT id, (${sql.raw(watchDownSql(dialect))}) AS down, (${sql.raw(watchUpSql(dialect))}) AS up FROM trade_position WHERE status = 'holding'`.execute(db);
      for (const e of exprs.rows) {
        const r = all.find((x) => x.id === e.id)!;
        const at = riskPrice(r);
        if (r.direction === 'up') expect(Number(e.down), r.id).toBe(at ?? -1);
        else expect(Number(e.up), r.id).toBe(at ?? Number.MAX_SAFE_INTEGER);
      }
      // No row that would act at a price is left out of that price's candidates.
      const cfg = await s.services.config.values();
      for (const code of CODES) {
        const p = quote(s, code, now).price;
        const probes = new Set<number>([Math.round(p * 0.5), p, Math.round(p * 2)]);
        for (const r of all.filter((x) => x.code === code)) {
          for (const v of [riskPrice(r), r.limit_price, r.trigger_price, r.close_limit_price, r.close_trigger_price, r.close_stop_price]) {
            if (v !== null && v > 1 && v < 10_000_000) for (const d of [-1, 0, 1]) probes.add(v + d);
          }
        }
        for (const price of probes) {
          await expectCandidates(all, code, price);
          const q = { ...quote(s, code, now), price, bid: price, ask: price };
          acted += all.filter((r) => r.code === code && decide(r, q, now, cfg) !== null).length;
        }
      }
      return acted;
    }

    it('after random trading, trigger prices, candidates and the realized total match a full recomputation', async () => {
      let acted = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 30 }), async (cmds) => {
          s = await startTestServer({ dialect });
          try {
            now = jstMs('2026-11-24', 9, 30);
            s.clock.set(now);
            await signInAdmin(s);
            const users = [await trader(s, 3_000_000), await trader(s, 3_000_000)];
            // Checked after every command, so waiting orders and close requests are seen before they expire.
            for (const c of cmds) {
              await step(users, c);
              acted += await checkTriggers();
            }
            const all = await rows();

            // The running realized total is the sum over every closed position.
            for (const u of users) {
              const closed = all.filter((r) => r.user_id === u.id && (r.status === 'closed' || r.status === 'ended'));
              const full = closed.reduce((a, r) => a + (r.pnl ?? 0) - r.open_fee - r.close_fee - r.interest - r.tax, 0);
              const summary = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
              expect(summary.realizedPnl).toBe(full);
            }
          } finally {
            await s.close();
          }
        }),
        { endOnFailure: true, numRuns: Number(process.env.PROPERTY_RUNS ?? 6), seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
      );
      // The probes really exercised rows that act, not only rows that do not.
      expect(acted).toBeGreaterThan(0);
    }, 240_000);
  });
}
