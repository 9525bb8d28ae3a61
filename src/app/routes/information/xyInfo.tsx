import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/xyInfo: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/xyInfo')({
  staticData: { name: 'xyInfo' },
  beforeLoad: requireSession,
  component: XyInfoScreen,
});

function XyInfoScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`与信情報`} />;
}
