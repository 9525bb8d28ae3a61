import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { roundToTick, sessionAt, tickSize, type TickTable } from '../../src/shared/market';
import { at, quote, trader } from './trade-support';

const HOUR = 3600_000;

/** Block offers are bounded (issue 9 §7, docs/domain.md "Block trades"): day's limits, ±10% of the previous close, lots of 100. */
for (const dialect of testDialects()) {
  describe(`block offer bounds (${dialect})`, () => {
    let s: TestServer;
    let table: TickTable;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      table = s.services.market.instrument('7203')!.tickTable!;
    });
    afterAll(async () => {
      await s?.close();
    });

    function createOffer(o: Record<string, unknown>) {
      const now = s.clock.now();
      const body = { code: '7203', minShares: 100, sharesAvailable: 1_000, lockDays: 0, from: now - HOUR, to: now + 48 * HOUR, reason: 'placement from a fund', ...o };
      return s.call('post', 'admin/block/offers', { token: s.admin.token, body });
    }
    const auditCount = async () => (await s.services.database.db.selectFrom('admin_audit').selectAll().execute()).length;
    /** The band the docs define: inside the day's limits and within ±10% of the base (previous close). */
    function expectedBand(base: number, limits: { lower: number; upper: number }) {
      return {
        lower: Math.max(limits.lower, roundToTick(Math.ceil(base * 0.9), table, 'up')),
        upper: Math.min(limits.upper, roundToTick(Math.floor(base * 1.1), table, 'down')),
      };
    }

    it('accepts prices on the edges of the band and refuses one tick outside with the bounds (422)', async () => {
      s.clock.set(TEST_NOW);
      expect(sessionAt(TEST_NOW)).toBe('morning');
      const q = quote(s, '7203', TEST_NOW);
      const band = expectedBand(q.prevClose, q.limits!);
      expect(band.lower).toBeGreaterThanOrEqual(q.prevClose * 0.9);
      expect(band.upper).toBeLessThanOrEqual(q.prevClose * 1.1);
      expect(band.lower).toBeGreaterThanOrEqual(q.limits!.lower);
      expect(band.upper).toBeLessThanOrEqual(q.limits!.upper);

      for (const price of [band.lower, band.upper, q.prevClose]) {
        const res = await createOffer({ price });
        expect(res.status, String(price)).toBe(200);
      }
      const audits = await auditCount();
      const outside = [
        band.upper + tickSize(band.upper, table),
        band.lower - tickSize(band.lower - 1, table),
        roundToTick(Math.round(q.price / 100), table, 'down'), // the 1%-of-market offer of the issue
        roundToTick(q.price * 10, table, 'down'), // and the 10× one
      ];
      for (const price of outside) {
        const res = await createOffer({ price });
        expect(res.status, String(price)).toBe(422);
        expect(res.body).toMatchObject({ status: 0, msg: 'block_price_out_of_range', params: { lower: band.lower, upper: band.upper } });
      }
      expect(await auditCount()).toBe(audits);
    });

    it('before the open the band is built on yesterday’s close (the quote’s price then)', async () => {
      const t = at('2026-11-24', 8);
      s.clock.set(t);
      expect(sessionAt(t)).toBe('pre_open');
      const q = quote(s, '7203', t);
      const base = q.price;
      const width = expectedBand(base, { lower: 0, upper: Number.MAX_SAFE_INTEGER });
      const ok = await createOffer({ price: width.upper });
      expect(ok.status).toBe(200);
      const res = await createOffer({ price: width.upper + tickSize(width.upper, table) });
      expect(res.status).toBe(422);
      expect(res.body.params).toMatchObject({ upper: width.upper, lower: width.lower });
      s.clock.set(TEST_NOW);
    });

    it('minShares and sharesAvailable must be whole lots of 100 (400 invalid_request); purchases too', async () => {
      s.clock.set(TEST_NOW);
      const price = quote(s, '7203', TEST_NOW).prevClose;
      const audits = await auditCount();
      for (const [field, o] of [
        ['minShares', { minShares: 150, sharesAvailable: 1_000 }],
        ['sharesAvailable', { minShares: 100, sharesAvailable: 1_050 }],
      ] as const) {
        const res = await createOffer({ price, ...o });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ msg: 'invalid_request', params: { field, lot: 100 } });
      }
      expect(await auditCount()).toBe(audits);

      const offer = (await createOffer({ price, minShares: 100, sharesAvailable: 1_000 })).body.data;
      const u = await trader(s, 5_000_000);
      const buy = (shares: number) =>
        s.call('post', `block/offers/${offer.id}/buy`, { token: u.token, body: { shares }, headers: { 'Idempotency-Key': uuidv7() } });
      const odd = await buy(150);
      expect(odd.status).toBe(400);
      expect(odd.body).toMatchObject({ msg: 'invalid_request', params: { field: 'shares', lot: 100 } });
      expect((await buy(200)).status).toBe(200);
    });
  });
}
