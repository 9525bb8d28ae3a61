import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../../components/NotAvailable';
import { requireSession } from '../../-lib/guards';
import { idSearch } from '../../-lib/search';

/** /home/ipo/sgBuy: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/ipo/sgBuy')({
  staticData: { name: 'sgBuy' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: SgBuyScreen,
});

function SgBuyScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`当選株の購入`} />;
}
