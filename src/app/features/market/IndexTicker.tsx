import { Link } from '@tanstack/react-router';
import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { marketApi } from '../../../shared/api/market';
import { ARROW, direction, formatChange, formatDateTime, formatPercent, formatTickPrice } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { useLiveQuotes } from '../../api/quotes/live';
import { useOnline } from '../../query/online';
import { instrumentName } from './names';
import { SimBadge } from './parts';
import './market.css';

/** Nikkei 225, TOPIX, TSE Growth 250 (`GET market/indices`). */
export function indicesQuery() {
  return endpointQuery(marketApi.indices, {}, { silent: true, staleTime: 15_000 });
}

/**
 * The three indices (Nikkei 225, TOPIX, TSE Growth 250), live, each a link to its detail screen.
 * For the home screen and the top of the market screen. Offline it shows the cached values with
 * their time; with nothing cached, one honest line.
 */
export function IndexTicker({ showFoot = true }: { showFoot?: boolean }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const online = useOnline();
  const restoring = useIsRestoring();
  const query = useQuery(indicesQuery());
  const items = query.data?.items;
  useLiveQuotes(items?.map((d) => d.quote.code) ?? []);

  if (!items) {
    if (!restoring && (query.isError || !online)) {
      return (
        <p className="mk-muted" role="status">
          {online ? <Trans>指数を読み込めませんでした</Trans> : <Trans>オフラインのため指数を表示できません</Trans>}
        </p>
      );
    }
    return (
      <div className="ticker" aria-busy="true" aria-label={t`指数を読み込み中`}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="ticker__item" style={{ minHeight: '4.25rem' }} />
        ))}
      </div>
    );
  }

  const at = Math.max(...items.map((d) => d.quote.at));
  const asOf = formatDateTime(at);
  return (
    <section aria-label={t`主要指数`}>
      <div className="ticker">
        {items.map(({ instrument, quote }) => {
          const dir = direction(quote.change);
          return (
            <Link
              key={quote.code}
              to="/market/stockDetailzs"
              search={{ code: quote.code }}
              className="ticker__item"
              data-testid={`index-${quote.code}`}
            >
              <span className="ticker__name">{instrumentName(instrument, locale)}</span>
              <span className={`ticker__value ${dir}`}>{formatTickPrice(quote.price, quote.priceScale)}</span>
              <span className={`ticker__chg chg ${dir}`}>
                {ARROW[dir] ? <span aria-hidden="true">{ARROW[dir]} </span> : null}
                {formatChange(quote.change, quote.priceScale)} {formatPercent(quote.changeBp)}
              </span>
            </Link>
          );
        })}
      </div>
      {showFoot ? (
        <div className="ticker__foot">
          <SimBadge />
          <span className="mk-muted">
            <Trans>{asOf} 時点</Trans>
          </span>
        </div>
      ) : null}
    </section>
  );
}

export default IndexTicker;
