import { Suspense, useEffect, type ComponentType } from 'react';
import { Link, getRouteApi } from '@tanstack/react-router';
import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import * as shellIcons from '../../components/icons';
import { instrumentName, rowFromDetail } from './names';
import { isApiError } from '../../api/client';
import { useLiveQuotes } from '../../api/quotes/live';
import { useOnline } from '../../query/online';
import { getSavedStock, setSavedStock } from '../../storage';
import { quoteQuery } from './api';
import { ChartPanel, chartState, type ChartState } from './ChartPanel';
import { QuoteHeader } from './QuoteHeader';
import { useAfterPaint } from '../../components/after-paint';
import { DetailPanels, preloadPanels } from './DetailPanels';

/**
 * The watchlist's star for the top bar, handed over by the route (routes/market/stockDetail.tsx):
 * the watchlist draws with this feature's rows, so this feature does not import the watchlist
 * (docs/architecture.md "Layers"). It is mounted after the header's first frame: its slot in the
 * top bar has a fixed width, so nothing moves.
 */
export type WatchStarComponent = ComponentType<{ row: ReturnType<typeof rowFromDetail> }>;

/** The saved stock detail: what the detail screen opens when no code is given. */
export interface SavedStock {
  code: string;
  kind: string;
  nameJa: string;
  nameEn: string;
}

/**
 * The body of /market/stockDetail and /market/stockDetailzs: quote header (live), chart with every
 * period and indicator, and for stocks the information tabs and the buy / sell entry to the trade
 * screen. Everything renders from the persisted cache when offline.
 */
export function DetailScreen({
  code,
  variant,
  chart,
  onChart,
  star: WatchStar,
}: {
  code: string | undefined;
  variant: 'stock' | 'index';
  chart: ChartState;
  onChart: (next: Partial<ChartState>) => void;
  star?: WatchStarComponent;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const online = useOnline();
  const restoring = useIsRestoring();
  const query = useQuery({ ...quoteQuery(code ?? ''), enabled: !!code });
  const detail = query.data;
  useLiveQuotes(code ? [code] : []);
  // The header and the chart paint first; the star and the panels below them mount after that
  // frame, the panels in stages (their chunks are fetched meanwhile, one per task: DetailPanels.tsx).
  const isStockDetail = detail?.instrument.kind === 'stock';
  const painted = useAfterPaint(detail !== undefined);
  useEffect(() => (isStockDetail ? preloadPanels() : undefined), [isStockDetail]);

  // Remember the last instrument opened: the stock detail opens it when no code is given.
  const inst = detail?.instrument;
  useEffect(() => {
    if (inst && inst.kind !== 'index') {
      setSavedStock({ code: inst.code, kind: inst.kind, nameJa: inst.nameJa, nameEn: inst.nameEn } satisfies SavedStock);
    }
  }, [inst]);

  const fallbackTitle = variant === 'index' ? t`指数詳細` : t`銘柄詳細`;
  if (!code) {
    return (
      <Page title={fallbackTitle} fallback="/market/index">
        <EmptyView
          icon={shellIcons.search}
          text={<Trans>銘柄が選ばれていません</Trans>}
          action={
            <Link to="/favorite/search" className="btn btn--secondary">
              <Trans>銘柄を探す</Trans>
            </Link>
          }
        />
      </Page>
    );
  }

  if (!detail) {
    const notFound = isApiError(query.error) && query.error.httpStatus === 404;
    return (
      <Page title={fallbackTitle} fallback="/market/index">
        {!restoring && (query.isError || !online) ? (
          <EmptyView
            icon={shellIcons.alert}
            text={
              notFound ? (
                <Trans>銘柄が見つかりません（{code}）</Trans>
              ) : online ? (
                <Trans>相場を読み込めませんでした</Trans>
              ) : (
                <Trans>オフラインです。この銘柄の相場はまだ保存されていません。</Trans>
              )
            }
            action={
              online && !notFound ? (
                <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
                  <Trans>再読み込み</Trans>
                </button>
              ) : undefined
            }
          />
        ) : (
          <div className="empty" aria-busy="true">
            <Spinner size={28} label={t`読み込み中`} />
          </div>
        )}
      </Page>
    );
  }

  const isStock = detail.instrument.kind === 'stock';
  const name = instrumentName(detail.instrument, locale);
  const title = (
    <>
      {name} <span className="mk-muted">{detail.instrument.code}</span>
    </>
  );
  return (
    <Page
      title={title}
      fallback="/market/index"
      right={
        variant === 'stock' && painted && WatchStar ? (
          <Suspense fallback={null}>
            <WatchStar row={rowFromDetail(detail)} />
          </Suspense>
        ) : undefined
      }
    >
      <QuoteHeader detail={detail} />
      <ChartPanel
        code={detail.instrument.code}
        priceScale={detail.quote.priceScale}
        adjustable={isStock}
        state={chart}
        onChange={onChart}
      />
      {isStock && painted ? <DetailPanels code={detail.instrument.code} priceScale={detail.quote.priceScale} price={detail.quote.price} /> : null}
      {isStock ? (
        <div className="trade-bar">
          <Link to="/trade/index" search={{ code: detail.instrument.code, direction: 'up' }} className="btn mk-btn--rise">
            <Trans>買い</Trans>
          </Link>
          <Link to="/trade/index" search={{ code: detail.instrument.code, direction: 'down' }} className="btn mk-btn--fall">
            <Trans>売り</Trans>
          </Link>
        </div>
      ) : null}
    </Page>
  );
}

const stockDetailRoute = getRouteApi('/market/stockDetail');
const indexDetailRoute = getRouteApi('/market/stockDetailzs');

/** The stock shown by /market/stockDetail: the `code` param, else the saved stock detail (the last stock opened). */
export function stockDetailCode(code: string | undefined): string | undefined {
  return (code ?? getSavedStock<SavedStock>()?.code)?.toUpperCase();
}

/**
 * /market/stockDetail?code=7203 — a stock (or crypto / FX pair): live quote header, chart with every
 * period, indicators and adjustment, information tabs, buy / sell entry. Without a code it opens the
 * saved stock detail (the last stock opened).
 */
export function StockDetailScreen({ star }: { star?: WatchStarComponent }) {
  const search = stockDetailRoute.useSearch();
  const navigate = stockDetailRoute.useNavigate();
  const onChart = (next: Partial<ChartState>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return <DetailScreen code={stockDetailCode(search.code)} variant="stock" chart={chartState(search)} onChart={onChart} star={star} />;
}

/** /market/stockDetailzs?code=N225 — an index (Nikkei 225, TOPIX, TSE Growth 250): live value and chart. */
export function IndexDetailScreen() {
  const search = indexDetailRoute.useSearch();
  const navigate = indexDetailRoute.useNavigate();
  const onChart = (next: Partial<ChartState>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return <DetailScreen code={(search.code ?? 'N225').toUpperCase()} variant="index" chart={chartState(search)} onChart={onChart} />;
}
