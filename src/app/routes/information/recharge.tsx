import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/recharge: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/recharge')({
  staticData: { name: 'recharge' },
  beforeLoad: requireSession,
  component: RechargeScreen,
});

function RechargeScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`入金`} />;
}
