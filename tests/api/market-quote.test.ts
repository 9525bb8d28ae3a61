import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { jstMs } from '../../src/shared/market';

/** Quote detail, company profile and insights. The clock is Tuesday 2026-11-24 10:00 JST. */
describe.each(testDialects({ database: false }))('market quote, company, insights (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());
  const get = (path: string) => s.call('get', path);

  it('gives the full quote with the instrument facts, agreeing with the board row', async () => {
    const res = await get('market/quote/7203');
    expect(res.status).toBe(200);
    const { instrument, quote } = res.body.data;
    expect(instrument).toMatchObject({ code: '7203', kind: 'stock', board: 'listed', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor', priceScale: 10, sector: 'transport_equipment', segment: 'prime', simulated: true });
    expect(quote).toMatchObject({ code: '7203', at: TEST_NOW, session: 'morning', tradingDate: '2026-11-24', priceScale: 10, simulated: true });
    for (const k of ['price', 'prevClose', 'open', 'high', 'low', 'volume', 'turnover', 'marketValue', 'bid', 'ask']) expect(Number.isInteger(quote[k]), k).toBe(true);
    expect(quote.change).toBe(quote.price - quote.prevClose);
    expect(quote.low).toBeLessThanOrEqual(quote.price);
    expect(quote.high).toBeGreaterThanOrEqual(quote.price);
    expect(quote.limits.lower).toBeLessThan(quote.prevClose);
    expect(quote.limits.upper).toBeGreaterThan(quote.prevClose);
    const board = await get('market/instruments?board=listed&sort=price&limit=100');
    const all = [...board.body.data.items];
    let next = board.body.data.next;
    while (next) {
      const page = await get(`market/instruments?board=listed&sort=price&limit=100&cursor=${next}`);
      all.push(...page.body.data.items);
      next = page.body.data.next;
    }
    const row = all.find((r: any) => r.code === '7203');
    expect(row).toMatchObject({ price: quote.price, changeBp: quote.changeBp, volume: quote.volume, turnover: quote.turnover });
  });

  it('quotes crypto, FX (per-100 units, the fixed JPY) and indices; codes are case-insensitive', async () => {
    const btc = await get('market/quote/btcjpy');
    expect(btc.status).toBe(200);
    expect(btc.body.data.instrument).toMatchObject({ code: 'BTCJPY', kind: 'crypto', board: 'crypto', base: 'BTC', qtyScale: 10_000 });
    expect(btc.body.data.quote.session).toBe('open');
    const krw = await get('market/quote/KRWJPY');
    expect(krw.body.data.instrument).toMatchObject({ kind: 'fx', quoteUnit: 100, priceScale: 1000 });
    const jpy = await get('market/quote/JPYJPY');
    expect(jpy.body.data.instrument.fixed).toBe(true);
    expect(jpy.body.data.quote).toMatchObject({ price: 1000, change: 0, bid: null, ask: null });
    const n225 = await get('market/quote/N225');
    expect(n225.body.data.instrument).toMatchObject({ kind: 'index', board: null, priceScale: 100 });
    expect(n225.body.data.quote.limits).toBeNull();
  });

  it('on a Saturday stocks show Friday closed and crypto still trades', async () => {
    s.clock.set(jstMs('2026-11-28', 11, 0));
    try {
      const stock = await get('market/quote/7203');
      expect(stock.body.data.quote).toMatchObject({ session: 'closed', tradingDate: '2026-11-27', bid: null, ask: null });
      const btc = await get('market/quote/BTCJPY');
      expect(btc.body.data.quote).toMatchObject({ session: 'open', tradingDate: '2026-11-28' });
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it('refuses unknown and malformed codes, and a clock outside the simulated years', async () => {
    for (const path of ['market/quote/9999', 'market/company/ZZZZ', 'market/insights/0000', 'market/alerts/NOPE']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ status: 0, msg: 'product_not_found', data: null });
    }
    expect((await get('market/quote/9999')).body.params).toEqual({ code: '9999' });
    for (const path of ['market/quote/72-03', 'market/quote/%E3%83%88', `market/quote/${'1'.repeat(13)}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toBe('invalid_request');
    }
    s.clock.set(jstMs('2035-06-05', 10, 0));
    try {
      const res = await get('market/quote/7203');
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('price_unavailable');
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it('company: profile and five reported fiscal years, simulated and deterministic', async () => {
    const res = await get('market/company/7203');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ code: '7203', sector: 'transport_equipment', sectorCode: '3700', sectorNameJa: '輸送用機器', segment: 'prime', simulated: true });
    expect(d.financials).toHaveLength(5);
    const ends = d.financials.map((f: any) => f.periodEnd);
    expect([...ends].sort()).toEqual(ends);
    // Only results already published by the market clock's today (about 50 days after year end).
    expect(Date.parse(ends.at(-1)) + 50 * 86_400_000).toBeLessThanOrEqual(TEST_NOW);
    for (const f of d.financials) {
      for (const v of Object.values(f).slice(1)) expect(Number.isInteger(v)).toBe(true);
      expect(f.dividendPerShare).toBeGreaterThan(0); // Toyota pays: the simulator's own dividends
    }
    expect(d.valuation.perX100).toBeGreaterThan(0);
    expect(d.marketValue).toBeGreaterThan(0);
    expect((await get('market/company/7203')).body).toEqual(res.body);
    // Company data exists for stocks only.
    for (const code of ['BTCJPY', 'N225', 'USDJPY']) {
      const other = await get(`market/company/${code}`);
      expect(other.status).toBe(404);
      expect(other.body).toMatchObject({ msg: 'not_found', params: { code } });
    }
  });

  it('insights: margin balances, investor flows that net to zero, sector ranking and comparison', async () => {
    const res = await get('market/insights/6758');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.simulated).toBe(true);
    expect(d.shortSelling.weeks).toHaveLength(8);
    expect(d.shortSelling.asOf).toBe(d.shortSelling.weeks.at(-1).week);
    // Published the Tuesday after the week: on Tuesday 24 Nov the latest is Friday 20 Nov.
    expect(d.shortSelling.asOf).toBe('2026-11-20');
    for (const w of d.shortSelling.weeks) expect(w.marginBuy % 100).toBe(0);
    expect(d.investorTrends.weeks).toHaveLength(4);
    for (const w of d.investorTrends.weeks) {
      expect(w.flows.reduce((sum: number, f: any) => sum + f.net, 0)).toBe(0);
      for (const f of w.flows) expect(f.net).toBe(f.buy - f.sell);
    }
    const peers = s.services.market.instruments().filter((i) => i.kind === 'stock' && i.sector === 'electric_appliances');
    for (const key of ['marketValue', 'changeBp', 'turnover', 'dividendYieldBp']) {
      expect(d.ranking[key].of).toBe(peers.length);
      expect(d.ranking[key].rank).toBeGreaterThanOrEqual(1);
      expect(d.ranking[key].rank).toBeLessThanOrEqual(peers.length);
    }
    expect(d.industry.self.code).toBe('6758');
    expect(d.industry.peers.map((p: any) => p.code)).toContain('6758');
    const quote = await get('market/quote/6758');
    expect(d.industry.self.changeBp).toBe(quote.body.data.quote.changeBp);
    const larger = d.industry.peers.filter((p: any) => p.marketValue > d.industry.self.marketValue).length;
    expect(d.ranking.marketValue.rank).toBeGreaterThanOrEqual(larger + 1);
    for (const code of ['BTCJPY', 'TOPIX']) expect((await get(`market/insights/${code}`)).status).toBe(404);
  });
});
