import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { expectLedgerBalanced, grant } from './trade-support';
import { FX_QUOTE_TTL_MS } from '../../src/shared/api/fx';
import { FX_QUOTES_PER_MINUTE } from '../../src/server/modules/fx/service';
import { CURRENCY_CODES } from '../../src/shared/money';

/**
 * Currency exchange (issue 12 §4): quotes from the FX board with the stated spread, valid 30 s,
 * exchanged through the house FX accounts with the spread to FX spread income. The expected
 * amounts are recomputed here from the board's mid price, not taken from the server.
 */
for (const dialect of testDialects()) {
  describe(`fx exchange (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const quote = (u: TestUser, body: object) => s.call('post', 'fx/quote', { token: u.token, body });
    const exchange = (u: TestUser, quoteId: string, key = uuidv7()) =>
      s.call('post', 'fx/exchange', { token: u.token, body: { quoteId }, headers: { 'Idempotency-Key': key } });
    const cash = async (userId: string, currency: string) => (await s.services.ledger.balances(userId))[currency as 'JPY']?.cash ?? 0;
    const houseBal = (currency: string, kind: 'fx' | 'fx_spread_income') => s.services.ledger.balance('house', currency as 'JPY', kind);
    /** The entry's postings as (owner, currency, kind) → amount. */
    async function postingsOf(entryId: string) {
      const rows = await s.services.database.db
        .selectFrom('posting')
        .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
        .select(['ledger_account.owner', 'ledger_account.kind', 'posting.currency', 'posting.amount'])
        .where('posting.entry_id', '=', entryId)
        .execute();
      return Object.fromEntries(rows.map((r) => [`${r.owner === 'house' ? 'house' : 'user'}:${r.currency}:${r.kind}`, Number(r.amount)]));
    }
    async function usdRow() {
      const q = (await s.call('get', 'fx/quotes', { token: s.admin.token })).body.data;
      return { spreadBp: q.spreadBp as number, row: q.rows.find((r: { currency: string }) => r.currency === 'USD') };
    }

    it('lists the nine currencies and USDT with bid < mid < ask and the stated spread; the yen has none', async () => {
      const res = await s.call('get', 'fx/quotes', { token: s.admin.token });
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(d.spreadBp).toBe(50);
      expect(d.quoteTtlMs).toBe(FX_QUOTE_TTL_MS);
      expect(d.rows.map((r: { currency: string }) => r.currency)).toEqual(CURRENCY_CODES);
      for (const r of d.rows) {
        if (r.currency === 'JPY') expect(r).toMatchObject({ code: null, mid: 1, bid: 1, ask: 1 });
        else expect(r.bid < r.mid && r.mid < r.ask, JSON.stringify(r)).toBe(true);
      }
      expect(d.rows.find((r: { currency: string }) => r.currency === 'KRW')).toMatchObject({ code: 'KRWJPY', unit: 100 });
    });

    it('JPY → USD and back: exact postings to the user, the house fx accounts and spread income; records show 両替', async () => {
      const u = await registerUser(s);
      await grant(s, u.id, 1_000_000);
      const { spreadBp, row } = await usdRow();
      const P = BigInt(row.mid); // yen per dollar × priceScale
      const scale = BigInt(row.priceScale);
      const s2 = BigInt(spreadBp);
      // 100,000 yen at the ask (mid × (1 + s/2)), in cents, rounded down; at the mid for the spread.
      const expOut = Number((100_000n * scale * 100n * 20_000n) / (P * (20_000n + s2)));
      const expMid = Number((100_000n * scale * 100n) / P);
      const q1 = await quote(u, { from: 'JPY', to: 'USD', amount: 100_000 });
      expect(q1.status, JSON.stringify(q1.body)).toBe(200);
      expect(q1.body.data).toMatchObject({ from: 'JPY', to: 'USD', amount: 100_000, amountOut: expOut, midAmountOut: expMid, spreadAmount: expMid - expOut, spreadBp });
      expect(q1.body.data.validUntil).toBe(s.clock.now() + 30_000);
      const fxJpy0 = await houseBal('JPY', 'fx');
      const fxUsd0 = await houseBal('USD', 'fx');
      const inc0 = await houseBal('USD', 'fx_spread_income');

      const r1 = await exchange(u, q1.body.data.quoteId);
      expect(r1.status, JSON.stringify(r1.body)).toBe(200);
      expect(r1.body.data).toMatchObject({ amount: 100_000, amountOut: expOut, spreadAmount: expMid - expOut, fromCash: 900_000, toCash: expOut });
      expect(await postingsOf(r1.body.data.entryId)).toEqual({
        'user:JPY:cash': -100_000,
        'house:JPY:fx': 100_000,
        'house:USD:fx': -expMid,
        'house:USD:fx_spread_income': expMid - expOut,
        'user:USD:cash': expOut,
      });
      expect(await houseBal('JPY', 'fx')).toBe(fxJpy0 + 100_000);
      expect(await houseBal('USD', 'fx')).toBe(fxUsd0 - expMid);
      expect(await houseBal('USD', 'fx_spread_income')).toBe(inc0 + expMid - expOut);
      await expectLedgerBalanced(s);

      // Back: all the dollars at the bid (mid × (1 − s/2)), in yen, rounded down; the spread in yen.
      const q2 = await quote(u, { from: 'USD', to: 'JPY', amount: expOut });
      const back = Number((BigInt(expOut) * P * (20_000n - s2)) / (scale * 100n * 20_000n));
      const backMid = Number((BigInt(expOut) * P) / (scale * 100n));
      expect(q2.body.data).toMatchObject({ amountOut: back, midAmountOut: backMid });
      const r2 = await exchange(u, q2.body.data.quoteId);
      expect(r2.status, JSON.stringify(r2.body)).toBe(200);
      expect(await postingsOf(r2.body.data.entryId)).toEqual({
        'user:USD:cash': -expOut,
        'house:USD:fx': expOut,
        'house:JPY:fx': -backMid,
        'house:JPY:fx_spread_income': backMid - back,
        'user:JPY:cash': back,
      });
      expect(await cash(u.id, 'USD')).toBe(0);
      expect(await cash(u.id, 'JPY')).toBe(900_000 + back);
      // The round trip costs about the spread (50 bp of 100,000 yen ≈ 500 yen), never gains.
      expect(900_000 + back).toBeLessThan(1_000_000);
      expect(1_000_000 - (900_000 + back)).toBeLessThanOrEqual(510);
      await expectLedgerBalanced(s);

      const summary = (await s.call('get', 'funds/summary', { token: u.token })).body.data;
      expect(summary.balances.map((b: { currency: string }) => b.currency)).toEqual(expect.arrayContaining(['JPY', 'USD']));
      const records = (await s.call('get', 'funds/records?type=fx', { token: u.token })).body.data.items;
      expect(records).toHaveLength(2);
      expect(records[0]).toMatchObject({ kind: 'fx_exchange', type: 'fx', memo: { id: 'memo_fx_exchange', params: { from: 'USD', to: 'JPY', amount: expOut, amountOut: back } } });
      // Each record speaks one currency (the one given): its lines never add cents to yen. The
      // exchange is its own line (両替), not "other".
      expect(records[1]).toMatchObject({ currency: 'JPY', amount: -100_000, lines: [{ type: 'fx', amount: -100_000 }] });
      expect(records[0]).toMatchObject({ currency: 'USD', amount: -expOut, lines: [{ type: 'fx', amount: -expOut }] });
    });

    it('minor units: JPY 0 decimals, USD 2 (cents), KRW quoted per 100 won with 0 decimals; crosses go via the yen', async () => {
      const u = await registerUser(s);
      const q = (await s.call('get', 'fx/quotes', { token: u.token })).body.data;
      const krw = q.rows.find((r: { currency: string }) => r.currency === 'KRW');
      const usd = q.rows.find((r: { currency: string }) => r.currency === 'USD');
      // 1,000 yen → won: yen per won = mid / (priceScale × 100).
      const toKrw = (await quote(u, { from: 'JPY', to: 'KRW', amount: 1_000 })).body.data;
      expect(toKrw.midAmountOut).toBe(Number((1_000n * BigInt(krw.priceScale) * 100n) / BigInt(krw.mid)));
      // $10.00 (1,000 cents) → won through the yen, at the dollar's bid and the won's ask.
      const cross = (await quote(u, { from: 'USD', to: 'KRW', amount: 1_000 })).body.data;
      const s2 = BigInt(q.spreadBp);
      const num = 1_000n * BigInt(usd.mid) * (20_000n - s2) * BigInt(krw.priceScale) * 100n;
      const den = BigInt(usd.priceScale) * 100n * BigInt(krw.mid) * (20_000n + s2);
      expect(cross.amountOut).toBe(Number(num / den));
      expect(Number.isInteger(cross.amountOut)).toBe(true);
      // 1 yen buys less than one cent: refused rather than rounded to nothing.
      expect((await quote(u, { from: 'JPY', to: 'USD', amount: 1 })).body.msg).toBe('fx_amount_too_small');
      expect((await quote(u, { from: 'USD', to: 'USD', amount: 100 })).body.msg).toBe('fx_same_currency');
      for (const bad of [{ from: 'JPY', to: 'USD', amount: 1.5 }, { from: 'JPY', to: 'USD', amount: 0 }, { from: 'JPY', to: 'BTC', amount: 100 }, { from: 'XXX', to: 'JPY', amount: 1 }]) {
        expect((await quote(u, bad)).status, JSON.stringify(bad)).toBe(400);
      }
    });

    it('refuses an expired quote (31 s later), a used one, another user’s (404) and an insufficient balance', async () => {
      const u = await registerUser(s);
      const other = await registerUser(s);
      await grant(s, u.id, 50_000);
      const before = await cash(u.id, 'JPY');

      const q1 = (await quote(u, { from: 'JPY', to: 'USD', amount: 10_000 })).body.data;
      s.clock.advance(31_000);
      const expired = await exchange(u, q1.quoteId);
      expect(expired.status).toBe(422);
      expect(expired.body.msg).toBe('fx_quote_expired');
      expect(await cash(u.id, 'JPY')).toBe(before);

      const q2 = (await quote(u, { from: 'JPY', to: 'USD', amount: 10_000 })).body.data;
      const theirs = await exchange(other, q2.quoteId);
      expect(theirs.status).toBe(404);
      expect(theirs.body.msg).toBe('fx_quote_not_found');
      expect((await exchange(u, 'no-such-quote')).status).toBe(404);
      const ok = await exchange(u, q2.quoteId);
      expect(ok.status).toBe(200);
      const again = await exchange(u, q2.quoteId);
      expect(again.body.msg).toBe('fx_quote_used');
      expect(await cash(u.id, 'JPY')).toBe(before - 10_000);

      const big = (await quote(u, { from: 'JPY', to: 'USD', amount: 1_000_000 })).body.data;
      const poor = await exchange(u, big.quoteId);
      expect(poor.body.msg).toBe('balance_insufficient');
      expect(await cash(u.id, 'JPY')).toBe(before - 10_000);
      const noUsd = (await quote(other, { from: 'USD', to: 'JPY', amount: 100 })).body.data;
      expect((await exchange(other, noUsd.quoteId)).body.msg).toBe('balance_insufficient');
      await expectLedgerBalanced(s);
    });

    it('limits quotes to FX_QUOTES_PER_MINUTE a user: the next one answers 429 with the wait, stores nothing; another user is unaffected', async () => {
      const u = await registerUser(s);
      const other = await registerUser(s);
      const count = async () => Number((await s.services.database.db.selectFrom('fx_quote').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', u.id).executeTakeFirstOrThrow()).n);
      for (let i = 0; i < FX_QUOTES_PER_MINUTE; i++) expect((await quote(u, { from: 'JPY', to: 'USD', amount: 10_000 })).status).toBe(200);
      const over = await quote(u, { from: 'JPY', to: 'USD', amount: 10_000 });
      expect(over.status).toBe(429);
      expect(over.body.msg).toBe('too_many_requests');
      expect(over.body.params.retryAfter).toBeGreaterThan(0);
      expect(await count()).toBe(FX_QUOTES_PER_MINUTE);
      expect((await quote(other, { from: 'JPY', to: 'USD', amount: 10_000 })).status).toBe(200);
    });

    it('is idempotent: a replayed key returns the first result and moves money once; a key needs to be sent', async () => {
      const u = await registerUser(s);
      await grant(s, u.id, 20_000);
      const q = (await quote(u, { from: 'JPY', to: 'HKD', amount: 10_000 })).body.data;
      const key = uuidv7();
      const first = await exchange(u, q.quoteId, key);
      expect(first.status).toBe(200);
      const replay = await exchange(u, q.quoteId, key);
      expect(replay.body).toEqual(first.body);
      expect(await cash(u.id, 'JPY')).toBe(10_000);
      expect(await cash(u.id, 'HKD')).toBe(q.amountOut);
      const noKey = await s.call('post', 'fx/exchange', { token: u.token, body: { quoteId: q.quoteId } });
      expect(noKey.body.msg).toBe('idempotency_key_required');
      // Concurrent exchanges of one quote under different keys: exactly one succeeds.
      const q2 = (await quote(u, { from: 'JPY', to: 'HKD', amount: 1_000 })).body.data;
      const results = await Promise.all(Array.from({ length: 5 }, () => exchange(u, q2.quoteId)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(await cash(u.id, 'JPY')).toBe(9_000);
      await expectLedgerBalanced(s);
    });
  });
}
