import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountType } from '../../../../shared/domain/account-type';
import type { Direction } from '../../../../shared/domain/position';
import { formatNumber } from '../../../../shared/money';
import { displayName } from '../../../../shared/market/local-names';
import { EmptyView } from '../../../components/EmptyView';
import { LoadingPane } from '../../../components/Spinner';
import * as icons from '../../../components/icons';
import { AccountBadge } from '../../tax-account';
import { HoldingFigures } from './HoldingFigures';
import { allLent, LentNote } from './LentNote';
import type { HoldingsData } from './holdings-query';
import { PositionRow, positionsQuery } from './PositionList';

/**
 * The cash holdings, one card per stock and account (預り区分: 特定 and NISA shares of one stock are
 * apart, each with its own 取得価額): 売る / 買い増し open the ticket (売る on this card's account); the name opens the stock.
 */
export function StockHoldings({ h, onTrade }: { h: HoldingsData; onTrade: (code: string, direction: Direction, account?: AccountType) => void }) {
  const { i18n } = useLingui();
  if (h.stocks.length === 0) return <EmptyView compact icon={icons.inbox} text={<Trans>保有している株はありません</Trans>} />;
  return (
    <ul className="pos-list" data-testid="holdings-stocks">
      {h.stocks.map((s) => {
        const lentId = `lent-${s.code}-${s.account}`;
        return (
          <li key={`${s.code}:${s.account}`} className="pos holding" data-code={s.code} data-account={s.account}>
            <Link to="/market/stockDetail" search={{ code: s.code }} className="holding__head">
              <span className="pos__name">{displayName(s, i18n.locale)}</span>
              <span className="pos__code mono">{s.code}</span>
              <AccountBadge account={s.account} />
              <span className="holding__shares small">
                <Trans>{formatNumber(s.shares)}株</Trans>
              </span>
            </Link>
            <HoldingFigures s={s} market />
            <LentNote s={s} id={lentId} />
            <HoldingLots code={s.code} account={s.account} count={s.positions} />
            <div className="holding__actions">
              <button
                type="button"
                className="btn btn--secondary holding__sell"
                disabled={allLent(s)}
                aria-describedby={s.lentShares > 0 ? lentId : undefined}
                onClick={() => onTrade(s.code, 'down', s.account)}
              >
                <Trans>売る</Trans>
              </button>
              <button type="button" className="btn btn--secondary holding__buy" onClick={() => onTrade(s.code, 'up')}>
                <Trans>買い増し</Trans>
              </button>
            </div>
          </li>
        );
      })}
      <li className="holding__rule small muted">
        <Trans>本日の評価損益の変化＝保有株数 ×（現在値 − 前日終値）。本日買い付けた株は買付代金から数えます。</Trans>
      </li>
    </ul>
  );
}

/**
 * 内訳: the purchases a holding sums (each its own position, sold oldest first within its account),
 * opened on demand — each links to its detail, where its fees, settlement and T+N date are shown.
 */
function HoldingLots({ code, account, count }: { code: string; account: AccountType; count: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="holding__lots" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Trans>内訳（{count}件）</Trans>
      </summary>
      {open ? <HoldingLotList code={code} account={account} /> : null}
    </details>
  );
}

function HoldingLotList({ code, account }: { code: string; account: AccountType }) {
  const query = useInfiniteQuery(positionsQuery('open'));
  const lots = (query.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (p) => p.code === code && p.account === account && p.direction === 'up' && p.leverage === 1 && !p.dayTrade,
  );
  if (query.isPending) return <LoadingPane />;
  return (
    <ul className="pos-list">
      {lots.map((p) => (
        <PositionRow key={p.id} p={p} compact />
      ))}
    </ul>
  );
}
