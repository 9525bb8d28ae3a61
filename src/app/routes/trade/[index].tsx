import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /trade/index — tab screen, kept alive; not built yet. */
export const Route = createFileRoute('/trade/index')({
  staticData: { name: 'trade' },
  beforeLoad: requireSession,
  component: TradeScreen,
});

function TradeScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`取引`} tabbed back={false} />;
}
