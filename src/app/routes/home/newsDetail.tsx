import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/newsDetail: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/newsDetail')({
  staticData: { name: 'newsDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: NewsDetailScreen,
});

function NewsDetailScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`ニュース詳細`} />;
}
