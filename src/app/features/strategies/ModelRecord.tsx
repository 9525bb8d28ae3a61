import { lazy, Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { StrategyDetail } from '../../../shared/api/strategies';
import { formatIsoDate } from '../../../shared/money';
import { Signed } from '../../components/Signed';

/** uPlot comes with the chart's own chunk, as for the fund's own NAV chart. */
const LazyNavChart = lazy(() => import('../funds/AssetHistoryChart'));

/**
 * The rule's model track record (server: strategies/track.ts): the rule run over the simulated
 * market's past from a stated start, so funds can be compared before they have a history. Shown
 * apart from the fund's own results and labelled a model on every line.
 */
export function ModelRecord({ d }: { d: StrategyDetail }) {
  const { t, i18n } = useLingui();
  const m = d.fund.modelTrack;
  const points = d.modelHistory.map((p) => ({ date: p.date, totalAssets: p.nav }));
  return (
    <section className="card" aria-label={t`モデル運用（シミュレーション）`} data-testid="model-record">
      <h2 className="card__title">
        <Trans>ルールのモデル運用（シミュレーション）</Trans>
      </h2>
      {d.fund.isNew ? (
        <p className="small" data-testid="fund-new">
          <Trans>このファンドは {formatIsoDate(d.fund.startedOn)} に設定された新しいファンドです。実際の運用実績はまだわずかです。</Trans>
        </p>
      ) : null}
      <p className="small muted">
        <Trans>
          このファンドのルールを {formatIsoDate(m.from)} から {formatIsoDate(m.to)} までの過去の市場（シミュレーション）に当てはめた、1万口あたり¥10,000から始まる計算値です。信託報酬相当は差し引き、売買手数料・税金・単元の制約は含みません。
        </Trans>
      </p>
      {points.length >= 2 ? (
        <Suspense fallback={<div style={{ height: 160 }} />}>
          <div data-testid="model-chart">
            <LazyNavChart points={points} locale={i18n.locale} height={160} label={t`モデル運用の推移のグラフ`} />
          </div>
        </Suspense>
      ) : null}
      <dl className="kv">
        <dt>
          <Trans>1年（モデル）</Trans>
        </dt>
        <dd>{m.returnBp1y === null ? '—' : <Signed value={m.returnBp1y} bp strong={false} />}</dd>
        <dt>
          <Trans>起点 {formatIsoDate(m.from)} から（モデル）</Trans>
        </dt>
        <dd>{m.returnBpSinceFrom === null ? '—' : <Signed value={m.returnBpSinceFrom} bp strong={false} />}</dd>
      </dl>
      <p className="fund-past">
        <Trans>モデル運用はファンドの実際の運用実績ではなく、将来の成果を示唆・保証するものでもありません。</Trans>
      </p>
    </section>
  );
}
