// @vitest-environment jsdom
/**
 * /information/exChange through the real router against a mocked API: the quote shows its rate,
 * the spread and the countdown; when the quote runs out the screen asks for a new one by itself;
 * confirming sends the quote id as a money command (with an Idempotency-Key).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { createQueryClient } from '../../src/app/query/client';
import { createAppRouter } from '../../src/app/router';
import { clearSession, setLanguage, setSession } from '../../src/app/storage';

const ok = (data: unknown) => HttpResponse.json({ status: 1, msg: '', data });
const user = {
  id: '01a201fb-a964-71b6-95ed-39d9a76b69bf', phone: '09011112222', state: 'active', stateReason: null,
  inviteCode: 'Z9WTWTB8', isAdmin: false, fundPasswordSet: false, kycStatus: 'not_verified', createdAt: 1_790_000_000_000,
};
const bal = (currency: string, cash: number, valueJpy = cash) => ({ currency, cash, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0, total: cash, valueJpy });
const summary = {
  currency: 'JPY', totalAssets: 519_344, available: 500_000, cash: 500_000, unsettled: 0, settlements: [], withdrawable: 500_000, frozen: 0,
  margin: 0, loan: 0, shortfall: 0, shortfallDueOn: null, shortfallOverdue: false, marketValue: 0, unrealizedPnl: 0, realizedPnl: 0, profit: 0,
  balances: [bal('JPY', 500_000), bal('USD', 12_345, 19_344)],
};
let quotes = 0;
const exchanges: { key: string | null; body: unknown }[] = [];
/** Quotes live 1.5 s here, so the test sees one expire without fake timers. */
const TTL = 1_500;
const server = setupServer(
  http.post('*/api/vue/common/config', () => ok([{ name: 'title', value: 'Kabuto' }])),
  http.get('*/api/vue/user/info', () => ok(user)),
  http.get('*/api/vue/funds/summary', () => ok(summary)),
  http.get('*/api/vue/fx/quotes', () =>
    ok({ asOf: Date.now(), spreadBp: 50, quoteTtlMs: 30_000, rows: [{ currency: 'USD', code: 'USDJPY', unit: 1, priceScale: 1000, mid: 156_700, bid: 156_308, ask: 157_092 }] }),
  ),
  http.post('*/api/vue/fx/quote', () => {
    quotes += 1;
    const now = Date.now();
    return ok({
      quoteId: `q${quotes}`, from: 'JPY', to: 'USD', amount: 100_000, amountOut: 63_657, midAmountOut: 63_816, spreadAmount: 159, spreadBp: 50,
      rate: 636_574, midRate: 638_162, createdAt: now, validUntil: now + TTL,
    });
  }),
  http.post('*/api/vue/fx/exchange', async ({ request }) => {
    exchanges.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
    return ok({ quoteId: 'q', entryId: 'e1', from: 'JPY', to: 'USD', amount: 100_000, amountOut: 63_657, spreadAmount: 159, fromCash: 400_000, toCash: 76_002 });
  }),
);

function renderApp(path: string) {
  window.location.hash = `#${path}`;
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  window.scrollTo = (() => {}) as typeof window.scrollTo;
});
afterAll(() => server.close());
beforeEach(async () => {
  localStorage.clear();
  setLanguage('jp');
  await activateLanguage('jp');
  setSession({ token: 't', account: '09011112222', is_admin: false });
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('exChange', () => {
  it('quotes with the spread and a countdown, re-quotes when it runs out, and exchanges the quote id with an Idempotency-Key', async () => {
    renderApp('/information/exChange');
    const balances = await screen.findByTestId('fx-balances');
    await waitFor(() => expect(within(balances).getByText('$123.45')).toBeTruthy());
    fireEvent.change(screen.getByTestId('fx-amount'), { target: { value: '100000' } });
    fireEvent.submit(screen.getByTestId('fx-amount').closest('form')!);
    const quote = await screen.findByTestId('fx-quote');
    expect(within(quote).getByTestId('fx-out').textContent).toBe('$636.57');
    expect(quote.textContent).toContain('1 JPY = 0.00636574 USD');
    expect(quote.textContent).toContain('0.50%');
    expect(quote.textContent).toContain('$1.59');
    expect(within(quote).getByTestId('fx-countdown').textContent).toMatch(/残り [12] 秒/);
    expect(quotes).toBe(1);
    // Runs out after 1.5 s: a new quote is fetched without the user asking.
    await waitFor(() => expect(quotes).toBe(2), { timeout: 4_000 });
    const exchangeButton = await within(await screen.findByTestId('fx-quote')).findByRole('button', { name: '両替する' });
    await waitFor(() => expect((exchangeButton as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(exchangeButton);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '両替する' }));
    await waitFor(() => expect(exchanges).toHaveLength(1));
    expect(exchanges[0]!.key).toBeTruthy();
    expect((exchanges[0]!.body as { quoteId: string }).quoteId).toMatch(/^q\d+$/);
  }, 15_000);
});
