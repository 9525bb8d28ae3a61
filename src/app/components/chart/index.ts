import { lazy } from 'react';

/*
 * The chart feature's entry for screens. `LazyPriceChart` loads PriceChart — and with it uPlot,
 * its CSS and the indicator code — as a separate chunk the first time a chart renders, so
 * neither the screen's own chunk nor any other screen carries them. Everything
 * else exported here is light.
 *
 *   const bars = useMemo(() => data?.bars ?? [], [data]);   // adjusted + aggregated candles
 *   <Suspense fallback={<div style={{ height: 360 }} />}>
 *     <LazyPriceChart bars={bars} period="day" priceScale={10}
 *       indicators={{ main: 'MA', sub: 'MACD' }} upColor={up} downColor={down} />
 *   </Suspense>
 */
export const LazyPriceChart = lazy(() => import('./PriceChart'));

export type { CrosshairInfo, PriceChartProps } from './PriceChart';
export type { Indicators, MainIndicator, SubIndicator } from './model';
export { DEFAULT_DOWN_COLOR, DEFAULT_UP_COLOR } from './colors';
