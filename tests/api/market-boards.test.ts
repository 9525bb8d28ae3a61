import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { BOARD_SORTS } from '../../src/shared/api/market';

/** Market boards (sort, cursor paging), indices and search. The clock is Tuesday 10:00 JST. */
describe.each(testDialects({ database: false }))('market boards (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const get = (path: string) => s.call('get', path);
  async function allPages(query: string, limit: number) {
    const rows: any[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(`market/instruments?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      rows.push(...res.body.data.items);
      cursor = res.body.data.next;
      pages++;
      // Prices move between page requests; the cursor keeps later pages on the first page's snapshot.
      s.clock.advance(20_000);
    } while (cursor);
    return { rows, pages };
  }

  it('lists each board with simulated rows of the right kind', async () => {
    const expected = { listed: 'stock', otc: 'stock', crypto: 'crypto', fx: 'fx' } as const;
    for (const [board, kind] of Object.entries(expected)) {
      const res = await get(`market/instruments?board=${board}&limit=100`);
      expect(res.status).toBe(200);
      const { items, total, simulated } = res.body.data;
      expect(simulated).toBe(true);
      expect(items.length).toBeGreaterThan(0);
      for (const row of items) {
        expect(row).toMatchObject({ board, kind, simulated: true });
        expect(typeof row.nameJa).toBe('string');
        expect(typeof row.nameEn).toBe('string');
        expect(Number.isInteger(row.price)).toBe(true);
      }
      // The spec's nine currencies against the yen: eight pairs (JPY/JPY is no market, issue 13 item 7).
      if (board === 'fx') expect(total).toBe(8);
    }
    const listed = await get('market/instruments?board=listed&limit=1');
    expect(listed.body.data.items[0].session).toBe('morning');
  });

  it('sorts by every key in both orders, ties broken by code', async () => {
    for (const sort of BOARD_SORTS) {
      for (const order of ['desc', 'asc'] as const) {
        const res = await get(`market/instruments?board=listed&sort=${sort}&order=${order}&limit=100`);
        expect(res.status).toBe(200);
        const items = res.body.data.items as any[];
        for (let i = 1; i < items.length; i++) {
          const a = items[i - 1];
          const b = items[i];
          const d = order === 'desc' ? a[sort] - b[sort] : b[sort] - a[sort];
          expect(d > 0 || (d === 0 && a.code < b.code), `${sort} ${order} at ${i}`).toBe(true);
        }
      }
    }
  });

  it('pages are complete and never overlap, even while prices move', async () => {
    s.clock.set(TEST_NOW);
    const whole = await get('market/instruments?board=listed&sort=changeBp&limit=100');
    const total = whole.body.data.total as number;
    const { rows, pages } = await allPages('board=listed&sort=changeBp', 17);
    expect(pages).toBe(Math.ceil(total / 17));
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r.code)).size).toBe(total);
    // Same snapshot instant → exactly the unpaged order.
    expect(rows.slice(0, 100).map((r) => r.code)).toEqual(whole.body.data.items.map((r: any) => r.code));
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].changeBp >= rows[i].changeBp).toBe(true);
    s.clock.set(TEST_NOW);
  });

  it('refuses bad board, sort, order, limit and cursor with a 400 envelope', async () => {
    const bad = [
      'market/instruments',
      'market/instruments?board=nasdaq',
      'market/instruments?board=listed&sort=name',
      'market/instruments?board=listed&order=up',
      'market/instruments?board=listed&limit=0',
      'market/instruments?board=listed&limit=1000',
      'market/instruments?board=listed&cursor=not-a-cursor',
    ];
    for (const path of bad) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ status: 0, msg: 'invalid_request', data: null });
    }
    const first = await get('market/instruments?board=listed&sort=volume&limit=5');
    const cursor = first.body.data.next as string;
    // A cursor belongs to its board/sort/order.
    for (const q of ['board=otc&sort=volume', 'board=listed&sort=price', 'board=listed&sort=volume&order=asc']) {
      const res = await get(`market/instruments?${q}&cursor=${cursor}`);
      expect(res.status, q).toBe(400);
      expect(res.body.params).toMatchObject({ field: 'cursor' });
    }
    // Forged cursors: an instant in the future (prices not yet happened), an offset outside the list.
    const forge = (c: object) => Buffer.from(JSON.stringify(c)).toString('base64url');
    const key = 'listed.volume.desc';
    for (const c of [{ a: s.clock.now() + 60_000, o: 5, k: key }, { a: TEST_NOW, o: 100_000, k: key }, { a: TEST_NOW, o: -5, k: key }, { a: TEST_NOW - 2 * 86_400_000, o: 5, k: key }]) {
      const res = await get(`market/instruments?board=listed&sort=volume&cursor=${forge(c)}`);
      expect(res.status, JSON.stringify(c)).toBe(400);
    }
  });

  it('serves the three indices', async () => {
    const res = await get('market/indices');
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: any) => i.instrument.code)).toEqual(['N225', 'TOPIX', 'TSEG250']);
    for (const i of res.body.data.items) {
      expect(i.instrument).toMatchObject({ kind: 'index', simulated: true });
      expect(i.quote).toMatchObject({ session: 'morning', tradingDate: '2026-11-24', simulated: true });
      expect(i.quote.price).toBeGreaterThan(0);
    }
  });

  describe('search', () => {
    const codes = async (q: string) => {
      const res = await get(`market/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data.simulated).toBe(true);
      return (res.body.data.items as any[]).map((r) => r.code);
    };

    it('finds by code prefix, English and Japanese name and kana in any script', async () => {
      expect((await codes('7203'))[0]).toBe('7203');
      expect(await codes('720')).toContain('7203');
      expect(await codes('７２０３')).toContain('7203'); // full-width digits
      expect(await codes('toyota motor')).toEqual(['7203']);
      expect(await codes('TOYOTA')).toContain('7203');
      expect(await codes('トヨタ自動車')).toContain('7203');
      expect(await codes('とよた')).toContain('7203'); // hiragana → katakana reading
      expect(await codes('ﾄﾖﾀ')).toContain('7203'); // half-width katakana
      expect(await codes('ソニー')).toContain('6758');
      expect(await codes('btc')).toContain('BTCJPY');
      expect(await codes('ビットコイン')).toContain('BTCJPY');
      expect(await codes('米ドル')).toContain('USDJPY');
      expect(await codes('にっけい')).toContain('N225');
      expect(await codes('285a')).toContain('285A'); // a code with a letter, any case
    });

    it('returns at most 30 rows, code matches first, nothing for no match', async () => {
      const many = await codes('6');
      expect(many).toHaveLength(30);
      expect(many.every((c) => c.startsWith('6'))).toBe(true);
      expect(await codes('zzzzqqq')).toEqual([]);
    });

    it('refuses an empty or over-long query', async () => {
      for (const q of ['', '%20%20', 'x'.repeat(51)]) {
        const res = await get(`market/search?q=${q}`);
        expect(res.status).toBe(400);
        expect(res.body.msg).toBe('invalid_request');
      }
      expect((await get('market/search')).status).toBe(400);
    });
  });
});
