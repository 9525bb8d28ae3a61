import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../../components/NotAvailable';
import { requireSession } from '../../-lib/guards';
import { idSearch } from '../../-lib/search';

/** /home/ipo/sgjlDetail: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/ipo/sgjlDetail')({
  staticData: { name: 'sgjlDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: SgjlDetailScreen,
});

function SgjlDetailScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`IPOの申込詳細`} />;
}
