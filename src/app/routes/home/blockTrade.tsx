import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /home/blockTrade: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/home/blockTrade')({
  staticData: { name: 'blockTrade' },
  beforeLoad: requireSession,
  component: BlockTradeScreen,
});

function BlockTradeScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`ブロック取引`} />;
}
