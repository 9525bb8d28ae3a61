// @vitest-environment jsdom
/**
 * Names in the reader's language everywhere (issue 35 item 6): the trade screen's holdings show a
 * stock's Traditional Chinese or Korean name where one is written (src/shared/market/local-names.ts),
 * and a strategy fund's holding and records lines show the names the admin entered per language.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { activateLanguage, i18n, type Lang } from '../../src/app/i18n';
import { MarginHoldings, StockHoldings, type HoldingsData } from '../../src/app/features/trade/holdings/HoldingsView';
import { holdingFundName } from '../../src/app/features/strategies/MyFundHoldings';
import { MEMO_TEXT } from '../../src/app/features/funds/record-texts';
import type { StrategyHolding } from '../../src/shared/api/strategies';

// The rows link to other screens; a plain anchor is enough to read their text.
vi.mock('@tanstack/react-router', () => ({ Link: ({ children, className }: { children: ReactNode; className?: string }) => <a className={className}>{children}</a> }));

const TOYOTA = {
  code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor', shares: 200, account: 'specific' as const, cost: 500_000, averageCost: 25_000, priceScale: 10, price: 26_000,
  value: 520_000, pnl: 19_000, pnlBp: 380, dayChange: 4_000, dayChangeBp: 77, priceChange: 200, lentShares: 0, lentReturnsOn: null, positions: 2,
};
const SONY = {
  id: 'p9', code: '6758', nameJa: 'ソニーグループ', nameEn: 'Sony Group', direction: 'down' as const, leverage: 2, dayTrade: true, shares: 100, cost: 300_000,
  entryPrice: 30_000, priceScale: 10, price: 29_000, value: 290_000, pnl: 9_500, maintenanceRatioBp: 5_000,
};
const HOLDINGS: HoldingsData = { asOf: 1, totals: { value: 520_000, pnl: 28_500, dayChange: 4_000, marginValue: 290_000 }, stocks: [TOYOTA], margin: [SONY] };

afterEach(cleanup);

async function names(lang: Lang): Promise<string[]> {
  await activateLanguage(lang);
  render(
    <I18nProvider i18n={i18n}>
      <StockHoldings h={HOLDINGS} onTrade={() => {}} />
      <MarginHoldings h={HOLDINGS} />
    </I18nProvider>,
  );
  return screen.getAllByText((_, el) => el?.classList.contains('pos__name') ?? false).map((el) => el.textContent ?? '');
}

describe('holdings in the reader’s language', () => {
  it.each([
    ['jp', ['トヨタ自動車', 'ソニーグループ']],
    ['en', ['Toyota Motor', 'Sony Group']],
    ['tw', ['豐田汽車', '索尼集團']],
    ['ko', ['도요타자동차', '소니그룹']],
  ] as const)('%s', async (lang, expected) => {
    expect(await names(lang)).toEqual(expected);
  });
});

const FUND = { fund: '日経225連動', fundEn: 'Nikkei 225 Tracker', fundZhHant: '日經225追蹤', fundKo: '닛케이225 트래커' };
const RECORD = { code: null, nameJa: null, nameEn: null, currency: 'JPY' };

describe('strategy funds in the reader’s language', () => {
  it('names a holding’s fund by its entered names, else English, else Japanese', () => {
    const h = { fundName: '日経225連動', fundNameEn: 'Nikkei 225 Tracker', fundNameZhHant: '日經225追蹤', fundNameKo: null } as StrategyHolding;
    expect(holdingFundName(h, 'ja')).toBe('日経225連動');
    expect(holdingFundName(h, 'zh-Hant')).toBe('日經225追蹤');
    expect(holdingFundName(h, 'ko')).toBe('Nikkei 225 Tracker');
    expect(holdingFundName({ ...h, fundNameEn: null }, 'en')).toBe('日経225連動');
  });

  it.each([
    ['jp', '日経225連動'],
    ['en', 'Nikkei 225 Tracker'],
    ['tw', '日經225追蹤'],
    ['ko', '닛케이225 트래커'],
  ] as const)('names the fund of a records line in %s', async (lang, name) => {
    await activateLanguage(lang);
    const line = MEMO_TEXT.memo_strategy_subscription({ ...FUND, units: 10_000, nav: 10_250, date: '2026-11-27', amount: 10_250 }, { i18n, record: RECORD });
    expect(line).toContain(name);
  });

  it('shows the Japanese name for an older memo that carries only it', async () => {
    await activateLanguage('ko');
    expect(MEMO_TEXT.memo_strategy_fee({ fund: '日経225連動', date: '2026-11-27', units: 3 }, { i18n, record: RECORD })).toContain('日経225連動');
  });
});
