import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/upStockRecord: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/upStockRecord')({
  staticData: { name: 'upStockRecord' },
  beforeLoad: requireSession,
  component: UpStockRecordScreen,
});

function UpStockRecordScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`株式貸借の履歴`} />;
}
