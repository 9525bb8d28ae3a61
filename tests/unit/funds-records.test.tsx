// @vitest-environment jsdom
/**
 * The records list reads in the reader's language (issue 8 item 6): the server sends an entry kind,
 * a memo id with params and the stock's names; the client writes the line. No English or server
 * sentence reaches the Japanese screen, and the English screen uses English broker words.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { activateLanguage, i18n, type Lang } from '../../src/app/i18n';
import { RecordList } from '../../src/app/features/funds/RecordList';
import { KIND_TEXT, MEMO_TEXT, formatMemoPrice, stockLabel } from '../../src/app/features/funds/record-texts';
import { ENTRY_KINDS, MEMO_IDS, type EntryKind } from '../../src/shared/domain/ledger-kinds';
import type { FundsRecord } from '../../src/app/features/funds/api';

const TOYOTA = { code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' };
const SONY = { code: '6758', nameJa: 'ソニーグループ', nameEn: 'Sony Group' };
const NONE = { code: null, nameJa: null, nameEn: null };
/** An IPO before its listing: the server finds no instrument for its code, the memo carries the offering's names. */
const UNLISTED = { code: '5592', nameJa: null, nameEn: null };
const OFFERING = { code: '5592', nameJa: 'カブトテック', nameEn: 'Kabuto Tech' };
const T0 = Date.parse('2026-11-24T10:00:00+09:00');

let seq = 0;
function rec(kind: EntryKind, memo: FundsRecord['memo'], stock: Pick<FundsRecord, 'code' | 'nameJa' | 'nameEn'>, cash: number): FundsRecord {
  seq += 1;
  return {
    id: `e${seq}`,
    kind,
    type: ENTRY_KINDS[kind].records,
    createdAt: T0 - seq * 60_000,
    memo,
    refType: stock.code ? 'position' : null,
    refId: stock.code ? `p${seq}` : null,
    ...stock,
    currency: 'JPY',
    amount: cash,
    postings: cash ? [{ currency: 'JPY', kind: 'cash', amount: cash }] : [],
    lines: [],
    account: null,
  };
}

const trade = (code: string, price: number, shares = 100) => ({ code, shares, price, priceScale: 10 });
const RECORDS: FundsRecord[] = [
  rec('trade_close', { id: 'memo_close', params: trade('7203', 26500) }, TOYOTA, 265_000),
  rec('trade_close', { id: 'memo_close', params: { ...trade('6758', 31240), direction: 'down' } }, SONY, 20_000),
  rec('trade_close', { id: 'memo_forced_close', params: trade('6758', 30000, 1000) }, SONY, -10_000),
  rec('trade_close', { id: 'memo_auto_close', params: trade('7203', 26001) }, TOYOTA, 5_000),
  rec('order_release', { id: 'memo_order_cancelled', params: { code: '7203', shares: 200 } }, TOYOTA, 600_000),
  rec('order_reserve', { id: 'memo_order_placed', params: { code: '7203', shares: 200, orderType: 'limit' } }, TOYOTA, -600_000),
  rec('trade_open', { id: 'memo_sell_short', params: trade('6758', 31500) }, SONY, -3_150),
  rec('trade_open', { id: 'memo_buy', params: trade('7203', 25995) }, TOYOTA, -260_000),
  rec('trade_open', { id: 'memo_buy', params: { ...trade('7203', 25990), leverage: 1 } }, TOYOTA, -260_000),
  rec('trade_open', { id: 'memo_buy', params: { ...trade('6758', 31000), leverage: 3 } }, SONY, -103_334),
  rec('trade_close', { id: 'memo_close', params: { ...trade('7203', 27000), direction: 'up', leverage: 1 } }, TOYOTA, 270_000),
  rec('margin_interest', { id: 'memo_margin_interest', params: { code: '7203', through: '2026-11-25' } }, TOYOTA, -42),
  rec('trade_open', { id: 'memo_none', params: {} }, TOYOTA, -1_000),
  rec('admin_grant', { id: 'memo_admin_grant', params: { reason: '動作確認のためのテスト資金' } }, NONE, 1_000_000),
  rec('demo_grant', { id: 'memo_demo_grant', params: {} }, NONE, 1_000_000),
  // Issue 36 item 7: IPO and lending lines name the security and show amounts with the currency.
  rec('ipo_reserve', { id: 'memo_ipo_reserve', params: { ...OFFERING, lots: 2, amount: 300_000 } }, UNLISTED, -300_000),
  rec('ipo_release', { id: 'memo_ipo_release', params: { ...OFFERING, why: 'not_won', amount: 150_000 } }, UNLISTED, 150_000),
  rec('ipo_payment', { id: 'memo_ipo_payment', params: { ...OFFERING, shares: 100, price: 15_000, priceScale: 10 } }, UNLISTED, 0),
  // Written before IPO memos carried the names: the code alone, still a whole sentence.
  rec('ipo_release', { id: 'memo_ipo_release', params: { code: '5592', why: 'cancel', amount: 300_000 } }, UNLISTED, 300_000),
  rec('lending_fee', { id: 'memo_lending_fee', params: { code: '7203', shares: 100, through: '2026-11-25', rateBp: 10 } }, TOYOTA, 7),
];

const server = setupServer(
  http.get('*/api/vue/funds/records', () => HttpResponse.json({ status: 1, msg: '', data: { items: RECORDS, next: null } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => cleanup());

async function renderRecords(lang: Lang) {
  await activateLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RecordList type="all" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await screen.findAllByRole('listitem');
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(RECORDS.length);
  /** Each record as [kind label, memo] in list order. */
  return items.map((li) => [li.querySelector('.record__type')?.textContent ?? '', li.querySelector('.record__memo')?.textContent ?? null]);
}

describe('records texts', () => {
  it('has a label for every entry kind (the Japanese source is the registry’s) and a text for every memo id', () => {
    for (const kind of Object.keys(ENTRY_KINDS) as EntryKind[]) expect(KIND_TEXT[kind].message, kind).toBe(ENTRY_KINDS[kind].ja);
    expect(Object.keys(MEMO_TEXT).sort()).toEqual([...MEMO_IDS].sort());
  });

  it('formats memo prices with decimals only where the price has them', () => {
    expect(formatMemoPrice(25995, 10)).toBe('¥2,599.5');
    expect(formatMemoPrice(25990, 10)).toBe('¥2,599');
    expect(formatMemoPrice(419900, 10)).toBe('¥41,990');
    expect(formatMemoPrice(156230, 1000)).toBe('¥156.230');
    expect(formatMemoPrice(12345, 100, 'USD')).toBe('$123.45');
  });

  it('names an IPO’s stock by its instrument once listed, else by the offering’s names in the memo', async () => {
    await activateLanguage('jp');
    const payment = { code: '7203', nameJa: 'トヨタ自動車 公募', nameEn: 'Toyota PO', shares: 300, price: 25_000, priceScale: 10 };
    // A public offering of a listed stock: the instrument's name, not the offering's.
    expect(MEMO_TEXT.memo_ipo_payment(payment, { i18n, record: { ...TOYOTA, currency: 'JPY' } })).toBe('トヨタ自動車 (7203) 300株 @ ¥2,500 の払込');
    expect(MEMO_TEXT.memo_ipo_payment(payment, { i18n, record: { ...NONE, currency: 'JPY' } })).toBe('トヨタ自動車 公募 (7203) 300株 @ ¥2,500 の払込');
    await activateLanguage('en');
    expect(MEMO_TEXT.memo_ipo_reserve({ ...OFFERING, lots: 1, amount: 150_000 }, { i18n, record: { ...UNLISTED, currency: 'JPY' } })).toBe(
      'Kabuto Tech (5592) application, 1 lot(s) (¥150,000 reserved)',
    );
  });

  it('names the stock in the reader’s language, with its code', () => {
    expect(stockLabel(TOYOTA, 'ja')).toBe('トヨタ自動車 (7203)');
    expect(stockLabel(TOYOTA, 'en')).toBe('Toyota Motor (7203)');
    // Traditional Chinese and Korean where the name is written (src/shared/market/local-names.ts), else English.
    expect(stockLabel(TOYOTA, 'ko')).toBe('도요타자동차 (7203)');
    expect(stockLabel(TOYOTA, 'zh-Hant')).toBe('豐田汽車 (7203)');
    expect(stockLabel({ code: '9999', nameJa: '架空', nameEn: 'Fictional' }, 'ko')).toBe('Fictional (9999)');
    expect(stockLabel({ ...TOYOTA, nameEn: null }, 'en')).toBe('トヨタ自動車 (7203)');
    expect(stockLabel(NONE, 'ja')).toBe('');
    // A memo about another stock than the record's shows that stock's code only.
    expect(stockLabel(TOYOTA, 'ja', '6758')).toBe('6758');
  });
});

describe('records list', () => {
  it('reads in Japanese with broker words and Japanese stock names, no English', async () => {
    const rows = await renderRecords('jp');
    expect(rows).toEqual([
      ['決済', '決済 トヨタ自動車 (7203) 100株 @ ¥2,650'],
      ['決済', '返済買 ソニーグループ (6758) 100株 @ ¥3,124'],
      ['決済', '強制決済 ソニーグループ (6758) 1,000株 @ ¥3,000'],
      ['決済', '自動決済(いちにち信用) トヨタ自動車 (7203) 100株 @ ¥2,600.1'],
      ['拘束資金の返却', '取消 トヨタ自動車 (7203) 200株'],
      ['注文の資金拘束', '注文受付(指値) トヨタ自動車 (7203) 200株'],
      ['新規約定', '信用新規売 ソニーグループ (6758) 100株 @ ¥3,150'],
      ['新規約定', '買付 トヨタ自動車 (7203) 100株 @ ¥2,599.5'],
      ['新規約定', '現物買付 トヨタ自動車 (7203) 100株 @ ¥2,599'],
      ['新規約定', '信用新規買 ソニーグループ (6758) 100株 @ ¥3,100'],
      ['決済', '現物売付 トヨタ自動車 (7203) 100株 @ ¥2,700'],
      ['信用取引の金利', '信用金利 トヨタ自動車 (7203) 2026.11.25まで'],
      ['新規約定', 'トヨタ自動車 (7203)'],
      ['テスト資金の付与', '付与理由：動作確認のためのテスト資金'],
      ['デモ資金の付与', 'お試し用のデモ資金（実際のお金ではありません）'],
      ['新規公開株の申込（資金拘束）', 'カブトテック (5592) の申込 2単元（¥300,000を拘束）'],
      ['新規公開株の拘束資金の返却', 'カブトテック (5592) の拘束資金 ¥150,000 を返却（落選）'],
      ['新規公開株の払込', 'カブトテック (5592) 100株 @ ¥1,500 の払込'],
      ['新規公開株の拘束資金の返却', '5592 の拘束資金 ¥300,000 を返却（申込の取消）'],
      ['貸株金利（雑所得）', '貸株金利 トヨタ自動車 (7203) 100株（年率 0.1%）2026.11.25まで'],
    ]);
    // Nothing in Latin letters anywhere in the list (kinds, memos, lines, amounts).
    expect(screen.getByRole('list').textContent).not.toMatch(/[A-Za-z]/);
  });

  it('reads in English with English broker words and English stock names', async () => {
    const rows = await renderRecords('en');
    expect(rows).toEqual([
      ['Closed', 'Close: 100 shares of Toyota Motor (7203) @ ¥2,650'],
      ['Closed', 'Buy to cover: 100 shares of Sony Group (6758) @ ¥3,124'],
      ['Closed', 'Forced liquidation: 1,000 shares of Sony Group (6758) @ ¥3,000'],
      ['Closed', 'Auto-close (day-trade margin): 100 shares of Toyota Motor (7203) @ ¥2,600.1'],
      ['Reserved funds returned', 'Cancelled: 200 shares of Toyota Motor (7203)'],
      ['Funds reserved for an order', 'Order placed (limit): 200 shares of Toyota Motor (7203)'],
      ['Opening fill', 'Short sell: 100 shares of Sony Group (6758) @ ¥3,150'],
      ['Opening fill', 'Buy: 100 shares of Toyota Motor (7203) @ ¥2,599.5'],
      ['Opening fill', 'Buy: 100 shares of Toyota Motor (7203) @ ¥2,599'],
      ['Opening fill', 'Margin buy: 100 shares of Sony Group (6758) @ ¥3,100'],
      ['Closed', 'Sell: 100 shares of Toyota Motor (7203) @ ¥2,700'],
      ['Margin interest', 'Margin interest on Toyota Motor (7203) through 2026.11.25'],
      ['Opening fill', 'Toyota Motor (7203)'],
      // The admin's reason is shown as written.
      ['Test funds granted', 'Reason: 動作確認のためのテスト資金'],
      ['Demo funds granted', 'Demo funds for trying the app (not real money)'],
      ['IPO application (funds reserved)', 'Kabuto Tech (5592) application, 2 lot(s) (¥300,000 reserved)'],
      ['IPO reserve returned', 'Kabuto Tech (5592): ¥150,000 of the reserve returned (Not won)'],
      ['IPO payment', 'Kabuto Tech (5592) 100 shares @ ¥1,500 paid'],
      ['IPO reserve returned', '5592: ¥300,000 of the reserve returned (application cancelled)'],
      ['Stock lending fee (miscellaneous income)', 'Lending fee Toyota Motor (7203) 100 shares (0.1% a year) through 2026.11.25'],
    ]);
    expect(screen.getByRole('list').textContent).not.toMatch(/トヨタ|ソニー|株|現物/);
  });

  it('uses Taiwan and Korean broker words and stock names', async () => {
    const zh = await renderRecords('tw');
    expect(zh[1]?.[1]).toBe('融券回補 索尼集團 (6758) 100股 @ ¥3,124');
    expect(zh[8]?.[1]).toBe('現股買進 豐田汽車 (7203) 100股 @ ¥2,599');
    expect(zh[9]?.[1]).toBe('融資買進 索尼集團 (6758) 100股 @ ¥3,100');
    expect(zh[15]?.[1]).toBe('Kabuto Tech (5592) 申購 2 單位（圈存 ¥300,000）');
    cleanup();
    const ko = await renderRecords('ko');
    expect(ko[6]?.[1]).toBe('공매도 소니그룹 (6758) 100주 @ ¥3,150');
    expect(ko[2]?.[1]).toBe('강제청산 소니그룹 (6758) 1,000주 @ ¥3,000');
    expect(ko[9]?.[1]).toBe('신용매수 소니그룹 (6758) 100주 @ ¥3,100');
    expect(ko[10]?.[1]).toBe('현금매도 도요타자동차 (7203) 100주 @ ¥2,700');
    expect(ko[17]?.[1]).toBe('Kabuto Tech (5592) 100주 @ ¥1,500 납입');
  });

  it('shows the stock alone when a memo’s params do not fit its id', async () => {
    RECORDS.push(rec('trade_open', { id: 'memo_buy', params: { code: '7203' } }, TOYOTA, -1));
    try {
      await activateLanguage('jp');
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={client}>
            <RecordList type="all" />
          </QueryClientProvider>
        </I18nProvider>,
      );
      const items = await screen.findAllByRole('listitem');
      const last = items[items.length - 1]!;
      expect(within(last).getByText('トヨタ自動車 (7203)')).toBeTruthy();
    } finally {
      RECORDS.pop();
    }
  });
});
