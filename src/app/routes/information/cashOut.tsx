import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/cashOut: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/cashOut')({
  staticData: { name: 'cashOut' },
  beforeLoad: requireSession,
  component: CashOutScreen,
});

function CashOutScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`出金`} />;
}
