import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustHoldingView } from '../../../shared/api/trusts';
import { formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Signed } from '../../components/Signed';
import * as icons from '../../components/icons';
import { AccountBadge } from '../tax-account';
import { trustHoldingsQuery } from './api';
import { trustName } from './labels';

/** 評価損益 as a share of 取得価額, basis points (none without a cost). */
function pnlBp(h: Pick<TrustHoldingView, 'pnl' | 'bookCost'>): number | null {
  return h.bookCost > 0 ? Math.round((h.pnl * 10_000) / h.bookCost) : null;
}

/** 保有: one line per fund and account type, valued at the last NAV; the totals above. */
export function TrustHoldings() {
  const { t } = useLingui();
  const query = useQuery(trustHoldingsQuery());
  if (query.isPending) return <LoadingPane />;
  const items = query.data?.items ?? [];
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView compact icon={icons.alert} text={<Trans>保有状況を読み込めませんでした</Trans>} />
    ) : (
      <EmptyView compact text={<Trans>保有している投資信託はありません</Trans>} />
    );
  }
  const value = items.reduce((s, h) => s + h.value, 0);
  const cost = items.reduce((s, h) => s + h.bookCost, 0);
  return (
    <div className="trust-holdings">
      <section className="card" aria-label={t`投資信託の合計`}>
        <dl className="kv">
          <dt>
            <Trans>評価額合計</Trans>
          </dt>
          <dd className="mono strong">{formatMoney(value)}</dd>
          <dt>
            <Trans>取得価額合計</Trans>
          </dt>
          <dd className="mono">{formatMoney(cost)}</dd>
          <dt>
            <Trans>評価損益合計</Trans>
          </dt>
          <dd>
            <Signed value={value - cost} /> <Signed value={pnlBp({ pnl: value - cost, bookCost: cost })} bp strong={false} arrows={false} />
          </dd>
        </dl>
        <p className="small muted">
          <Trans>直近の基準価額（シミュレーション）による評価です。</Trans>
        </p>
      </section>
      <ul className="pos-list" data-testid="trust-holdings">
        {items.map((h) => (
          <li key={`${h.fundId}:${h.account}`}>
            <HoldingRow h={h} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function HoldingRow({ h }: { h: TrustHoldingView }) {
  const { i18n } = useLingui();
  return (
    <div className="pos trust-holding" data-testid={`trust-holding-${h.fundId}-${h.account}`}>
      <div className="pos__head">
        <AccountBadge account={h.account} />
        <Link to="/home/trust" search={{ id: h.fundId }} className="pos__name trust-link">
          {trustName(h.names, i18n.locale)}
        </Link>
      </div>
      <dl className="trust-figures">
        <div>
          <dt>
            <Trans>保有口数</Trans>
          </dt>
          <dd className="mono">
            <Trans>{formatNumber(h.units)}口</Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>評価額</Trans>
          </dt>
          <dd className="mono">{formatMoney(h.value)}</dd>
        </div>
        <div>
          <dt>
            <Trans>評価損益</Trans>
          </dt>
          <dd>
            <Signed value={h.pnl} /> <Signed value={pnlBp(h)} bp strong={false} arrows={false} className="trust-pnl-rate" />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>平均取得単価（1万口）</Trans>
          </dt>
          <dd className="mono">{formatMoney(h.principalPer10k)}</dd>
        </div>
        <div>
          <dt>
            <Trans>基準価額（1万口）</Trans>
          </dt>
          <dd className="mono">{formatMoney(h.nav)}</dd>
        </div>
        <div>
          <dt>
            <Trans>取得価額</Trans>
          </dt>
          <dd className="mono">{formatMoney(h.bookCost)}</dd>
        </div>
      </dl>
      {h.pendingSellUnits > 0 ? (
        <p className="small tone-warn" data-testid="trust-pending-sell">
          <Trans>解約注文中：{formatNumber(h.pendingSellUnits)}口（次の基準価額で約定）</Trans>
        </p>
      ) : null}
      <div className="trust-row__foot small muted">
        {h.navDate ? <Trans>{formatIsoDate(h.navDate)} の基準価額で評価</Trans> : null}
        <span className="trust-actions">
          <Link to="/home/trustOrder" search={{ id: h.fundId, side: 'buy', account: h.account === 'nisa_tsumitate' ? undefined : h.account }} className="btn btn--secondary trust-actions__btn">
            <Trans>買付</Trans>
          </Link>
          {h.units > h.pendingSellUnits ? (
            <Link to="/home/trustOrder" search={{ id: h.fundId, side: 'sell', account: h.account }} className="btn btn--secondary trust-actions__btn">
              <Trans>解約</Trans>
            </Link>
          ) : null}
        </span>
      </div>
    </div>
  );
}
