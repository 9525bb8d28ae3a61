import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { blockApi } from '../../../shared/api/block';
import { fundsApi } from '../../../shared/api/funds';
import { tradeApi } from '../../../shared/api/trade';
import type { FeeSchedule } from '../../../shared/domain/trade-money';
import { useMoneyCommand } from '../../api/money-command';
import { endpointArea, endpointKey, endpointPrefix, endpointQuery } from '../../api/query';
import { useSiteConfig } from '../../api/site-config';
import { toast } from '../../components/Toast';
import type { BlockOffer } from './OfferList';
import type { PositionView } from '../trade';
import { blockCost, checkBlockShares } from './rules';

/** Buying power (`GET funds/summary`): the same entry as the ticket's and the mine screen's. `silent`: a prefetch. */
export function buyingPowerQuery(opts: { silent?: boolean } = {}) {
  return endpointQuery(fundsApi.summary, {}, { silent: opts.silent, staleTime: 5_000 });
}

export type BlockBuyState = ReturnType<typeof useBlockBuy>;

/**
 * Everything the purchase of one offer (BlockBuy.tsx) knows: the shares chosen (kept within the
 * minimum and what is left), their cost with the fee, the buying power, whether the offer is open,
 * and the purchase command with its confirmation.
 */
export function useBlockBuy(offer: BlockOffer, onBought: (p: PositionView) => void) {
  const { t } = useLingui();
  const config = useSiteConfig();
  const funds = useQuery(buyingPowerQuery());
  const min = Math.max(offer.minShares, 1);
  const [shares, setShares] = useState(min);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    setShares((s) => (s < min ? min : s));
  }, [min]);

  const feeSchedule: FeeSchedule = config.data?.feeSchedule ?? 'zero';
  const cost = blockCost(offer.price, shares, offer.priceScale, feeSchedule);
  const available = funds.data?.available ?? null;
  const check = checkBlockShares(shares, min, offer.sharesAvailable);
  const phase = offer.phase;
  const enough = available === null ? null : cost.total <= available;

  const client = useQueryClient();
  // A purchase opens a position: positions, funds and the offers' remaining shares all change.
  const action = useMoneyCommand(blockApi.buy, {
    invalidate: [endpointPrefix(tradeApi.positions), endpointArea(fundsApi.summary), endpointArea(blockApi.offers)],
    onSuccess: (p) => {
      client.setQueryData(endpointKey(tradeApi.position, { params: { id: p.id } }), p);
      setConfirming(false);
      toast(t`ブロック取引を購入しました`);
      onBought(p);
    },
  });
  const cancel = useCallback(() => {
    action.end();
    setConfirming(false);
  }, [action]);
  const review = () => {
    action.begin();
    setConfirming(true);
  };
  const buy = () => {
    if (!action.isPending) action.mutate({ params: { id: offer.id }, body: { shares } });
  };
  const clamp = (v: number) => Math.max(min, Math.min(offer.sharesAvailable, Math.trunc(v)));

  return { min, shares, setShares, clamp, cost, available, check, phase, enough, confirming, review, cancel, buy, buying: action.isPending };
}
