import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/newStockBuy: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/newStockBuy')({
  staticData: { name: 'newStockBuy' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: NewStockBuyScreen,
});

function NewStockBuyScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`新規公開株の詳細・申込`} />;
}
