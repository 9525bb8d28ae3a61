import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import * as icons from '../../components/icons';
import { BlockBuy } from '../../features/trade/BlockBuy';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/blockTrade1?id= — buy shares of one block-trade offer. */
export const Route = createFileRoute('/home/blockTrade1')({
  staticData: { name: 'blockTrade1' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: BlockTrade1Screen,
});

function BlockTrade1Screen() {
  const { t } = useLingui();
  const { id } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <Page title={t`ブロック取引の購入`} fallback="/home/blockTrade">
      {id ? (
        <BlockBuy id={id} onBought={() => void navigate({ to: '/home/blockTrade2', replace: true })} />
      ) : (
        <EmptyView icon={icons.layers} text={<Trans>案件が指定されていません</Trans>} />
      )}
    </Page>
  );
}
