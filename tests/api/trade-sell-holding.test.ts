import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { tradeApi } from '../../src/shared/api/trade';
import { balances, expectLedgerBalanced, placed, setConfig, trader } from './trade-support';

/**
 * Issue 13 item 1: 現物売 — `POST trade/sell` closes the user's sellable cash positions of a stock
 * oldest first in one money command; it never opens a short (docs/decisions/011-selling-a-holding.md).
 * Selling part of a purchase (issue 35): trade-partial-sell.test.ts.
 */
for (const dialect of testDialects()) {
  describe(`trade sell holding (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const sell = (u: TestUser, body: object, key: string = uuidv7()) =>
      s.call('post', 'trade/sell', { token: u.token, body: { code: '7203', type: 'market', ...body }, headers: { 'Idempotency-Key': key } });
    const sellable = async (u: TestUser, code = '7203') => {
      const res = await s.api(tradeApi.sellable, { token: u.token, query: { code } });
      expect(res.status).toBe(200);
      return (res.body as { data: { held: number; sellable: number; lot: number; positions: { id: string; shares: number }[] } }).data;
    };
    const rows = (u: TestUser) =>
      s.services.database.db.selectFrom('trade_position').select(['id', 'status', 'direction', 'leverage_x10', 'quantity', 'code']).where('user_id', '=', u.id).orderBy('id').execute();

    /** Three cash purchases of 7203 (100, 200, 100 shares, a minute apart) and a margin long beside them. */
    async function holder() {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 20_000_000);
      const a = await placed(s, u, { lots: 1 });
      s.clock.set(TEST_NOW + 60_000);
      const b = await placed(s, u, { lots: 2 });
      s.clock.set(TEST_NOW + 120_000);
      const c = await placed(s, u, { lots: 1 });
      const margin = await placed(s, u, { lots: 1, leverage: 2 });
      s.clock.set(TEST_NOW + 180_000);
      return { u, a, b, c, margin };
    }

    it('lists what a sale may name (any multiple of the 単元 up to the sellable shares) and the positions in FIFO order', async () => {
      const { u, a, b, c } = await holder();
      const v = await sellable(u);
      expect(v).toMatchObject({ code: '7203', held: 400, sellable: 400, lot: 100 });
      expect(v.positions.map((p) => p.id)).toEqual([a.id, b.id, c.id]); // the margin long is not a holding
    });

    it('sells the whole holding: every cash position closes, the margin position stays, no short is opened', async () => {
      const { u, a, b, c, margin } = await holder();
      const other = await trader(s, 5_000_000);
      const theirs = await placed(s, other, { lots: 1 });
      const before = await balances(s, u.id);
      const res = await sell(u, { shares: 400 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({ code: '7203', shares: 400 });
      expect(data.positions.map((p: { id: string }) => p.id)).toEqual([a.id, b.id, c.id]);
      expect(data.positions.every((p: { status: string }) => p.status === 'closed')).toBe(true);
      const after = await rows(u);
      expect(after.filter((r) => r.direction === 'down')).toEqual([]);
      expect(after.find((r) => r.id === margin.id)!.status).toBe('holding');
      expect(after).toHaveLength(4);
      // The proceeds are the user's (unsettled until settlement, or cash): more than before.
      const bal = await balances(s, u.id);
      expect(bal.cash + bal.unsettled).toBeGreaterThan(before.cash + before.unsettled);
      expect((await sellable(u)).held).toBe(0);
      // Another user's holding of the same code is untouched.
      expect((await rows(other)).find((r) => r.id === theirs.id)!.status).toBe('holding');
      expect((await sellable(other)).held).toBe(100);
      await expectLedgerBalanced(s);
    });

    it('sells a FIFO part: the oldest whole positions close, the newest stays', async () => {
      const { u, a, b, c } = await holder();
      const res = await sell(u, { shares: 300 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.positions.map((p: { id: string }) => p.id)).toEqual([a.id, b.id]);
      const status = new Map((await rows(u)).map((r) => [r.id, r.status]));
      expect([status.get(a.id), status.get(b.id), status.get(c.id)]).toEqual(['closed', 'closed', 'holding']);
      expect(await sellable(u)).toMatchObject({ held: 100, sellable: 100 });
      await expectLedgerBalanced(s);
    });

    it('refuses a share count that is not a multiple of the 単元, naming the nearest ones, and closes nothing', async () => {
      const { u } = await holder();
      const before = await rows(u);
      const res = await sell(u, { shares: 250 });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ status: 0, msg: 'sell_quantity_not_lot_multiple', params: { shares: 250, lot: 100, below: 200, above: 300 } });
      const low = await sell(u, { shares: 50 });
      expect(low.body).toMatchObject({ msg: 'sell_quantity_not_lot_multiple', params: { shares: 50, lot: 100, above: 100 } });
      expect(low.body.params.below).toBeUndefined();
      expect(await rows(u)).toEqual(before);
    });

    it('refuses more than held, and more than sellable now (T+N), without opening anything', async () => {
      const { u } = await holder();
      const before = await rows(u);
      const res = await sell(u, { shares: 500 });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ msg: 'sell_exceeds_holding', params: { shares: 500, held: 400, sellable: 400 } });
      await setConfig(s, 'sellAfterDays', 1);
      try {
        // Bought today under T+1: held, not sellable yet.
        const late = await trader(s, 5_000_000);
        await placed(s, late, { lots: 1 });
        expect(await sellable(late)).toMatchObject({ held: 100, sellable: 0 });
        const refused = await sell(late, { shares: 100 });
        expect(refused.body).toMatchObject({ msg: 'sell_exceeds_holding', params: { shares: 100, held: 100, sellable: 0 } });
      } finally {
        await setConfig(s, 'sellAfterDays', 0);
      }
      expect(await rows(u)).toEqual(before);
    });

    it('never opens a short: a user holding nothing (or only a margin long) is refused', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 5_000_000);
      await placed(s, u, { lots: 1, leverage: 2 });
      const res = await sell(u, { shares: 100 });
      expect(res.body).toMatchObject({ status: 0, msg: 'sell_exceeds_holding', params: { held: 0, sellable: 0 } });
      const after = await rows(u);
      expect(after).toHaveLength(1);
      expect(after.filter((r) => r.direction === 'down')).toEqual([]);
    });

    it('replays an idempotent sale: the same key answers the same, closes once; another body with it is refused', async () => {
      const { u, a } = await holder();
      const key = uuidv7();
      const first = await sell(u, { shares: 100 }, key);
      expect(first.status).toBe(200);
      const entries = await s.services.database.db.selectFrom('journal_entry').select('id').execute();
      const again = await sell(u, { shares: 100 }, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await s.services.database.db.selectFrom('journal_entry').select('id').execute()).length).toBe(entries.length);
      expect((await rows(u)).filter((r) => r.status === 'closed').map((r) => r.id)).toEqual([a.id]);
      expect((await sell(u, { shares: 300 }, key)).body).toMatchObject({ status: 0, msg: 'idempotency_key_reused' });
    });

    it('a limit sale above the market waits: each sold position becomes a close request at the limit', async () => {
      const { u, a, b } = await holder();
      const q = s.services.market.quote('7203', s.clock.now());
      const res = await sell(u, { shares: 300, type: 'limit', price: q.limits!.upper });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.positions.map((p: { id: string; status: string; closeLimitPrice: number }) => [p.id, p.status, p.closeLimitPrice])).toEqual([
        [a.id, 'closing', q.limits!.upper],
        [b.id, 'closing', q.limits!.upper],
      ]);
      // Being sold already: only the newest is sellable now.
      expect(await sellable(u)).toMatchObject({ held: 400, sellable: 100 });
    });
  });
}
