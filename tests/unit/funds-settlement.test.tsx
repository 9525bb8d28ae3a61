// @vitest-environment jsdom
/**
 * Trading money on the client (settlement, shortfall, corporate actions): the records of the new
 * entry kinds read in the reader's language, the asset card tells settled cash from unsettled
 * proceeds and shows a shortfall with its due date, and a position's split and dividend notices
 * say what happened with their figures.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { activateLanguage, i18n, type Lang } from '../../src/app/i18n';
import { RecordList, cashChange, recordLines } from '../../src/app/features/funds/RecordList';
import { AssetCard, settlementSchedule, type FundsSummary } from '../../src/app/features/funds/AssetCard';
import { alertTags, alertText, alertTone } from '../../src/app/features/trade/alert-texts';
import { ENTRY_KINDS, type EntryKind } from '../../src/shared/domain/ledger-kinds';
import type { FundsRecord } from '../../src/app/features/funds/api';

const TOYOTA = { code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor' };
const SONY = { code: '6758', nameJa: 'ソニーグループ', nameEn: 'Sony Group' };
const NONE = { code: null, nameJa: null, nameEn: null };
const T0 = Date.parse('2026-11-28T00:05:00+09:00');

type Posting = FundsRecord['postings'][number];
type Line = FundsRecord['lines'][number];
let seq = 0;
function rec(kind: EntryKind, memo: FundsRecord['memo'], stock: Pick<FundsRecord, 'code' | 'nameJa' | 'nameEn'>, postings: Posting[], lines: Line[] = []): FundsRecord {
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
    amount: postings.reduce((s, p) => s + p.amount, 0),
    postings,
    lines,
    account: null,
  };
}
const post = (kind: string, amount: number): Posting => ({ currency: 'JPY', kind, amount });
const dividendParams = { code: '7203', shares: 100, perShare: 450, priceScale: 10, exDate: '2026-11-25' };

/** What the server sends for each new kind (src/server/modules/funds/records.ts: lines are −house/−own postings). */
const RECORDS: FundsRecord[] = [
  rec('stock_split', { id: 'memo_split', params: { code: '7203', ratio: 2, sharesBefore: 100, sharesAfter: 200, exDate: '2026-11-25' } }, TOYOTA, []),
  // ¥45 × 100 = ¥4,500, 20.315% withheld (¥914).
  rec('dividend', { id: 'memo_dividend', params: dividendParams }, TOYOTA, [post('cash', 3_586)], [
    { type: 'dividend', amount: 4_500 },
    { type: 'tax', amount: -914 },
  ]),
  rec('dividend_adjustment', { id: 'memo_dividend_adjustment', params: { ...dividendParams, direction: 'up' } }, TOYOTA, [post('cash', 3_586)], [
    { type: 'dividend', amount: 3_586 },
  ]),
  // A short pays the whole dividend; beyond its cash it owes a shortfall.
  rec('dividend_adjustment', { id: 'memo_dividend_adjustment', params: { ...dividendParams, code: '6758', direction: 'down' } }, SONY, [post('cash', -3_000), post('shortfall', -1_500)], [
    { type: 'dividend', amount: -4_500 },
    { type: 'shortfall', amount: 1_500 },
  ]),
  rec('settlement', { id: 'memo_settlement', params: { settledOn: '2026-11-27' } }, NONE, [post('unsettled', -265_000), post('cash', 265_000)]),
  rec('settlement', { id: 'memo_settlement', params: { settledOn: '2026-11-27' } }, NONE, [post('unsettled', -10_000), post('shortfall', 1_500), post('cash', 8_500)], [
    { type: 'shortfall', amount: -1_500 },
  ]),
  rec('late_interest', { id: 'memo_late_interest', params: { dueOn: '2026-11-25', through: '2026-11-28' } }, NONE, [post('shortfall', -12)], [
    { type: 'interest', amount: -12 },
    { type: 'shortfall', amount: 12 },
  ]),
  // A close now credits its proceeds to unsettled (T+2).
  rec('trade_close', { id: 'memo_close', params: { code: '7203', shares: 100, price: 26500, priceScale: 10, direction: 'up', leverage: 1 } }, TOYOTA, [post('margin', -259_900), post('unsettled', 264_625)], [
    { type: 'principal', amount: 259_900 },
    { type: 'pnl', amount: 5_000 },
    { type: 'fee', amount: -275 },
  ]),
];

const SUMMARY: FundsSummary = {
  currency: 'JPY',
  totalAssets: 1_500_000,
  available: 500_000,
  cash: 235_000,
  unsettled: 265_000,
  // ¥35,000 of the 26th's proceeds were spent on a new buy: it settles ¥165,000.
  settlements: [
    { settlesOn: '2026-11-26', amount: 200_000 },
    { settlesOn: '2026-11-27', amount: 100_000 },
  ],
  withdrawable: 235_000,
  frozen: 0,
  margin: 1_000_000,
  loan: 0,
  shortfall: 0,
  shortfallDueOn: null,
  shortfallOverdue: false,
  marketValue: 1_000_000,
  unrealizedPnl: 0,
  realizedPnl: 5_000,
  profit: 5_000,
  balances: [{ currency: 'JPY', cash: 235_000, frozen: 0, margin: 1_000_000, unsettled: 265_000, loan: 0, shortfall: 0, total: 1_500_000, valueJpy: 1_500_000 }],
};
const OWED: FundsSummary = {
  ...SUMMARY,
  totalAssets: -12_345,
  available: 0,
  cash: 0,
  unsettled: 0,
  settlements: [],
  withdrawable: 0,
  margin: 0,
  shortfall: -12_345,
  shortfallDueOn: '2026-11-25',
  marketValue: 0,
  balances: [{ currency: 'JPY', cash: 0, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: -12_345, total: -12_345, valueJpy: -12_345 }],
};

let summary: FundsSummary = SUMMARY;
const server = setupServer(
  http.get('*/api/vue/funds/records', () => HttpResponse.json({ status: 1, msg: '', data: { items: RECORDS, next: null } })),
  http.get('*/api/vue/funds/summary', () => HttpResponse.json({ status: 1, msg: '', data: summary })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
/** Tokyo "now" for the shortfall's due date (only Date is faked: timers and fetch run as usual). */
function today(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

async function renderIn(lang: Lang, ui: ReactNode) {
  await activateLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** A bare router around `children`, for components with links (the assets card links to the exchange). */
function InRouter({ children }: { children: ReactNode }) {
  const [router] = useState(() =>
    createRouter({ routeTree: createRootRoute({ component: () => <>{children}</> }), history: createMemoryHistory({ initialEntries: ['/'] }) }),
  );
  return <RouterProvider router={router} />;
}

/** Each record as kind, headline amount, memo, and its lines as "label amount". */
async function renderRecords(lang: Lang) {
  await renderIn(lang, <RecordList type="all" />);
  const items = await screen.findAllByRole('listitem');
  expect(items).toHaveLength(RECORDS.length);
  return items.map((li) => ({
    kind: li.querySelector('.record__type')?.textContent,
    amount: li.querySelector('.record__amount')?.textContent ?? null,
    memo: li.querySelector('.record__memo')?.textContent ?? null,
    lines: [...li.querySelectorAll('.record__line')].map((l) => `${l.querySelector('dt')?.textContent} ${l.querySelector('dd')?.textContent}`),
  }));
}

describe('records of settlement, shortfall and corporate actions', () => {
  it('the lines add up to the total, the shortfall shown as a part of it', () => {
    for (const r of RECORDS) {
      expect(recordLines(r).reduce((s, l) => s + l.amount, 0), r.id).toBe(cashChange(r));
      expect(recordLines(r).some((l) => l.type === 'shortfall')).toBe(false);
    }
  });

  it('reads in Japanese', async () => {
    const rows = await renderRecords('jp');
    expect(rows).toEqual([
      { kind: '株式分割', amount: null, memo: '株式分割 1:2（100株→200株） トヨタ自動車 (7203) 権利落ち日 2026.11.25', lines: [] },
      {
        kind: '配当金',
        amount: '+¥3,586',
        memo: '配当金 トヨタ自動車 (7203) 100株 × ¥45（権利落ち日 2026.11.25）',
        lines: ['配当金 +¥4,500', '税金 −¥914', '現金の増減 +¥3,586'],
      },
      {
        kind: '配当落調整金',
        amount: '+¥3,586',
        memo: '配当落調整金（受取） トヨタ自動車 (7203) 100株 × ¥45（権利落ち日 2026.11.25）',
        lines: ['配当落調整金 +¥3,586', '現金の増減 +¥3,586'],
      },
      {
        kind: '配当落調整金',
        amount: '−¥4,500',
        memo: '配当落調整金（支払） ソニーグループ (6758) 100株 × ¥45（権利落ち日 2026.11.25）',
        lines: ['配当落調整金 −¥4,500', '現金の増減 −¥4,500', 'うち受渡済みの現金 −¥3,000', 'うち不足金の発生 −¥1,500'],
      },
      {
        kind: '売却代金の受渡',
        amount: '¥265,000',
        memo: '受渡日 2026.11.27：売却代金を受渡済みの現金に振替',
        lines: ['現金の増減 ¥0', 'うち受渡済みの現金 +¥265,000', 'うち未受渡金 −¥265,000'],
      },
      {
        kind: '売却代金の受渡',
        amount: '¥10,000',
        memo: '受渡日 2026.11.27：売却代金を受渡済みの現金に振替',
        lines: ['現金の増減 ¥0', 'うち受渡済みの現金 +¥8,500', 'うち未受渡金 −¥10,000', 'うち不足金の返済 +¥1,500'],
      },
      {
        kind: '不足金の遅延損害金',
        amount: '−¥12',
        memo: '期日 2026.11.25 の不足金に対する遅延損害金 2026.11.28まで',
        lines: ['遅延損害金 −¥12', '現金の増減 −¥12', 'うち不足金の発生 −¥12'],
      },
      {
        kind: '決済',
        amount: '+¥264,625',
        memo: '現物売付 トヨタ自動車 (7203) 100株 @ ¥2,650',
        lines: ['元本（証拠金） +¥259,900', '売買損益 +¥5,000', '手数料 −¥275', '税金 ¥0', '現金の増減 +¥264,625', 'うち未受渡金 +¥264,625'],
      },
    ]);
    expect(screen.getByRole('list').textContent).not.toMatch(/[A-Za-z]/);
  });

  it('reads in English', async () => {
    const rows = await renderRecords('en');
    expect(rows.map((r) => [r.kind, r.memo])).toEqual([
      ['Stock split', 'Stock split 1:2 (100 → 200 shares) of Toyota Motor (7203), ex-date 2026.11.25'],
      ['Dividend', 'Dividend: 100 shares of Toyota Motor (7203) × ¥45, ex-date 2026.11.25'],
      ['Dividend adjustment', 'Dividend adjustment received: 100 shares of Toyota Motor (7203) × ¥45, ex-date 2026.11.25'],
      ['Dividend adjustment', 'Dividend adjustment paid: 100 shares of Sony Group (6758) × ¥45, ex-date 2026.11.25'],
      ['Proceeds settled', 'Settled on 2026.11.27: sale proceeds moved to settled cash'],
      ['Proceeds settled', 'Settled on 2026.11.27: sale proceeds moved to settled cash'],
      ['Late interest on shortfall', 'Late interest on the shortfall due 2026.11.25, through 2026.11.28'],
      ['Closed', 'Sell: 100 shares of Toyota Motor (7203) @ ¥2,650'],
    ]);
    expect(rows[3]?.lines).toEqual(['Dividend adjustment −¥4,500', 'Change in cash −¥4,500', 'of which settled cash −¥3,000', 'of which shortfall incurred −¥1,500']);
    expect(rows[5]?.lines).toEqual(['Change in cash ¥0', 'of which settled cash +¥8,500', 'of which unsettled proceeds −¥10,000', 'of which shortfall repaid +¥1,500']);
    expect(rows[6]?.lines).toEqual(['Late interest −¥12', 'Change in cash −¥12', 'of which shortfall incurred −¥12']);
    expect(rows[7]?.lines.at(-1)).toBe('of which unsettled proceeds +¥264,625');
    expect(screen.getByRole('list').textContent).not.toMatch(/[ぁ-んァ-ン一-龯]/);
  });

  it('uses Taiwan and Korean words', async () => {
    const zh = await renderRecords('tw');
    expect(zh[0]?.memo).toBe('股票分割 1:2（100股→200股） 豐田汽車 (7203) 除權日 2026.11.25');
    expect(zh[1]?.kind).toBe('現金股利');
    cleanup();
    const ko = await renderRecords('ko');
    expect(ko[0]?.kind).toBe('액면분할');
    expect(ko[6]?.kind).toBe('미수금 연체이자');
  });
});

describe('asset card', () => {
  it('splits buying power into settled cash and unsettled proceeds, with what settles when', async () => {
    summary = SUMMARY;
    await renderIn('jp', <AssetCard />);
    expect((await screen.findByTestId('available')).textContent).toBe('¥500,000');
    expect(screen.getByTestId('withdrawable').textContent).toBe('¥235,000');
    expect(screen.getByTestId('unsettled').textContent).toBe(
      '現金 ¥235,000 ＋ 未受渡金 ¥265,000受渡予定：2026.11.26\u00a0¥165,000 ・\u00a02026.11.27\u00a0¥100,000',
    );
    expect(screen.queryByTestId('shortfall')).toBeNull();
    expect(screen.getByText('出金可能額')).toBeTruthy();
  });

  it('reads in English', async () => {
    summary = SUMMARY;
    await renderIn('en', <AssetCard />);
    const parts = await screen.findByTestId('unsettled');
    expect(parts.textContent).toBe('Cash ¥235,000 + unsettled ¥265,000Settles on 2026.11.26\u00a0¥165,000 ・\u00a02026.11.27\u00a0¥100,000');
    expect(screen.getByText('Withdrawable')).toBeTruthy();
  });

  it('shows each foreign balance with its yen value at the mid rate', async () => {
    summary = {
      ...SUMMARY,
      totalAssets: 1_500_000 + 15_669,
      balances: [...SUMMARY.balances, { currency: 'USD', cash: 10_000, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0, total: 10_000, valueJpy: 15_669 }],
    };
    await renderIn('jp', <InRouter><AssetCard /></InRouter>);
    const list = await screen.findByTestId('assets-currencies');
    expect(list.textContent).toContain('$100.00');
    expect(screen.getByTestId('assets-ccy-jpy-USD').textContent).toBe('≈ ¥15,669（仲値換算）');
    expect(screen.getByTestId('total-assets').textContent).toBe('¥1,515,669');
    summary = SUMMARY;
  });

  it('shows a shortfall with its amount and due date, and no unsettled line without unsettled proceeds', async () => {
    today('2026-11-24T20:00:00+09:00');
    summary = OWED;
    await renderIn('jp', <AssetCard />);
    const notice = await screen.findByTestId('shortfall');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.querySelector('.assets__shortfall-title')?.textContent).toBe('不足金 ¥12,345 — 2026.11.25までにご入金ください');
    expect(within(notice).getByText(/新規のご注文はお受けできません/)).toBeTruthy();
    expect(screen.getByTestId('withdrawable').textContent).toBe('¥0');
    expect(screen.queryByTestId('unsettled')).toBeNull();
    cleanup();
    await renderIn('en', <AssetCard />);
    const en = await screen.findByTestId('shortfall');
    expect(en.textContent).toBe(
      'Shortfall ¥12,345 — due by 2026.11.25New orders are paused until it is repaid. Late interest of 14.6% a year accrues after the due date.',
    );
    cleanup();
    summary = { ...OWED, shortfallDueOn: null };
    await renderIn('jp', <AssetCard />);
    expect((await screen.findByTestId('shortfall')).querySelector('.assets__shortfall-title')?.textContent).toBe('不足金 ¥12,345 — ご入金ください');
    summary = SUMMARY;
  });

  it('says when the server reads a shortfall as overdue, and that late interest is accruing', async () => {
    summary = { ...OWED, shortfallOverdue: true };
    // The market's day decides (docs/decisions/023-one-clock.md): the device's clock reading the due date changes nothing.
    today('2026-11-25T14:00:00Z');
    await renderIn('jp', <AssetCard />);
    const notice = await screen.findByTestId('shortfall');
    expect(notice.dataset.overdue).toBe('true');
    expect(notice.textContent).toBe(
      '不足金 ¥12,345 — 期日 2026.11.25 を過ぎています。至急ご入金ください不足金が解消されるまで新規のご注文はお受けできません。期日の翌日から年14.6%の遅延損害金がかかっています。',
    );
    cleanup();
    await renderIn('en', <AssetCard />);
    expect((await screen.findByTestId('shortfall')).textContent).toBe(
      'Shortfall ¥12,345 — overdue since 2026.11.25; please deposit nowNew orders are paused until it is repaid. Late interest of 14.6% a year is accruing since the due date.',
    );
    cleanup();
    // Nor the other way: a device a day ahead still shows it due while the server says so.
    summary = OWED;
    today('2026-11-26T14:00:00Z');
    await renderIn('jp', <AssetCard />);
    expect((await screen.findByTestId('shortfall')).dataset.overdue).toBeUndefined();
    summary = SUMMARY;
  });

  it('settles on each date only what was not spent: spending comes off the earliest proceeds', () => {
    const due = [
      { settlesOn: '2026-11-26', amount: 200_000 },
      { settlesOn: '2026-11-27', amount: 100_000 },
    ];
    expect(settlementSchedule(300_000, due)).toEqual(due);
    expect(settlementSchedule(265_000, due)).toEqual([
      { settlesOn: '2026-11-26', amount: 165_000 },
      { settlesOn: '2026-11-27', amount: 100_000 },
    ]);
    expect(settlementSchedule(50_000, due)).toEqual([{ settlesOn: '2026-11-27', amount: 50_000 }]);
    expect(settlementSchedule(0, due)).toEqual([]);
  });
});

describe('position notices of corporate actions', () => {
  const split = { kind: 'split' as const, params: { ratio: 2, sharesBefore: 100, sharesAfter: 200, exDate: '2026-11-25' } };
  const dividend = (kind: string, amount: number) => ({
    kind: 'dividend' as const,
    params: { perShare: 450, priceScale: 10, amount, exDate: '2026-11-25', kind },
  });

  it('read in Japanese with their figures', async () => {
    await activateLanguage('jp');
    expect(alertText(split, i18n, 'JPY')).toBe(
      '株式分割 1:2（100株→200株）：権利落ち日 2026.11.25 に株数と単価を調整しました。取得金額と損益は変わりません。',
    );
    expect(alertText(dividend('dividend', 3_586), i18n, 'JPY')).toBe('配当金 ¥3,586（税引後）を受け取りました。1株あたり ¥45、権利落ち日：2026.11.25');
    expect(alertText(dividend('adjustment_received', 3_586), i18n, 'JPY')).toBe(
      '配当落調整金 ¥3,586（税相当額差引後）を受け取りました。1株あたり ¥45、権利落ち日：2026.11.25',
    );
    expect(alertText(dividend('adjustment_paid', -4_500), i18n, 'JPY')).toBe(
      '売建玉のため、配当落調整金 ¥4,500 をお支払いいただきました。1株あたり ¥45、権利落ち日：2026.11.25',
    );
    expect(alertTags([split, dividend('dividend', 3_586), dividend('dividend', 100), { kind: 'margin_call', params: {} }], i18n)).toEqual(['分割 1:2', '配当金']);
  });

  it('read in English with their figures', async () => {
    await activateLanguage('en');
    expect(alertText(split, i18n, 'JPY')).toBe(
      'Stock split 1:2 (100 → 200 shares): shares and prices were adjusted on the ex-date, 2026.11.25. Your cost and P/L are unchanged.',
    );
    expect(alertText(dividend('dividend', 3_586), i18n, 'JPY')).toBe('Dividend of ¥3,586 received (after tax); ¥45 a share, ex-date 2026.11.25.');
    expect(alertText(dividend('adjustment_paid', -4_500), i18n, 'JPY')).toBe(
      'Dividend adjustment of ¥4,500 paid, as a short position pays the dividend; ¥45 a share, ex-date 2026.11.25.',
    );
    expect(alertTags([dividend('adjustment_paid', -4_500), split], i18n)).toEqual(['Dividend adjustment', 'Split 1:2']);
  });

  it('fall back to the kind’s plain text when the params do not fit, and are information, not warnings', async () => {
    await activateLanguage('jp');
    expect(alertText({ kind: 'split', params: { ratio: 2 } }, i18n, 'JPY')).toBe('株式分割により株数と単価を調整しました。取得金額と損益は変わりません。');
    expect(alertText({ kind: 'dividend', params: { ...dividend('bonus', 1).params } }, i18n, 'JPY')).toBe('配当金（または配当落調整金）を計上しました。');
    expect(alertTone('split')).toBe('info');
    expect(alertTone('dividend')).toBe('info');
    expect(alertTone('margin_call')).toBe('danger');
    expect(alertTone('expired')).toBe('warn');
  });
});
