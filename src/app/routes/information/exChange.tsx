import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/exChange: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/exChange')({
  staticData: { name: 'exChange' },
  beforeLoad: requireSession,
  component: ExChangeScreen,
});

function ExChangeScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`通貨両替`} />;
}
