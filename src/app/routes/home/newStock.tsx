import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/newStock: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/newStock')({
  staticData: { name: 'newStock' },
  beforeLoad: requireSession,
  component: NewStockScreen,
});

function NewStockScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`新規公開株（IPO）`} />;
}
