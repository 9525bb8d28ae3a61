import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { strategiesApi, type StrategyKind, type StrategySummary } from '../../../shared/api/strategies';
import { formatMoney, formatNumber } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Signed } from '../../components/Signed';
import * as icons from '../../components/icons';
import { FUND_STATUS, RULE_NAME, fundName } from './labels';
import '../../components/positions.css';
import './fund-list.css';

/*
 * Strategy funds as cards (GET strategies?kind=): /home/qcList, /home/fllow and the home screen's
 * クオンツ tab. Every figure is a past result computed by the server from the fund's NAV rows and
 * fills; the card says so.
 */

export function strategiesQuery(kind: StrategyKind) {
  return endpointQuery(strategiesApi.list, { query: { kind } }, { staleTime: 30_000, refetchInterval: 60_000 });
}

export function FundList({ kind, limit }: { kind: StrategyKind; limit?: number }) {
  const query = useQuery(strategiesQuery(kind));
  if (query.isPending) return <LoadingPane />;
  const items = query.data?.items ?? [];
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView compact icon={icons.alert} text={<Trans>ファンドを読み込めませんでした</Trans>} />
    ) : (
      <EmptyView compact icon={icons.pulse} text={<Trans>現在募集中のファンドはありません</Trans>} />
    );
  }
  return (
    <ul className="fund-list" data-testid={`fund-list-${kind}`}>
      {(limit ? items.slice(0, limit) : items).map((f) => (
        <li key={f.id} className="card">
          <FundCard f={f} />
        </li>
      ))}
    </ul>
  );
}

export function FundCard({ f, link = true }: { f: StrategySummary; link?: boolean }) {
  const { i18n } = useLingui();
  const body = (
    <>
      <div className="fund-card__head">
        <span className="fund-card__name">{fundName(f, i18n.locale)}</span>
        {f.isNew ? (
          <span className="status status--fund-new">
            <Trans>新規設定</Trans>
          </span>
        ) : null}
        <span className={`status status--fund-${f.status}`}>{i18n._(FUND_STATUS[f.status])}</span>
      </div>
      <div className="fund-card__rule">
        {i18n._(RULE_NAME[f.rule])}
        {f.model ? ` · ${f.model}` : ''}
      </div>
      <dl className="fund-figures">
        <div>
          <dt>
            <Trans>基準価額</Trans>
          </dt>
          <dd className="mono">{formatMoney(f.nav)}</dd>
        </div>
        <div>
          <dt>
            <Trans>設定来</Trans>
          </dt>
          <dd>
            <Signed value={f.totalProfitBp} bp strong={false} />
          </dd>
        </div>
        <div>
          <dt>
            <Trans>1年（モデル）</Trans>
          </dt>
          <dd>{f.modelTrack.returnBp1y === null ? '—' : <Signed value={f.modelTrack.returnBp1y} bp strong={false} />}</dd>
        </div>
        <div>
          <dt>
            <Trans>純資産</Trans>
          </dt>
          <dd className="mono">{formatMoney(f.aum)}</dd>
        </div>
        <div>
          <dt>
            <Trans>最低投資金額</Trans>
          </dt>
          <dd className="mono">{formatMoney(f.minSubscription)}</dd>
        </div>
        <div>
          <dt>
            <Trans>勝率</Trans>
          </dt>
          <dd className="mono">{f.winRate.closed ? `${formatNumber(Math.round((f.winRate.won * 1000) / f.winRate.closed) / 10, 1)}%` : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>ロック期間</Trans>
          </dt>
          <dd className="mono">
            <Trans>{f.lockDays}日</Trans>
          </dd>
        </div>
      </dl>
      <p className="fund-past">
        <Trans>表示はすべて過去の実績で、将来の運用成果を約束するものではありません。「1年（モデル）」はルールを過去の市場（シミュレーション）に当てはめた計算で、ファンドの実績ではありません。</Trans>
      </p>
    </>
  );
  return link ? (
    <Link to="/home/strategy" search={{ id: f.id }} className="fund-card" data-testid={`fund-${f.id}`}>
      {body}
    </Link>
  ) : (
    <div className="fund-card">{body}</div>
  );
}
