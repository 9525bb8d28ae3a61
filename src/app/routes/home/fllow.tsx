import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/fllow: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/fllow')({
  staticData: { name: 'fllow' },
  beforeLoad: requireSession,
  component: FllowScreen,
});

function FllowScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`フォロー注文ファンド`} />;
}
