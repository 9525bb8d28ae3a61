import { createFileRoute } from '@tanstack/react-router';
import { NewsDetailScreen } from '../../features/messaging/NewsDetailScreen';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/newsDetail?id= — one news item (an article's Markdown is rendered without raw HTML). */
export const Route = createFileRoute('/home/newsDetail')({
  staticData: { name: 'newsDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: NewsDetailRoute,
});

function NewsDetailRoute() {
  const { id } = Route.useSearch();
  return <NewsDetailScreen id={id} />;
}
