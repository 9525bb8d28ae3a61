import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /trade/positionDetail: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/trade/positionDetail')({
  staticData: { name: 'positionDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: PositionDetailScreen,
});

function PositionDetailScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`建玉詳細`} />;
}
