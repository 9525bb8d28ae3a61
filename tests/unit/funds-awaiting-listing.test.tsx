// @vitest-environment jsdom
/**
 * Issue 36 item 8: an IPO allotment paid for and not listed yet (funds/summary's awaitingListing)
 * reads as 上場待ち on the asset card, as a part of 証拠金, and as a card under 保有証券, with its
 * code, name, shares, the yen paid and the listing date; a PO's new shares wait for delivery.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { activateLanguage, i18n, type Lang } from '../../src/app/i18n';
import { AssetCard, type FundsSummary } from '../../src/app/features/funds/AssetCard';
import { AwaitingListingCards } from '../../src/app/features/trade/holdings/AwaitingListingCards';
import type { AwaitingListingLine } from '../../src/shared/api/funds';

const IPO: AwaitingListingLine = {
  applicationId: 'a1', code: '290A', nameJa: 'カブトロボ', nameEn: 'Kabuto Robo', newListing: true,
  shares: 100, price: 12_000, priceScale: 10, amount: 120_000, listingDate: '2026-12-03',
};
const PO: AwaitingListingLine = {
  applicationId: 'a2', code: '7203', nameJa: 'トヨタ自動車', nameEn: 'Toyota Motor', newListing: false,
  shares: 300, price: 25_000, priceScale: 10, amount: 750_000, listingDate: '2026-12-11',
};
const SUMMARY: FundsSummary = {
  currency: 'JPY', totalAssets: 1_000_000, available: 130_000, cash: 130_000, unsettled: 0, settlements: [], withdrawable: 130_000,
  frozen: 0, margin: 870_000, loan: 0, shortfall: 0, shortfallDueOn: null, shortfallOverdue: false, marketValue: 870_000, unrealizedPnl: 0, realizedPnl: 0, profit: 0,
  balances: [{ currency: 'JPY', cash: 130_000, frozen: 0, margin: 870_000, unsettled: 0, loan: 0, shortfall: 0, total: 1_000_000, valueJpy: 1_000_000 }],
  awaitingListing: [IPO, PO],
};

let summary: FundsSummary = SUMMARY;
const server = setupServer(http.get('*/api/vue/funds/summary', () => HttpResponse.json({ status: 1, msg: '', data: summary })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  summary = SUMMARY;
});

async function renderIn(lang: Lang, ui: ReactNode) {
  await activateLanguage(lang);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{ui}</QueryClientProvider>
    </I18nProvider>,
  );
}

describe('上場待ち', () => {
  it('the asset card explains the part of 証拠金 awaiting listing, total assets as the server counts them', async () => {
    await renderIn('jp', <AssetCard />);
    const box = await screen.findByTestId('assets-awaiting');
    expect(screen.getByTestId('total-assets').textContent).toBe('¥1,000,000');
    expect(box.querySelector('p')?.textContent).toBe('証拠金には上場待ちの株式の払込金額を含みます');
    const lines = within(box).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['上場待ち カブトロボ 290A 100株 ¥120,000 上場日 2026.12.03', '受渡待ち トヨタ自動車 7203 300株 ¥750,000 受渡日 2026.12.11']);
  });

  it('reads in English', async () => {
    await renderIn('en', <AssetCard />);
    const box = await screen.findByTestId('assets-awaiting');
    expect(within(box).getAllByRole('listitem')[0]?.textContent).toBe('Awaiting listing Kabuto Robo 290A 100 shares ¥120,000 Listing date 2026.12.03');
  });

  it('shows nothing when no allotment awaits listing, or from an older server without the field', async () => {
    summary = { ...SUMMARY, awaitingListing: [] };
    await renderIn('jp', <AssetCard />);
    await screen.findByTestId('total-assets');
    expect(screen.queryByTestId('assets-awaiting')).toBeNull();
    cleanup();
    const { awaitingListing: _omitted, ...older } = SUMMARY;
    summary = older;
    await renderIn('jp', <AssetCard />);
    await screen.findByTestId('total-assets');
    expect(screen.queryByTestId('assets-awaiting')).toBeNull();
  });

  it('保有証券 shows each allotment as a card: shares, amount paid, listing or delivery date', async () => {
    await renderIn('jp', <AwaitingListingCards lines={[IPO, PO]} />);
    const list = screen.getByRole('list', { name: '上場待ち' });
    const [ipo, po] = within(list).getAllByRole('listitem');
    expect(ipo?.querySelector('.holding__head')?.textContent).toBe('上場待ちカブトロボ290A100株');
    expect([...ipo!.querySelectorAll('.holding__grid > div')].map((d) => d.textContent)).toEqual(['払込金額¥120,000', '上場日2026.12.03']);
    expect(ipo?.textContent).toContain('上場日に保有証券に加わります。');
    expect([...po!.querySelectorAll('.holding__grid > div')].map((d) => d.textContent)).toEqual(['払込金額¥750,000', '受渡日2026.12.11']);
    expect(po?.textContent).toContain('受渡日に保有証券に加わります。');
  });
});
