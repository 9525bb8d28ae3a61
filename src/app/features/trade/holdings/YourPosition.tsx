import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLeverage, formatNumber, formatPriceYen } from '../../../../shared/money';
import { isSignedIn, subscribeSession } from '../../../storage';
import { AsOf } from '../../../components/AsOf';
import { Signed } from '../../../components/Signed';
import { holdingsQuery, type HoldingsData } from './holdings-query';
import { HoldingFigures } from './HoldingFigures';
import { AccountBadge } from '../../tax-account';
import '../../../components/positions.css';
import './holdings.css';

/** The holding and margin positions of one stock, or null when the user has none of it. */
export function positionIn(h: HoldingsData, code: string) {
  const stock = h.stocks.find((s) => s.code === code) ?? null;
  const margin = h.margin.filter((m) => m.code === code);
  return stock || margin.length ? { stock, margin } : null;
}

/**
 * 保有状況 on the stock detail: the user's cash shares of this stock (average cost, value, P/L)
 * and any margin positions in it, from the same `trade/holdings` entry as the trade screen; nothing
 * when the user holds none of it or is signed out.
 */
export function YourPosition({ code }: { code: string }) {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn, () => false);
  const query = useQuery({ ...holdingsQuery(), enabled: signedIn });
  const { t } = useLingui();
  const mine = signedIn && query.data ? positionIn(query.data, code) : null;
  if (!mine) return null;
  const { stock, margin } = mine;
  // One row per account (預り区分) the stock is held in: 特定 and NISA shares apart.
  const stocks = stock && query.data ? query.data.stocks.filter((s) => s.code === code) : [];
  return (
    <section className="card your-position" aria-label={t`保有状況`} data-testid="your-position">
      <h2 className="card__title">
        <Trans>保有状況</Trans>
      </h2>
      {stocks.map((s) => (
        <div key={s.account} className="your-position__stock" data-account={s.account}>
          <AccountBadge account={s.account} />
          <HoldingFigures s={s} shares testId="your-position-stock" />
        </div>
      ))}
      {margin.length ? (
        <ul className="your-position__margin" data-testid="your-position-margin">
          {margin.map((m) => (
            <li key={m.id}>
              <Link to="/trade/positionDetail" search={{ id: m.id }} className="your-position__row small">
                <span className={m.direction === 'up' ? 'tone-rise' : 'tone-fall'}>{m.direction === 'up' ? t`信用買建` : t`信用売建`}</span>
                <span>{formatLeverage(m.leverage)}</span>
                {m.dayTrade ? (
                  <span className="tag">
                    <Trans>いちにち信用</Trans>
                  </span>
                ) : null}
                <span className="mono">
                  <Trans>{formatNumber(m.shares)}株</Trans>
                </span>
                <span className="mono">{formatPriceYen(m.entryPrice, m.priceScale)}</span>
                <Signed value={m.pnl} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <AsOf query={query} />
    </section>
  );
}
