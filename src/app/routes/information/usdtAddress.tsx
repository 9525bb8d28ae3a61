import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/usdtAddress: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/usdtAddress')({
  staticData: { name: 'usdtAddress' },
  beforeLoad: requireSession,
  component: UsdtAddressScreen,
});

function UsdtAddressScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`USDTアドレス`} />;
}
