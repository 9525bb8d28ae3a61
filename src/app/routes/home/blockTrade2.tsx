import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/blockTrade2: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/blockTrade2')({
  staticData: { name: 'blockTrade2' },
  beforeLoad: requireSession,
  component: BlockTrade2Screen,
});

function BlockTrade2Screen() {
  const { t } = useLingui();
  return <NotAvailable title={t`ブロック取引の注文履歴`} />;
}
