import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/bankList: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/bankList')({
  staticData: { name: 'bankList' },
  beforeLoad: requireSession,
  component: BankListScreen,
});

function BankListScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`銀行口座`} />;
}
