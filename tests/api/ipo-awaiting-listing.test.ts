import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { verifiedUser } from './cash-support';
import { at, balances, expectLedgerBalanced, grant } from './trade-support';

/**
 * Issue 36 items 7 and 8: between the payment (ipo_payment: frozen → margin) and the listing, the
 * allotment is a 上場待ち line of funds/summary — code, names, shares, yen paid, listing date — which
 * explains the margin balance without adding to total assets; the listing replaces it with the
 * position. The IPO records carry the offering's names, so they name the stock before it lists.
 */
const CODE = '290A';
const WINDOW_FROM = at('2026-11-24', 11);
const WINDOW_TO = at('2026-11-26', 15);
const DRAW_AT = at('2026-11-27', 10);
const PAYMENT_DUE = at('2026-12-01', 15);
const LISTING_DATE = '2026-12-03';
const DEPOSIT = 1_000_000;

describe.each(testDialects())('ipo: awaiting listing (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const jobsAt = async (t: number) => {
    s.clock.set(t);
    return (await s.services.jobs.runDue(t)).ipo;
  };
  const summary = async (u: TestUser) => (await s.call('get', 'funds/summary', { token: u.token })).body.data;
  const ipoRecords = async (u: TestUser) => (await s.call('get', 'funds/records?type=ipo', { token: u.token })).body.data.items;

  it('shows the paid allotment as 上場待ち until the listing, total assets unchanged', async () => {
    s.clock.set(TEST_NOW);
    const made = await s.call('post', 'admin/ipo/offerings', {
      token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() },
      body: {
        kind: 'ipo', code: CODE, name: 'カブトロボ', nameEn: 'Kabuto Robo', kana: 'カブトロボ', segment: 'growth', sponsor: 'みずほ証券',
        priceLow: 12_000, priceHigh: 15_000, sharesOffered: 300, minLots: 1, minFunds: 100_000, repeatMax: 1,
        from: WINDOW_FROM, to: WINDOW_TO, drawAt: DRAW_AT, paymentDue: PAYMENT_DUE, listingDate: LISTING_DATE, reason: '新規上場の案件登録',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.offering.id as string;
    const u = await verifiedUser(s);
    await grant(s, u.id, DEPOSIT);

    s.clock.set(WINDOW_FROM + 60_000);
    const applied = await s.call('post', `ipo/offerings/${id}/apply`, { token: u.token, headers: { 'Idempotency-Key': uuidv7() }, body: { lots: 1 } });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // Undersubscribed (1 lot for 3): priced at the bottom, ¥1,200; the draw gives the lot.
    await jobsAt(WINDOW_TO + 1000);
    expect(await jobsAt(DRAW_AT)).toMatchObject({ drawn: 1 });
    const appId = applied.body.data.application.id as string;
    const bought = await s.call('post', `ipo/applications/${appId}/purchase`, { token: u.token, headers: { 'Idempotency-Key': uuidv7() } });
    expect(bought.body.data.application).toMatchObject({ status: 'payment_pending' });
    // Purchased, not paid yet: the money is a reserve (frozen), no line.
    const beforePayment = await summary(u);
    expect(beforePayment).toMatchObject({ totalAssets: DEPOSIT, frozen: 120_000, margin: 0, awaitingListing: [] });

    // Paid: frozen → margin, and the allotment is a line of its own until the listing.
    expect(await jobsAt(PAYMENT_DUE)).toMatchObject({ paid: 1 });
    s.clock.set(at('2026-12-02', 10));
    const paid = await summary(u);
    expect(paid.awaitingListing).toEqual([
      {
        applicationId: appId, code: CODE, nameJa: 'カブトロボ', nameEn: 'Kabuto Robo', newListing: true,
        shares: 100, price: 12_000, priceScale: 10, amount: 120_000, listingDate: LISTING_DATE,
      },
    ]);
    // The line explains the margin the payment moved; total assets count that balance once.
    expect(paid).toMatchObject({ totalAssets: DEPOSIT, margin: 120_000, frozen: 0, cash: DEPOSIT - 120_000, unrealizedPnl: 0, profit: 0 });
    expect(await balances(s, u.id)).toMatchObject({ cash: DEPOSIT - 120_000, frozen: 0, margin: 120_000 });
    expect(paid.totalAssets).toBe(beforePayment.totalAssets);
    // No position yet: the holdings list has no row of the stock.
    const heldBefore = (await s.call('get', 'trade/holdings', { token: u.token })).body.data;
    expect(heldBefore.stocks.map((x: { code: string }) => x.code)).not.toContain(CODE);

    // The records name the stock before it lists: the code on the record, the names in the memo.
    const records = await ipoRecords(u);
    expect(records.map((r: { kind: string }) => r.kind)).toEqual(['ipo_payment', 'ipo_release', 'ipo_reserve']);
    for (const r of records) {
      expect(r).toMatchObject({ code: CODE, nameJa: null, memo: { params: { code: CODE, nameJa: 'カブトロボ', nameEn: 'Kabuto Robo' } } });
    }
    expect(records[0].memo).toEqual({ id: 'memo_ipo_payment', params: { code: CODE, nameJa: 'カブトロボ', nameEn: 'Kabuto Robo', shares: 100, price: 12_000, priceScale: 10 } });

    // Listing day, 9:00: the position replaces the line.
    expect(await jobsAt(at(LISTING_DATE, 9, 0))).toMatchObject({ listed: 1 });
    s.clock.set(at(LISTING_DATE, 10, 0));
    const listed = await summary(u);
    expect(listed.awaitingListing).toEqual([]);
    expect(listed.margin).toBe(120_000);
    const held = (await s.call('get', 'trade/holdings', { token: u.token })).body.data;
    expect(held.stocks.find((x: { code: string }) => x.code === CODE)).toMatchObject({ code: CODE, nameJa: 'カブトロボ', shares: 100, cost: 120_000 });
    // Listed, the stock has an instrument, whose names the records carry too.
    expect((await ipoRecords(u))[0]).toMatchObject({ code: CODE, nameJa: 'カブトロボ', nameEn: 'Kabuto Robo' });
    await expectLedgerBalanced(s);
  });
});
