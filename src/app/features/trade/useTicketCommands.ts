import { useCallback, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import { isApiError } from '../../api/client';
import { useMoneyCommand } from '../../api/money-command';
import { useServerErrors } from '../../api/server-errors';
import { fieldValues } from '../../components/forms/refusal';
import { toast } from '../../components/Toast';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import type { OrderBody, PositionView } from './api';
import type { OrderTypeValue } from './OrderTypeFields';
import { TICKET_INVALIDATES, type MarginHolding, type SellBody } from './ticket-api';
import type { TicketSide } from './ticket';
import { closeFields } from './useSaleOrders';

/** The ticket's fields a refusal can be shown under (OrderTypeFields, OpenSide); the body's names. */
export const TICKET_FIELDS = ['price', 'trigger', 'stop', 'then.price', 'then.trigger', 'then.stop', 'lots', 'quantity', 'leverage', 'validity', 'condition', 'account'] as const;
export type TicketField = (typeof TICKET_FIELDS)[number];
/** Refusals that name no field but are about one (useServerErrors). */
const REFUSAL_FIELD: Partial<Record<string, TicketField>> = {
  trigger_already_reached: 'trigger',
  sell_quantity_not_lot_multiple: 'quantity',
  short_needs_margin: 'leverage',
  // 預り区分 (AccountChoice); nisa_limit_exceeded stays over the button: fewer 単元 cure it as well.
  nisa_margin_not_allowed: 'account',
  account_type_unavailable: 'account',
  nisa_not_eligible: 'account',
};

/**
 * The ticket's three money commands (place, sell, close: one Idempotency-Key per confirmation,
 * docs/architecture.md "A money command") and the steps before them: the 信用取引口座 application
 * a margin order asks for until the account is open (features/margin-account), then the confirm sheet.
 */
export function useTicketCommands(input: {
  activeSide: TicketSide;
  ready: boolean;
  /** A margin side whose user has no open 信用取引口座 yet. */
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

  // A refusal (4xx) closes the confirm sheet and stays under its field until that field changes, or
  // over the submit button (server-errors.ts); a failure that a retry may cure keeps the sheet, toasted.
  const refused = useServerErrors(TICKET_FIELDS, REFUSAL_FIELD);
  const activeBody = activeSide === 'cashSell' ? sellBody : activeSide === 'close' ? closeFields(closeType) : orderBody;
  const current = fieldValues(activeBody);
  const failed = (e: unknown) => {
    if (isApiError(e) && e.httpStatus === 401) return;
    if (!isApiError(e) || !e.isClientError) return toast(translateMessage(isApiError(e) ? e.msg : 'network_error', isApiError(e) ? e.params : undefined, getLanguage()));
    setConfirming(false);
    refused.report(e, current);
  };
  const done = (p: PositionView | null, text: string) => {
    setConfirming(false);
    toast(text);
    if (p) onPlaced?.(p);
  };
  const place = useMoneyCommand(tradeApi.placeOrder, {
    invalidate: TICKET_INVALIDATES,
    silent: true,
    onSuccess: (p) => done(p, p.status === 'pending' ? t`注文を受け付けました（約定待ち）` : t`注文が約定しました`),
  });
  const sell = useMoneyCommand(tradeApi.sell, {
    invalidate: TICKET_INVALIDATES,
    silent: true,
    onSuccess: (r) => {
      const last = r.positions[r.positions.length - 1] ?? null;
      done(last, r.positions.every((p) => p.status === 'closed') ? t`売却しました` : t`売却注文を受け付けました（約定待ち）`);
    },
  });
  const close = useMoneyCommand(tradeApi.closePosition, {
    invalidate: TICKET_INVALIDATES,
    silent: true,
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
    refused.clear();
    const on = { onError: failed };
    if (activeSide === 'cashSell' && sellBody) sell.mutate({ body: sellBody }, on);
    else if (activeSide === 'close' && closing) close.mutate({ params: { id: closing.id }, body: closeFields(closeType) }, on);
    else if (orderBody) place.mutate({ body: orderBody }, on);
  };
  /** The server's refusal under `field` (a body name; others have none) while it holds the refused value. */
  const refusalOf = (field: string) => refused.errorOf(field as TicketField, current[field] ?? '');

  return {
    busy: command.isPending, confirming, setConfirming, agreeing, setAgreeing, openConfirm, onAgreed, cancelConfirm, submit,
    refusalOf, ticketRefusal: refused.formError,
  };
}
