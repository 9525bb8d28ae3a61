import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { BlockOrderList } from '../../features/trade/BlockOffers';
import { requireSession } from '../-lib/guards';

/** /home/blockTrade2 — the user's block-trade purchases (locked until their lock ends). */
export const Route = createFileRoute('/home/blockTrade2')({
  staticData: { name: 'blockTrade2' },
  beforeLoad: requireSession,
  component: BlockTrade2Screen,
});

function BlockTrade2Screen() {
  const { t } = useLingui();
  return (
    <Page title={t`ブロック取引の注文履歴`} fallback="/home/blockTrade">
      <BlockOrderList />
    </Page>
  );
}
