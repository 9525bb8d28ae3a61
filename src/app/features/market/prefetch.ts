import type { QueryClient } from '@tanstack/react-query';
import type { StockDetailSearch } from '../../routes/-lib/search';
import { candlesQuery, quoteQuery } from './api';
import { chartState } from './ChartPanel';

/**
 * What a detail route's loader fetches ahead (docs/architecture.md, "Layers"): the quote and
 * the chart the screen opens with. Not awaited — navigation never waits for data; preloading on
 * intent (a finger on the link) starts the reads early, and the screen shows the cache at once.
 */
export function prefetchInstrument(client: QueryClient, code: string | undefined, search: StockDetailSearch, adjustable: boolean): void {
  if (!code) return;
  const chart = chartState(search);
  void client.prefetchQuery(quoteQuery(code));
  void client.prefetchQuery(candlesQuery(code, chart.period, adjustable ? chart.adjust : 'none'));
}
