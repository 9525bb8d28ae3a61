import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/addBankCard: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/addBankCard')({
  staticData: { name: 'addBankCard' },
  beforeLoad: requireSession,
  component: AddBankCardScreen,
});

function AddBankCardScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`銀行口座の登録`} />;
}
