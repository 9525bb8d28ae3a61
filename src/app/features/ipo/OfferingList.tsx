import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ipoApi, type OfferingStatus, type OfferingView } from '../../../shared/api/ipo';
import { formatDateTime, formatIsoDate, formatNumber, formatPercent, formatPriceYen } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Signed } from '../../components/Signed';
import * as icons from '../../components/icons';
import { OFFERING_KIND_TEXT, OFFERING_STATUS_TEXT, statusTone, offeringName } from './labels';
import '../../components/positions.css';
import './ipo.css';

/*
 * Offerings (IPO, PO, placement) as cards: /home/newStock and /home/ipo/subscribe list them, the
 * home screen's IPO tab and the market's Subscription board show them too (features/ipo,
 * features/home, features/market).
 */

/** `GET ipo/offerings`, refreshed while on screen. `silent`: a prefetch. */
export function offeringsQuery(status?: OfferingStatus, opts: { silent?: boolean } = {}) {
  return endpointQuery(ipoApi.offerings, { query: status ? { status } : {} }, { silent: opts.silent, refetchInterval: 15_000, staleTime: 5_000 });
}

/** The offerings (optionally of one status); `limit` shows the first few. */
export function OfferingList({ status, limit }: { status?: OfferingStatus; limit?: number }) {
  const query = useQuery(offeringsQuery(status));
  if (query.isPending) return <LoadingPane />;
  const items = query.data?.items ?? [];
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView compact icon={icons.alert} text={<Trans>IPOの案件を読み込めませんでした</Trans>} />
    ) : (
      <EmptyView compact icon={icons.gift} text={<Trans>現在お申し込みいただける案件はありません</Trans>} hint={<Trans>新しい案件が登録されると、ここに表示されます。</Trans>} />
    );
  }
  return (
    <ul className="offer-list" data-testid="ipo-offerings">
      {(limit ? items.slice(0, limit) : items).map((o) => (
        <OfferingCard key={o.id} o={o} />
      ))}
    </ul>
  );
}

export function OfferingCard({ o, link = true }: { o: OfferingView; link?: boolean }) {
  const { i18n } = useLingui();
  const name = offeringName(o, i18n.locale);
  const body = (
    <>
      <div className="pos__head">
        <span className="pos__name">{name}</span>
        <span className="pos__code mono">{o.code}</span>
        <span className={`status ${statusTone(o.status)}`}>{i18n._(OFFERING_STATUS_TEXT[o.status])}</span>
      </div>
      <div className="offer__prices">
        <span className="small muted">{i18n._(OFFERING_KIND_TEXT[o.kind])}</span>
        {o.finalPrice !== null ? (
          <span>
            <span className="muted small">
              <Trans>公開価格</Trans>
            </span>{' '}
            <b className="mono offer__price">{formatPriceYen(o.finalPrice, o.priceScale)}</b>
          </span>
        ) : (
          <span>
            <span className="muted small">
              <Trans>仮条件</Trans>
            </span>{' '}
            <b className="mono">
              {formatPriceYen(o.priceLow, o.priceScale)}〜{formatPriceYen(o.priceHigh, o.priceScale)}
            </b>
          </span>
        )}
        {o.marketPrice !== null ? (
          <span className="small">
            <span className="muted">
              <Trans>時価</Trans>
            </span>{' '}
            <span className="mono">{formatPriceYen(o.marketPrice, o.priceScale)}</span> {o.premiumBp !== null ? <Signed value={o.premiumBp} bp strong={false} /> : null}
          </span>
        ) : null}
      </div>
      <div className="pos__grid small">
        <span>
          <Trans>
            募集 <b className="mono">{formatNumber(o.sharesOffered)}</b>株
          </Trans>
        </span>
        <span>
          <Trans>上場日 {formatIsoDate(o.listingDate)}</Trans>
        </span>
        <span>
          <Trans>主幹事 {o.sponsor}</Trans>
        </span>
        {o.winningRateBp !== null ? (
          <span>
            <Trans>当選率 {formatPercent(o.winningRateBp, { sign: false })}</Trans>
          </span>
        ) : (
          <span>
            <Trans>抽選日 {formatDateTime(o.drawAt)}</Trans>
          </span>
        )}
        <span className="muted">
          {formatDateTime(o.from)} 〜 {formatDateTime(o.to)}
        </span>
      </div>
    </>
  );
  return (
    <li>
      {link ? (
        <Link to="/home/newStockBuy" search={{ id: o.id }} className="pos offer" data-testid={`ipo-offering-${o.code}`}>
          {body}
        </Link>
      ) : (
        <div className="pos offer">{body}</div>
      )}
    </li>
  );
}
