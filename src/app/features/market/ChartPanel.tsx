import { Suspense, useMemo, useRef } from 'react';
import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/money';
import { LazyPriceChart } from '../../components/chart';
import { useMarketLabels } from './labels';
import { TabList, ToggleGroup } from './parts';
import { useOnline } from '../../query/online';
import {
  ADJUST_PARAMS,
  CHART_PERIOD_PARAMS,
  MAIN_INDICATOR_PARAMS,
  SUB_INDICATOR_PARAMS,
  type StockDetailSearch,
} from '../../routes/-lib/search';
import { candlesQuery, quoteQuery } from './api';
import { applyLiveQuote, liveStart, type LiveBars } from '../../components/chart/live-bar';
import type { CandlesData, QuoteData } from '../../../shared/api/market';
import type { ChartPeriod } from '../../../shared/chart';
import { useUpDown } from './updown';

export type ChartState = Required<Omit<StockDetailSearch, 'code'>>;
export const DEFAULT_CHART: ChartState = { period: 'day', main: 'MA', sub: 'VOL', adjust: 'none' };

/** The chart options from the search params, defaults filled in. */
export function chartState(search: StockDetailSearch): ChartState {
  return {
    period: search.period ?? DEFAULT_CHART.period,
    main: search.main ?? DEFAULT_CHART.main,
    sub: search.sub ?? DEFAULT_CHART.sub,
    adjust: search.adjust ?? DEFAULT_CHART.adjust,
  };
}

const CHART_HEIGHT = 400;

/**
 * The detail screens' chart: period tabs, main and sub indicators, adjustment (stocks only), and
 * the lazily loaded uPlot chart (components/chart) with crosshair, zoom and pan. The options live in
 * the URL, so a reload — also offline, from the cache — shows the same chart.
 */
export function ChartPanel({
  code,
  priceScale,
  adjustable,
  state,
  onChange,
}: {
  code: string;
  priceScale: number;
  adjustable: boolean;
  state: ChartState;
  onChange: (next: Partial<ChartState>) => void;
}) {
  const { t } = useLingui();
  const labels = useMarketLabels();
  const online = useOnline();
  const restoring = useIsRestoring();
  const { rise, fall } = useUpDown();
  const adjust = adjustable ? state.adjust : 'none';
  const query = useQuery(candlesQuery(code, state.period, adjust));
  const data = query.data;
  // The quote the stream keeps live (the header's cache entry): the last candle follows it.
  const quote = useQuery({ ...quoteQuery(code), enabled: false }).data?.quote;
  const bars = useLiveBars(data, state.period, adjust, quote);
  const asOf = data ? formatDateTime(data.at) : null;

  const periods = CHART_PERIOD_PARAMS.map((p) => ({ id: p, label: labels.period(p) }));
  const mains = MAIN_INDICATOR_PARAMS.map((m) => ({ id: m, label: m === 'none' ? t`なし` : m }));
  const subs = SUB_INDICATOR_PARAMS.map((s) => ({ id: s, label: s }));
  const adjusts = ADJUST_PARAMS.map((a) => ({
    id: a,
    label: a === 'none' ? t`調整なし` : a === 'forward' ? t`前方調整` : t`後方調整`,
  }));

  let body;
  if (data) {
    body = (
      <Suspense fallback={<div className="chart-panel__skeleton" style={{ height: CHART_HEIGHT }} />}>
        <LazyPriceChart
          bars={bars}
          period={state.period}
          indicators={{ main: state.main === 'none' ? null : state.main, sub: state.sub }}
          priceScale={data.priceScale || priceScale}
          prevClose={data.prevClose ?? undefined}
          upColor={rise}
          downColor={fall}
        />
      </Suspense>
    );
  } else if (!restoring && (query.isError || !online)) {
    body = (
      <div className="chart-panel__skeleton" style={{ height: CHART_HEIGHT }} role="status">
        {online ? <Trans>チャートを読み込めませんでした</Trans> : <Trans>オフラインのため、このチャートはまだ表示できません</Trans>}
      </div>
    );
  } else {
    body = (
      <div className="chart-panel__skeleton" style={{ height: CHART_HEIGHT }} aria-busy="true">
        <Trans>チャートを読み込み中…</Trans>
      </div>
    );
  }

  return (
    <section className="chart-panel" aria-label={t`チャート`}>
      <TabList
        items={periods}
        value={state.period}
        onChange={(period) => onChange({ period })}
        label={t`チャートの期間`}
        idPrefix="period"
        small
        fit
      />
      <div id="period-panel" role="tabpanel" aria-labelledby={`period-tab-${state.period}`} className="chart-panel__box" data-testid="chart-box">
        {body}
      </div>
      <div className="chart-panel__opts">
        <ToggleGroup label={t`主指標`} items={mains} value={state.main} onChange={(main) => onChange({ main })} testId="main-indicators" />
        <ToggleGroup label={t`副指標`} items={subs} value={state.sub} onChange={(sub) => onChange({ sub })} testId="sub-indicators" />
        {adjustable ? (
          <ToggleGroup label={t`株価調整`} items={adjusts} value={state.adjust} onChange={(a) => onChange({ adjust: a })} testId="adjust" />
        ) : null}
      </div>
      {asOf ? (
        <p className="mk-muted" data-testid="chart-asof">
          <Trans>チャート: {asOf} 時点（シミュレーション）</Trans>
        </p>
      ) : null}
    </section>
  );
}

/**
 * The candles with the live quote folded into the current one (components/chart/live-bar.ts), so
 * the last candle moves with every tick instead of waiting for the next refetch. The fold runs
 * forward from the fetched candles; a refetch starts it again from the server's bars. Backward
 * adjustment rescales recent prices when an action is in view, so raw quotes are not folded then.
 */
function useLiveBars(data: CandlesData | undefined, period: ChartPeriod, adjust: string, quote: QuoteData | undefined) {
  const held = useRef<{ data: CandlesData; period: ChartPeriod; live: LiveBars } | null>(null);
  return useMemo(() => {
    if (!data) return [];
    if (adjust === 'backward' && data.actions.length > 0) return data.bars;
    let h = held.current;
    if (!h || h.data !== data || h.period !== period) {
      h = { data, period, live: liveStart(data.bars, period, data.tradingDate, data.at, data.dayVolume) };
    }
    if (quote) h = { ...h, live: applyLiveQuote(h.live, period, quote) };
    held.current = h;
    return h.live.bars;
  }, [data, period, adjust, quote]);
}
