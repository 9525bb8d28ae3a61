import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/blockTrade1: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/blockTrade1')({
  staticData: { name: 'blockTrade1' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: BlockTrade1Screen,
});

function BlockTrade1Screen() {
  const { t } = useLingui();
  return <NotAvailable title={t`ブロック取引の購入`} />;
}
