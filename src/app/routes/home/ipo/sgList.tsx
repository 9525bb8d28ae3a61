import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../../components/NotAvailable';
import { requireSession } from '../../-lib/guards';

/** /home/ipo/sgList: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/ipo/sgList')({
  staticData: { name: 'sgList' },
  beforeLoad: requireSession,
  component: SgListScreen,
});

function SgListScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`IPOの申込履歴`} />;
}
