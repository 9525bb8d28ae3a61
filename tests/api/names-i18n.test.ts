import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer } from '../support/server';
import '../../src/server/modules/ipo/tables';
import { at, grant } from './trade-support';
import { verifiedUser } from './cash-support';

/**
 * Names per language an admin enters (issue 35 item 6, migration 2026-11-29-003-names-i18n): an
 * offering's optional Traditional Chinese and Korean names and a strategy fund's optional English,
 * Traditional Chinese and Korean names are stored and sent with it (null when not entered, so the
 * client falls back to English, then Japanese); the funds Kabuto starts with have theirs.
 */
describe.each(testDialects())('names per language (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    s.clock.set(TEST_NOW);
  });
  afterAll(() => s?.close());

  const offering = (code: string, names: Record<string, string>) =>
    s.call('post', 'admin/ipo/offerings', {
      token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() },
      body: {
        kind: 'ipo', code, name: 'カブトテック', nameEn: 'Kabuto Tech', kana: 'カブトテック', segment: 'growth', sponsor: 'みずほ証券',
        priceLow: 12_000, priceHigh: 15_000, sharesOffered: 300, minLots: 1, minFunds: 100_000, repeatMax: 2,
        from: at('2026-11-24', 11), to: at('2026-11-26', 15), drawAt: at('2026-11-27', 10), paymentDue: at('2026-12-01', 15),
        listingDate: '2026-12-03', reason: '新規上場の案件登録', ...names,
      },
    });

  it('stores an offering’s Traditional Chinese and Korean names, null when not entered', async () => {
    const named = await offering('291A', { nameZhHant: '卡布托科技', nameKo: '카부토테크' });
    expect(named.body).toMatchObject({ status: 1, data: { offering: { nameEn: 'Kabuto Tech', nameZhHant: '卡布托科技', nameKo: '카부토테크' } } });
    const plain = await offering('292A', {});
    expect(plain.body.data.offering).toMatchObject({ nameZhHant: null, nameKo: null });
    const u = await registerUser(s);
    const list = (await s.call('get', 'ipo/offerings', { token: u.token })).body.data.items as { code: string; nameZhHant: string | null; nameKo: string | null }[];
    expect(list.find((o) => o.code === '291A')).toMatchObject({ nameZhHant: '卡布托科技', nameKo: '카부토테크' });
    expect(list.find((o) => o.code === '292A')).toMatchObject({ nameZhHant: null, nameKo: null });

    // An application's records memo carries the entered names (the stock is not listed yet).
    const applicant = await verifiedUser(s);
    await grant(s, applicant.id, 1_000_000);
    s.clock.set(at('2026-11-24', 12)); // inside the book-building window
    const apply = await s.call('post', `ipo/offerings/${named.body.data.offering.id}/apply`, { token: applicant.token, headers: { 'Idempotency-Key': uuidv7() }, body: { lots: 1 } });
    expect(apply.body).toMatchObject({ status: 1 });
    const records = (await s.call('get', 'funds/records?type=ipo', { token: applicant.token })).body.data.items;
    expect(records[0].memo).toMatchObject({ id: 'memo_ipo_reserve', params: { code: '291A', nameJa: 'カブトテック', nameEn: 'Kabuto Tech', nameZhHant: '卡布托科技', nameKo: '카부토테크' } });
  });

  it('stores a fund’s names per language; the default funds have theirs', async () => {
    const create = (id: string, names: Record<string, string>) =>
      s.call('post', 'admin/strategies', {
        token: s.admin.token,
        body: { id, kind: 'quant', name: '名前のテスト', rule: 'momentum', minAmount: 100_000, lockDays: 14, feeBp: 100, reason: '名称の多言語化の確認', ...names },
      });
    expect((await create('names-all', { nameEn: 'Names test', nameZhHant: '名稱測試', nameKo: '이름 테스트' })).body).toMatchObject({
      status: 1, data: { name: '名前のテスト', nameEn: 'Names test', nameZhHant: '名稱測試', nameKo: '이름 테스트' },
    });
    expect((await create('names-none', {})).body.data).toMatchObject({ nameEn: null, nameZhHant: null, nameKo: null });
    // The default funds are created by the strategies job on its first run.
    await s.services.jobs.runDue(TEST_NOW);
    const u = await registerUser(s);
    const funds = (await s.call('get', 'strategies', { token: u.token })).body.data.items as { id: string; nameEn: string | null; nameKo: string | null }[];
    expect(funds.find((f) => f.id === 'n225-tracker')).toMatchObject({ nameEn: 'Nikkei 225 Tracker (sampling)', nameKo: '닛케이225 트래커(샘플링)' });
    expect(funds.find((f) => f.id === 'names-all')).toMatchObject({ nameEn: 'Names test', nameKo: '이름 테스트' });
  });
});
