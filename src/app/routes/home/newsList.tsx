import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/newsList — tab screen (news centre); not built yet. */
export const Route = createFileRoute('/home/newsList')({
  staticData: { name: 'newsList' },
  beforeLoad: requireSession,
  component: NewsListScreen,
});

function NewsListScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`ニュース`} tabbed back={false} />;
}
