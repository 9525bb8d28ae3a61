// @vitest-environment jsdom
/**
 * The portfolio on the client (issue 13 item 2): 保有状況 on the stock detail shows the user's
 * holding of that stock only, and nothing when signed out or not held; the trade screen's totals
 * and the home asset summary read their figures from the server's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { activateLanguage, i18n, type Lang } from '../../src/app/i18n';
import { clearSession, setSession } from '../../src/app/storage';
import { YourPosition, positionIn } from '../../src/app/features/trade/holdings/YourPosition';
import { HoldingsTotals, totalPnlBp, type HoldingsData } from '../../src/app/features/trade/holdings/HoldingsView';
import { AssetSummary } from '../../src/app/features/funds/AssetSummary';

const TOYOTA = {
  code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor', shares: 200, account: 'specific' as const, cost: 500_000, averageCost: 25_000, priceScale: 10, price: 26_000,
  value: 520_000, pnl: 19_000, pnlBp: 380, dayChange: 4_000, dayChangeBp: 77, priceChange: 200, lentShares: 0, lentReturnsOn: null, positions: 2,
};
const SHORT = {
  id: 'p9', code: '6758', nameJa: 'ソニーグループ', nameEn: 'Sony Group', direction: 'down' as const, leverage: 2, dayTrade: true, shares: 100, cost: 300_000,
  entryPrice: 30_000, priceScale: 10, price: 29_000, value: 290_000, pnl: 9_500, maintenanceRatioBp: 5_000,
};
const HOLDINGS: HoldingsData = { asOf: 1, totals: { value: 520_000, pnl: 28_500, dayChange: 4_000, marginValue: 290_000 }, stocks: [TOYOTA], margin: [SHORT] };

let requests = 0;
const server = setupServer(
  http.get('*/api/vue/trade/holdings', () => {
    requests++;
    return HttpResponse.json({ status: 1, msg: '', data: { ...HOLDINGS, margin: [] } });
  }),
  http.get('*/api/vue/funds/history', () =>
    HttpResponse.json({
      status: 1, msg: '',
      data: { currency: 'JPY', range: '1m', asOf: 1, points: [{ date: '2026-11-24', totalAssets: 2_019_000 }], totalAssets: 2_019_000, previousTotal: 0, netFlows: 2_000_000, dayChange: 19_000, dayChangeBp: 95 },
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  clearSession();
  requests = 0;
});

async function renderIn(lang: Lang, ui: ReactNode) {
  await activateLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
  return client;
}

/**
 * The screen's query mounted and not fetching (a fetch begins on mount): waited for instead of a
 * fixed delay, so an absence asserted after it comes after the answer that would have caused it.
 */
async function settled(client: QueryClient) {
  await vi.waitFor(() => expect(client.getQueryCache().getAll().map((q) => q.state.fetchStatus)).toEqual(['idle']), { timeout: 4_000 });
  // TanStack tells React in a 0 ms timer queued when the answer came; this one runs after it, and act renders what it set.
  await act(() => new Promise<void>((r) => setTimeout(r, 0)));
}

describe('portfolio figures', () => {
  it('finds one stock’s holding and margin positions, null when none', () => {
    expect(positionIn(HOLDINGS, '7203')).toEqual({ stock: TOYOTA, margin: [] });
    expect(positionIn(HOLDINGS, '6758')).toEqual({ stock: null, margin: [SHORT] });
    expect(positionIn(HOLDINGS, '9984')).toBeNull();
  });

  it('P/L % of everything held is over what it cost', () => {
    expect(totalPnlBp(HOLDINGS)).toBe(356); // 28,500 / 800,000
    expect(totalPnlBp({ ...HOLDINGS, stocks: [], margin: [] })).toBe(0);
  });

  it('the totals show value, P/L with % and the day’s change', async () => {
    await renderIn('jp', <HoldingsTotals h={HOLDINGS} />);
    const totals = screen.getByTestId('holdings-totals');
    expect(totals.textContent).toContain('¥520,000');
    expect(totals.textContent).toContain('+¥28,500');
    expect(totals.textContent).toContain('+3.56%');
    expect(totals.textContent).toContain('+¥4,000');
  });
});

describe('保有状況 on the stock detail', () => {
  it('signed out: nothing, and no request', async () => {
    const client = await renderIn('jp', <YourPosition code="7203" />);
    await settled(client);
    expect(screen.queryByTestId('your-position')).toBeNull();
    expect(requests).toBe(0);
  });

  it('signed in: the shares, average cost, value and P/L of that stock only', async () => {
    setSession({ token: 't', account: 'a', is_admin: false });
    await renderIn('en', <YourPosition code="7203" />);
    const card = await screen.findByTestId('your-position-stock');
    expect(card.textContent).toContain('200');
    expect(card.textContent).toContain('¥2,500');
    expect(card.textContent).toContain('¥520,000');
    expect(card.textContent).toContain('+¥19,000');
  });

  it('signed in without that stock: nothing', async () => {
    setSession({ token: 't', account: 'a', is_admin: false });
    const client = await renderIn('jp', <YourPosition code="9984" />);
    await screen.findByText((_, el) => el === document.body);
    await settled(client); // the holdings answered and rendered
    expect(requests).toBe(1);
    expect(screen.queryByTestId('your-position')).toBeNull();
  });
});

describe('home asset summary', () => {
  it('shows 総資産 and 当日損益 from funds/history, and says the chart starts tomorrow on the first day', async () => {
    await renderIn('jp', <AssetSummary />);
    expect((await screen.findByTestId('home-total-assets')).textContent).toBe('¥2,019,000');
    expect(screen.getByTestId('home-day-change').textContent).toContain('+¥19,000');
    expect(screen.getByTestId('home-day-change').textContent).toContain('+0.95%');
    expect(screen.getByText('資産推移は翌日から表示されます。')).toBeTruthy();
  });
});
