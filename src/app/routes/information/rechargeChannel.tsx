import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/rechargeChannel: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/rechargeChannel')({
  staticData: { name: 'rechargeChannel' },
  beforeLoad: requireSession,
  component: RechargeChannelScreen,
});

function RechargeChannelScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`入金方法`} />;
}
