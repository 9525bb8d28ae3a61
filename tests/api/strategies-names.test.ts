import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { strategiesAdminApi, strategiesApi } from '../../src/shared/api/strategies';
import type { IsoDate } from '../../src/shared/market';
import { decodeMemo } from '../../src/shared/domain/ledger-kinds';
import { at, dataOf, runAt, trader } from './trade-support';

/**
 * Issue 35 item 6: a fund's names in the reader's language reach every place that names it. The
 * holding view carries the names the admin entered per language, the records memos carry them
 * beside the Japanese one, and the fund's stocks and trades carry the English name too (the
 * client picks the reader's: src/shared/market/local-names.ts).
 */
const FUND = 'names-model';
const THU = '2026-11-26' as IsoDate;
const FRI = '2026-11-27' as IsoDate;
const NAMES = { name: '名前モデル フォロー', nameEn: 'Names Model (follow)', nameZhHant: '名稱模型（跟單）', nameKo: '이름 모델(팔로우)' };

interface MemoRow { memo: string | null }

for (const dialect of testDialects()) {
  describe(`strategy funds: names in every language (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('carries the fund’s entered names on the holding and its memos, and the stocks’ English names', async () => {
      s.clock.set(at(THU, 10));
      const created = await s.api(strategiesAdminApi.create, {
        token: s.admin.token,
        body: {
          id: FUND, kind: 'follow', ...NAMES, rule: 'follow_model', model: '1銘柄モデル', params: { weights: ['8306:10000'], cashBufferBp: 200 },
          minAmount: 10_000, lockDays: 0, feeBp: 100, followUntil: '2026-12-31', reason: 'names test',
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const u = await trader(s, 20_000_000);
      const sub = await s.api(strategiesApi.subscribe, { token: u.token, params: { id: FUND }, body: { amount: 10_000_000 }, idempotencyKey: uuidv7() });
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      const held = dataOf((await s.api(strategiesApi.holdings, { token: u.token })).body).items[0]!;
      expect(held).toMatchObject({ fundName: NAMES.name, fundNameEn: NAMES.nameEn, fundNameZhHant: NAMES.nameZhHant, fundNameKo: NAMES.nameKo });

      await runAt(s, at(THU, 16)); // the strike: units at the NAV
      await runAt(s, at(FRI, 10)); // the fund buys its lots of 8306
      const memos = (
        (await s.services.database.db.withTables<{ journal_entry: MemoRow & { user_id: string } }>()
          .selectFrom('journal_entry').select('memo').where('user_id', '=', u.id).execute()) as MemoRow[]
      ).map((r) => decodeMemo(r.memo ?? ''));
      const fundMemos = memos.filter((m) => m.id.startsWith('memo_strategy_'));
      expect(fundMemos.map((m) => m.id).sort()).toEqual(['memo_strategy_subscribe', 'memo_strategy_subscription']);
      for (const m of fundMemos) {
        expect(m.params).toMatchObject({ fund: NAMES.name, fundEn: NAMES.nameEn, fundZhHant: NAMES.nameZhHant, fundKo: NAMES.nameKo });
      }

      const d = dataOf((await s.api(strategiesApi.detail, { token: u.token, params: { id: FUND } })).body);
      const stock = s.services.market.instrument('8306')!;
      expect(d.holdings).toEqual([expect.objectContaining({ code: '8306', name: stock.nameJa, nameEn: stock.nameEn })]);
      expect(d.trades[0]).toMatchObject({ code: '8306', side: 'buy', name: stock.nameJa, nameEn: stock.nameEn });
    });
  });
}
