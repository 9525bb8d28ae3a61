import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/upStock: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/upStock')({
  staticData: { name: 'upStock' },
  beforeLoad: requireSession,
  component: UpStockScreen,
});

function UpStockScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`株式貸借`} />;
}
