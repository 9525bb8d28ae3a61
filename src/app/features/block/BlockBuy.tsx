import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { Page } from '../../components/Page';
import { LoadingPane } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { OfferCard, blockOffersQuery, type BlockOffer } from './OfferList';
import type { PositionView } from '../trade';
import { BlockBuyRules, PhaseNotice } from './BlockBuyRules';
import { BlockBuyConfirm, BlockBuyTicket } from './BlockBuyTicket';
import { buyingPowerQuery, useBlockBuy } from './useBlockBuy';
import './block.css';

/** Buy shares of one block-trade offer: minimum, availability, window and lock rules shown first. */
export function BlockBuy({ id, onBought }: { id: string; onBought: (p: PositionView) => void }) {
  const offers = useQuery(blockOffersQuery());
  const offer = offers.data?.items.find((o) => o.id === id);
  if (!offer) {
    if (offers.isPending) {
      return (
        <LoadingPane size={28} />
      );
    }
    return <EmptyView icon={icons.layers} text={<Trans>この案件は見つかりませんでした</Trans>} hint={<Trans>募集が終了したか、取り下げられた可能性があります。</Trans>} />;
  }
  return <BuyForm offer={offer} onBought={onBought} />;
}

/** The offer's card and rules, the shares and their cost, the confirmation. The state is useBlockBuy's. */
function BuyForm({ offer, onBought }: { offer: BlockOffer; onBought: (p: PositionView) => void }) {
  const buy = useBlockBuy(offer, onBought);
  return (
    <>
      <ul className="offer-list">
        <OfferCard o={offer} link={false} />
      </ul>
      <BlockBuyRules offer={offer} min={buy.min} />
      {buy.phase !== 'open' ? <PhaseNotice phase={buy.phase} /> : null}
      <BlockBuyTicket offer={offer} buy={buy} />
      {buy.confirming ? <BlockBuyConfirm offer={offer} buy={buy} /> : null}
    </>
  );
}

const blockBuyRoute = getRouteApi('/home/blockTrade1');

/** /home/blockTrade1?id= — buy shares of one block-trade offer. */
export function BlockBuyScreen() {
  const { t } = useLingui();
  const { id } = blockBuyRoute.useSearch();
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

/** What /home/blockTrade1's loader fetches ahead (not awaited): the offers and the buying power. */
export function prefetchBlockBuy(client: QueryClient): void {
  void client.prefetchQuery(blockOffersQuery({ silent: true }));
  void client.prefetchQuery(buyingPowerQuery({ silent: true }));
}
