import { route } from '../module';
import { marketApi } from '../../../shared/api/market';
import type { MarketService } from './service';
import { listBoard } from './boards';
import { search } from './search';
import { candles } from './candles';
import { company } from './company';
import { insights } from './insights';
import { alertsFor } from './alerts';
import { book, trades } from './depth';

/** The watchlist's codes, for the watchlist alerts (passed in: market does not import watchlist). */
export interface WatchlistCodes {
  codes(userId: string): Promise<string[]>;
}

/**
 * Market reads (docs/architecture.md): public (simulated) market data, except the watchlist's
 * alerts. The quote stream (SSE) is transport, mounted by src/server/http/market-stream.ts.
 */
export function marketRoutes(market: MarketService, watchlist: WatchlistCodes) {
  return [
    route(marketApi.instruments, ({ query }) => listBoard(market, query)),
    route(marketApi.search, ({ query }) => ({ items: search(market, query.q), simulated: true as const })),
    route(marketApi.quote, ({ params }) => market.detail(params.code)),
    route(marketApi.candles, ({ params, query }) => candles(market, params.code, query.period, query.adjust)),
    route(marketApi.indices, () => ({ items: indexDetails(market), simulated: true as const })),
    route(marketApi.company, ({ params }) => company(market, params.code)),
    route(marketApi.insights, ({ params }) => insights(market, params.code)),
    route(marketApi.book, ({ params }) => book(market, params.code)),
    route(marketApi.trades, ({ params, query }) => trades(market, params.code, query.limit)),
    route(marketApi.alerts, ({ params }) => alertsFor(market, market.instrument(params.code))),
    route(marketApi.watchlistAlerts, ({ user }) => watchlistAlerts(market, watchlist, user.id)),
  ];
}

function indexDetails(market: MarketService) {
  return market.source.instruments().filter((i) => i.kind === 'index').map((i) => market.detail(i.code));
}

async function watchlistAlerts(market: MarketService, watchlist: WatchlistCodes, userId: string) {
  const at = market.now();
  const codes = await watchlist.codes(userId);
  const items = codes.flatMap((code) => {
    const inst = market.source.instrument(code);
    return inst ? [alertsFor(market, inst, at)] : [];
  });
  return { at, items, simulated: true as const };
}
