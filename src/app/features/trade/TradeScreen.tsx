import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Direction } from '../../../shared/domain/position';
import type { AccountType } from '../../../shared/domain/account-type';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { HoldingsTotals, useHoldings } from './holdings/HoldingsView';
import { Spinner } from '../../components/Spinner';
import { PositionTabs, type TradeTab } from './PositionTabs';
import './portfolio.css';

// The order ticket (with the order-type rules, the trading calendar and the trade schemas) is its
// own chunk: closed — the tab's usual start — it is not evaluated at all until 注文する is touched
// (pointer down or focus start the fetch, usually from the service worker's cache), instead of inside
// the screen's first task (Lighthouse TBT, issue 19); open from the URL, at once.
const loadTicket = () => import('./OrderTicket');
const OrderTicket = lazy(() => loadTicket().then((m) => ({ default: m.OrderTicket })));

/**
 * /trade/index — tab screen, kept alive: the portfolio first (totals, then 保有証券 / 建玉 / 注文中 /
 * 履歴), with the order ticket one tap away — the 注文 button opens it in a panel at the top.
 * `?code=7203&direction=up|down` (the stock detail's buy/sell, a holding's 売る / 買い増し) opens the
 * ticket on that stock and direction; a holding's 売る adds `&account=` (its 預り区分: the sale is of that card's shares).
 */
export function TradeScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  // Kept alive: rendered outside its match while hidden, so read the search softly.
  const search = useSearch({ from: '/trade/index', shouldThrow: false });
  const [tab, setTab] = useState<TradeTab>('stocks');
  const [ticketOpen, setTicketOpen] = useState(Boolean(search?.code));
  const panel = useRef<HTMLElement>(null);
  const holdings = useHoldings();

  // A stock from the URL (stock detail's buy / sell) opens the ticket on it.
  useEffect(() => {
    if (search?.code) setTicketOpen(true);
  }, [search?.code, search?.direction, search?.account]);
  useEffect(() => {
    if (ticketOpen) panel.current?.scrollIntoView?.({ block: 'start' });
  }, [ticketOpen, search?.code, search?.direction, search?.account]);

  const openTicket = (code: string, direction: Direction, account?: AccountType) => {
    setTicketOpen(true);
    void navigate({ to: '/trade/index', search: { code, direction, account }, replace: true });
  };
  // Closing drops the stock from the URL too, so the same buy / sell link opens the ticket again.
  const closeTicket = () => {
    setTicketOpen(false);
    if (search?.code || search?.direction || search?.account) void navigate({ to: '/trade/index', search: {}, replace: true });
  };

  return (
    <Page title={t`取引`} back={false} tabbed>
      {ticketOpen ? (
        <section ref={panel} className="ticket-panel" aria-label={t`注文`} data-testid="ticket-panel">
          <div className="ticket-panel__head">
            <h2>
              <Trans>注文</Trans>
            </h2>
            <button type="button" className="btn btn--text ticket-panel__close" onClick={closeTicket} aria-label={t`注文を閉じる`}>
              <Icon d={icons.close} size={20} />
            </button>
          </div>
          <Suspense
            fallback={
              <div className="empty" aria-busy="true">
                <Spinner size={28} label={t`読み込み中`} />
              </div>
            }
          >
            <OrderTicket
              code={search?.code}
              direction={search?.direction}
              account={search?.account}
              onPlaced={(p) => {
                setTab(p.status === 'pending' ? 'pending' : p.leverage > 1 || p.dayTrade || p.direction === 'down' ? 'margin' : 'stocks');
              }}
            />
          </Suspense>
        </section>
      ) : null}
      {holdings.data ? <HoldingsTotals h={holdings.data} /> : null}
      {!ticketOpen ? (
        <button
          type="button"
          className="btn btn--primary btn--block ticket-open"
          onPointerDown={() => void loadTicket()}
          onFocus={() => void loadTicket()}
          onClick={() => setTicketOpen(true)}
          data-testid="open-ticket"
        >
          <Icon d={icons.trade} size={20} /> <Trans>注文する</Trans>
        </button>
      ) : null}
      <PositionTabs tab={tab} onTab={setTab} holdings={holdings} onTrade={openTicket} />
    </Page>
  );
}
