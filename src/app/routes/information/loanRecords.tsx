import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/loanRecords: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/loanRecords')({
  staticData: { name: 'loanRecords' },
  beforeLoad: requireSession,
  component: LoanRecordsScreen,
});

function LoanRecordsScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`借入履歴`} />;
}
