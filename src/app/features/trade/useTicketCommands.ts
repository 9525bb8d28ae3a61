import { useCallback, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import { useMoneyCommand } from '../../api/money-command';
import { toast } from '../../components/Toast';
import type { OrderBody, PositionView } from './api';
import type { OrderTypeValue } from './OrderTypeFields';
import { TICKET_INVALIDATES, type MarginHolding, type SellBody } from './ticket-api';
import type { TicketSide } from './ticket';
import { closeFields } from './useSaleOrders';

/**
 * The ticket's three money commands (place, sell, close: one Idempotency-Key per confirmation,
 * docs/architecture.md "A money command") and the steps before them: the 信用取引 risk agreement
 * the first margin order asks for, then the confirm sheet.
 */
export function useTicketCommands(input: {
  activeSide: TicketSide;
  ready: boolean;
  /** A margin side whose user has not agreed to the risk explanation yet. */
  needsAgreement: boolean;
  orderBody: OrderBody | null;
  sellBody: SellBody | null;
  closing: MarginHolding | null;
  closeType: OrderTypeValue;
  onPlaced: ((p: PositionView) => void) | undefined;
}) {
  const { activeSide, ready, needsAgreement, orderBody, sellBody, closing, closeType, onPlaced } = input;
  const { t } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const [agreeing, setAgreeing] = useState(false);

  const done = (p: PositionView | null, text: string) => {
    setConfirming(false);
    toast(text);
    if (p) onPlaced?.(p);
  };
  const place = useMoneyCommand(tradeApi.placeOrder, {
    invalidate: TICKET_INVALIDATES,
    onSuccess: (p) => done(p, p.status === 'pending' ? t`注文を受け付けました（約定待ち）` : t`注文が約定しました`),
  });
  const sell = useMoneyCommand(tradeApi.sell, {
    invalidate: TICKET_INVALIDATES,
    onSuccess: (r) => {
      const last = r.positions[r.positions.length - 1] ?? null;
      done(last, r.positions.every((p) => p.status === 'closed') ? t`売却しました` : t`売却注文を受け付けました（約定待ち）`);
    },
  });
  const close = useMoneyCommand(tradeApi.closePosition, {
    invalidate: TICKET_INVALIDATES,
    onSuccess: (p) => done(p, p.status === 'closed' || p.status === 'ended' ? t`返済しました` : t`返済注文を受け付けました（約定待ち）`),
  });
  const command = activeSide === 'cashSell' ? sell : activeSide === 'close' ? close : place;

  const openConfirm = () => {
    if (!ready) return;
    if (needsAgreement) {
      setAgreeing(true);
      return;
    }
    command.begin();
    setConfirming(true);
  };
  const onAgreed = () => {
    setAgreeing(false);
    command.begin();
    setConfirming(true);
  };
  const cancelConfirm = useCallback(() => {
    place.end();
    sell.end();
    close.end();
    setConfirming(false);
  }, [place, sell, close]);
  const submit = () => {
    if (command.isPending) return;
    if (activeSide === 'cashSell' && sellBody) sell.mutate({ body: sellBody });
    else if (activeSide === 'close' && closing) close.mutate({ params: { id: closing.id }, body: closeFields(closeType) });
    else if (orderBody) place.mutate({ body: orderBody });
  };

  return { busy: command.isPending, confirming, setConfirming, agreeing, setAgreeing, openConfirm, onAgreed, cancelConfirm, submit };
}
