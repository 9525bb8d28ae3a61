import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/dayTrading: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/dayTrading')({
  staticData: { name: 'dayTrading' },
  beforeLoad: requireSession,
  component: DayTradingScreen,
});

function DayTradingScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`デイトレード`} />;
}
