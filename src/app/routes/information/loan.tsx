import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/loan: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/loan')({
  staticData: { name: 'loan' },
  beforeLoad: requireSession,
  component: LoanScreen,
});

function LoanScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`証券担保ローン`} />;
}
