import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { blockApi } from '../../../shared/api/block';
import type { DataOf } from '../../../shared/api/endpoint';
import { formatDateTime, formatNumber, formatPriceYen } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import * as icons from '../../components/icons';
import '../../components/positions.css';
import { discountText } from './rules';
import { displayName } from '../../../shared/market/local-names';

/*
 * Block-trade offers as cards: the block-trade screen lists them all, the home screen's Big deal
 * tab the first few (features/block, features/home).
 */

export type BlockOffer = DataOf<typeof blockApi.offers>['items'][number];

/** The open and upcoming offers (`GET block/offers`), refreshed while on screen. `silent`: a prefetch. */
export function blockOffersQuery(opts: { silent?: boolean } = {}) {
  return endpointQuery(blockApi.offers, {}, { silent: opts.silent, refetchInterval: 15_000, staleTime: 5_000 });
}

/** Where an offer's window stands: the server's `phase`, decided on the market clock (shared/domain/block-offer.ts). */
export type OfferPhase = BlockOffer['phase'];

/** The block-trade offers, open and upcoming. `limit` shows the first few (home's Big deal tab). */
export function BlockOfferList({ limit }: { limit?: number }) {
  const query = useQuery(blockOffersQuery());
  if (query.isPending) {
    return (
      <LoadingPane />
    );
  }
  const items = query.data?.items ?? [];
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView compact icon={icons.alert} text={<Trans>ブロック取引の案件を読み込めませんでした</Trans>} />
    ) : (
      <EmptyView compact icon={icons.layers} text={<Trans>現在募集中のブロック取引はありません</Trans>} hint={<Trans>新しい案件が登録されると、ここに表示されます。</Trans>} />
    );
  }
  return (
    <ul className="offer-list">
      {(limit ? items.slice(0, limit) : items).map((o) => (
        <OfferCard key={o.id} o={o} />
      ))}
    </ul>
  );
}

export function OfferCard({ o, link = true }: { o: BlockOffer; link?: boolean }) {
  const { i18n } = useLingui();
  const name = displayName({ code: o.code, nameJa: o.name, nameEn: o.nameEn }, i18n.locale);
  const phase = o.phase;
  const body = (
    <>
      <div className="pos__head">
        <span className="pos__name">{name}</span>
        <span className="pos__code mono">{o.code}</span>
        <span className={`status status--offer-${phase}`}>
          {phase === 'open' ? <Trans>募集中</Trans> : phase === 'upcoming' ? <Trans>募集前</Trans> : <Trans>募集終了</Trans>}
        </span>
      </div>
      <div className="offer__prices">
        <span>
          <span className="muted small">
            <Trans>取引価格</Trans>
          </span>{' '}
          <b className="mono offer__price">{formatPriceYen(o.price, o.priceScale)}</b>
        </span>
        <span className="small">
          <span className="muted">
            <Trans>時価</Trans>
          </span>{' '}
          <span className="mono">{formatPriceYen(o.marketPrice, o.priceScale)}</span>
        </span>
        {o.discountBp !== null ? (
          <span className="small">
            {o.discountBp !== 0 ? (
              <>
                <span className="muted">
                  <Trans>時価比</Trans>
                </span>{' '}
              </>
            ) : null}
            <span className="mono offer__discount" data-discount-bp={o.discountBp}>{discountText(i18n, o.discountBp)}</span>
          </span>
        ) : null}
      </div>
      <div className="pos__grid small">
        <span>
          <Trans>
            最低 <b className="mono">{formatNumber(o.minShares)}</b>株
          </Trans>
        </span>
        <span>
          <Trans>
            残り <b className="mono">{formatNumber(o.sharesAvailable)}</b> / {formatNumber(o.sharesTotal)}株
          </Trans>
        </span>
        <span>
          <Trans>ロック {o.lockDays} 営業日</Trans>
        </span>
        <span className="muted">
          {formatDateTime(o.from)} 〜 {formatDateTime(o.to)}
        </span>
      </div>
    </>
  );
  return (
    <li>
      {link ? (
        <Link to="/home/blockTrade1" search={{ id: o.id }} className="pos offer">
          {body}
        </Link>
      ) : (
        <div className="pos offer">{body}</div>
      )}
    </li>
  );
}
