import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../../shared/api/trade';
import type { DataOf } from '../../../../shared/api/endpoint';
import type { PositionStatus } from '../../../../shared/domain/position';
import { formatDateTime, formatLeverage, formatMoney, formatNumber, formatPriceYen } from '../../../../shared/money';
import { endpointInfiniteQuery } from '../../../api/query';
import { AsOf } from '../../../components/AsOf';
import { EmptyView } from '../../../components/EmptyView';
import { LoadingPane } from '../../../components/Spinner';
import { MoreButton } from '../../../components/MoreButton';
import { Signed } from '../../../components/Signed';
import * as icons from '../../../components/icons';
import { alertTags } from '../alert-texts';
import { AccountBadge } from '../../tax-account';
import { POSITIONS_POLL_MS } from './holdings-query';
import { orderTypeText, STATUS_TEXT, sideText } from '../labels';
import { ORDER_KIND_TEXT, orderLabel, orderLabelKind, positionOrder } from '../order-label';
import { displayName } from '../../../../shared/market/local-names';
import '../../../components/positions.css';

/*
 * The user's positions as list rows, by status group: the trade screen's tabs, the home screen's
 * holdings and the block-trade records (features/trade, features/home, features/block) all show them.
 */

export type PositionView = DataOf<typeof tradeApi.position>;

/** The position tabs: what is held, what waits for a fill, and what is over. */
export const POSITION_GROUPS = {
  open: ['holding', 'closing', 'in_progress'],
  pending: ['pending'],
  done: ['closed', 'ended', 'cancelled'],
} as const satisfies Record<string, readonly PositionStatus[]>;
export type PositionGroup = keyof typeof POSITION_GROUPS;

const PAGE = 50;

/** One status group of the user's positions, newest first, paged by cursor; polled for live P/L. */
export function positionsQuery(group: PositionGroup) {
  return endpointInfiniteQuery(
    tradeApi.positions,
    { query: { status: POSITION_GROUPS[group].join(','), limit: PAGE } },
    {
      silent: true,
      refetchInterval: group === 'done' ? false : POSITIONS_POLL_MS,
      staleTime: group === 'done' ? 30_000 : 0,
    },
  );
}

/** One status group of positions, polled for live P/L, with "more" paging. */
export function PositionList({ group, compact = false }: { group: PositionGroup; compact?: boolean }) {
  const query = useInfiniteQuery(positionsQuery(group));
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) {
    return (
      <LoadingPane />
    );
  }
  if (query.isError && items.length === 0) {
    return <EmptyView compact icon={icons.alert} text={<Trans>建玉を読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />;
  }
  if (items.length === 0) {
    const text =
      group === 'open' ? <Trans>保有中の建玉はありません</Trans> : group === 'pending' ? <Trans>約定待ちの注文はありません</Trans> : <Trans>決済済みの取引はありません</Trans>;
    return <EmptyView compact icon={icons.inbox} text={text} />;
  }
  return (
    <>
      <AsOf query={query} testId="positions-asof" />
      <ul className="pos-list">
        {items.map((p) => (
          <PositionRow key={p.id} p={p} compact={compact} />
        ))}
      </ul>
      <MoreButton query={query} />
    </>
  );
}

export function PositionRow({ p, compact = false, footer }: { p: PositionView; compact?: boolean; footer?: ReactNode }) {
  const { i18n } = useLingui();
  const name = displayName({ code: p.code, nameJa: p.name, nameEn: p.nameEn }, i18n.locale);
  const held = p.status === 'holding' || p.status === 'closing' || p.status === 'in_progress';
  return (
    <li>
      <Link to="/trade/positionDetail" search={{ id: p.id }} className="pos" data-status={p.status}>
        <div className="pos__head">
          <span className="pos__name">{name}</span>
          <span className="pos__code mono">{p.code}</span>
          <span className={`status status--${p.status}`}>{i18n._(STATUS_TEXT[p.status])}</span>
        </div>
        <div className="pos__meta small">
          <span className={p.direction === 'up' ? 'tone-rise' : 'tone-fall'}>
            {p.direction === 'up' ? '▲' : '▼'} {i18n._(sideText(p))}
          </span>
          <span>{formatLeverage(p.leverage)}</span>
          <AccountBadge account={p.account} />
          <span>{i18n._(p.businessType === 'block' ? orderTypeText(p) : ORDER_KIND_TEXT[orderLabelKind(positionOrder(p))])}</span>
          <span>
            <Trans>{formatNumber(p.quantity)}株</Trans>
          </span>
          {p.status === 'in_progress' && p.lockedUntil ? (
            <span className="tag">
              <Trans>{p.lockedUntil.replaceAll('-', '.')}まで売却不可</Trans>
            </span>
          ) : null}
          {p.dayTrade ? (
            <span className="tag">
              <Trans>デイトレ</Trans>
            </span>
          ) : null}
          {alertTags(p.alerts, i18n).map((tag) => (
            <span key={tag} className="tag tag--info">
              {tag}
            </span>
          ))}
        </div>
        {p.status === 'pending' ? (
          <div className="pos__grid small">
            <span data-testid="pending-order-label">
              <b className="mono">{orderLabel(positionOrder(p), (d) => i18n._(d), (v) => formatPriceYen(v, p.priceScale))}</b>
            </span>
            <span>
              <Trans>拘束中</Trans> <b className="mono">{formatMoney(p.reserved)}</b>
            </span>
            {!compact ? (
              <span className="muted">
                <Trans>注文</Trans> {formatDateTime(p.placedAt)}
              </span>
            ) : null}
          </div>
        ) : p.status === 'cancelled' ? (
          <div className="pos__grid small muted">
            <span>
              <Trans>注文</Trans> {formatDateTime(p.placedAt)}
            </span>
          </div>
        ) : (
          <div className="pos__grid small">
            <span>
              <Trans>取得</Trans> <b className="mono">{formatPriceYen(p.buyPrice, p.priceScale)}</b>
            </span>
            <span>
              {held ? <Trans>現在</Trans> : <Trans>決済</Trans>}{' '}
              <b className="mono">{formatPriceYen(held ? p.marketPrice : p.sellPrice, p.priceScale)}</b>
            </span>
            <span>
              <Trans>評価額</Trans> <b className="mono">{p.marketValue !== null ? formatMoney(p.marketValue) : '—'}</b>
            </span>
            <span className="pos__pnl">
              {/* Net while held too: the fee and interest paid so far are off (the server's netPnl). */}
              <Trans>損益</Trans> <Signed value={p.netPnl} />
            </span>
          </div>
        )}
      </Link>
      {footer}
    </li>
  );
}
