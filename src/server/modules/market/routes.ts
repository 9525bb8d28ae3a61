import { createRouter, mount } from '../../http/contract';
import { marketApi } from '../../../shared/api/market';
import { listBoard } from './boards';
import { search } from './search';
import { candles } from './candles';
import { company } from './company';
import { insights } from './insights';
import { alertsFor } from './alerts';
import { mountStream } from './stream';

/** Market reads (DESIGN.md §5): public (simulated) market data, except the watchlist's alerts. */
export function marketRoutes() {
  const r = createRouter();
  mount(r, marketApi.instruments, ({ query, c }) => listBoard(c.get('services').marketService, query));
  mount(r, marketApi.search, ({ query, c }) => ({ items: search(c.get('services').marketService, query.q), simulated: true as const }));
  mount(r, marketApi.quote, ({ params, c }) => c.get('services').marketService.detail(params.code));
  mount(r, marketApi.candles, ({ params, query, c }) => candles(c.get('services').marketService, params.code, query.period, query.adjust));
  mount(r, marketApi.indices, ({ c }) => {
    const market = c.get('services').marketService;
    const indices = market.source.instruments().filter((i) => i.kind === 'index');
    return { items: indices.map((i) => market.detail(i.code)), simulated: true as const };
  });
  mount(r, marketApi.company, ({ params, c }) => company(c.get('services').marketService, params.code));
  mount(r, marketApi.insights, ({ params, c }) => insights(c.get('services').marketService, params.code));
  mount(r, marketApi.alerts, ({ params, c }) => {
    const market = c.get('services').marketService;
    return alertsFor(market, market.instrument(params.code));
  });
  mount(r, marketApi.watchlistAlerts, async ({ user, c }) => {
    const { marketService: market, watchlist } = c.get('services');
    const at = market.now();
    const codes = await watchlist.codes(user.id);
    const items = codes.flatMap((code) => {
      const inst = market.source.instrument(code);
      return inst ? [alertsFor(market, inst, at)] : [];
    });
    return { at, items, simulated: true as const };
  });
  mountStream(r);
  return r;
}
