import { createFileRoute } from '@tanstack/react-router';
import { FundDetailScreen, prefetchStrategy } from '../../features/strategies/FundScreens';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';
import { loaderClient } from '../-lib/query-client';

/** /home/strategy?id= — one strategy fund: rules, NAV chart, holdings, trades, subscribe. */
export const Route = createFileRoute('/home/strategy')({
  staticData: { name: 'strategy' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => prefetchStrategy(loaderClient(context), deps.id),
  codeSplitGroupings: [['loader', 'component']],
  component: StrategyRoute,
});

function StrategyRoute() {
  const { id } = Route.useSearch();
  return <FundDetailScreen id={id} />;
}
