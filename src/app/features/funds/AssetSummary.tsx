import { lazy, Suspense, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { fundsApi, type HISTORY_RANGES } from '../../../shared/api/funds';
import { formatMoney } from '../../../shared/money';
import { endpointQuery } from '../../api/query';
import { AsOf } from '../../components/AsOf';
import { Segmented } from '../../components/Segmented';
import { Signed } from '../../components/Signed';
import './AssetSummary.css';

/** uPlot comes with the chart's own chunk, the first time the card draws (AssetHistoryChart.tsx). */
const LazyAssetHistoryChart = lazy(() => import('./AssetHistoryChart'));

export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** 資産推移 and 当日損益 (`GET funds/history`): today's point is live, so it is refreshed while shown. */
export function fundsHistoryQuery(range: HistoryRange) {
  return endpointQuery(fundsApi.history, { query: { range } }, { silent: true, staleTime: 10_000, refetchInterval: 30_000, placeholderData: keepPreviousData });
}

const CHART_HEIGHT = 140;

/**
 * The home screen's asset summary: 総資産, 当日損益 (today's change without deposits, withdrawals
 * and grants) and the 資産推移 line, all from the ledger (docs/domain.md "Asset history"). Offline it
 * shows the persisted figures with their time.
 */
export function AssetSummary() {
  const { t, i18n } = useLingui();
  const [range, setRange] = useState<HistoryRange>('1m');
  const query = useQuery(fundsHistoryQuery(range));
  const h = query.data;
  if (!h) {
    // Same height as the card, so nothing below it jumps when it arrives.
    return <section className="card asset-summary asset-summary--loading" aria-label={t`資産サマリー`} aria-busy={query.isPending} />;
  }
  return (
    <section className="card asset-summary" aria-label={t`資産サマリー`} data-testid="asset-summary">
      <div className="asset-summary__figures">
        <div>
          <span className="asset-summary__label">
            <Trans>総資産</Trans>
          </span>
          <span className="asset-summary__total mono" data-testid="home-total-assets">
            {formatMoney(h.totalAssets, h.currency)}
          </span>
        </div>
        <div className="asset-summary__day">
          <span className="asset-summary__label">
            <Trans>当日損益</Trans>
          </span>
          <span data-testid="home-day-change">
            <Signed value={h.dayChange} currency={h.currency} /> <Signed value={h.dayChangeBp} bp arrows={false} strong={false} />
          </span>
        </div>
      </div>
      <div className="asset-summary__chart-head">
        <span className="asset-summary__label">
          <Trans>資産推移</Trans>
        </span>
        <Segmented
          label={t`資産推移の期間`}
          className="asset-summary__ranges"
          value={range}
          onChange={setRange}
          options={[
            { value: '1m', label: t`1ヶ月` },
            { value: '3m', label: t`3ヶ月` },
            { value: '1y', label: t`1年` },
            { value: 'all', label: t`全期間` },
          ]}
        />
      </div>
      {h.points.length > 1 ? (
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
          <LazyAssetHistoryChart points={h.points} locale={i18n.locale} height={CHART_HEIGHT} label={t`資産推移のグラフ`} />
        </Suspense>
      ) : (
        <p className="asset-summary__empty small muted" style={{ height: CHART_HEIGHT }}>
          <Trans>資産推移は翌日から表示されます。</Trans>
        </p>
      )}
      <AsOf query={query} testId="asset-summary-asof" />
    </section>
  );
}
