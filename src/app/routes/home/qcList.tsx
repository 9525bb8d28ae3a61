import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/qcList: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/qcList')({
  staticData: { name: 'qcList' },
  beforeLoad: requireSession,
  component: QcListScreen,
});

function QcListScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`クオンツファンド`} />;
}
