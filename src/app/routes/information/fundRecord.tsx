import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { fundRecordSearch } from '../-lib/search';

/** /information/fundRecord: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/fundRecord')({
  staticData: { name: 'fundRecord' },
  beforeLoad: requireSession,
  validateSearch: fundRecordSearch,
  component: FundRecordScreen,
});

function FundRecordScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`取引履歴`} />;
}
