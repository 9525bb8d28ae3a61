/** Market area: simulated quotes, boards, candles, company data, alerts and the quote hub. */
import { defineModule } from '../module';
import { marketRoutes, type WatchlistCodes } from './routes';
import type { MarketService } from './service';

export { MarketService } from './service';
export { QuoteHub, type HubClient } from './hub';

export const marketModule = defineModule({
  name: 'market',
  routes: (s: { marketService: MarketService; watchlist: WatchlistCodes }) => marketRoutes(s.marketService, s.watchlist),
});
