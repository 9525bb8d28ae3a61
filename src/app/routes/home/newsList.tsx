import { createFileRoute } from '@tanstack/react-router';
import { NewsListScreen } from '../../features/messaging/NewsListScreen';
import { requireSession } from '../-lib/guards';

/** /home/newsList — the news centre tab: simulated market news and staff articles. */
export const Route = createFileRoute('/home/newsList')({
  staticData: { name: 'newsList' },
  beforeLoad: requireSession,
  component: NewsListScreen,
});
