import { useEffect, useMemo, useState } from 'react';
import type { AccountType } from '../../../shared/domain/account-type';
import type { Direction } from '../../../shared/domain/position';
import type { QuoteDetail } from './api';
import { orderTypeBody, orderTypeReady, type OrderTypeValue } from './OrderTypeFields';
import type { MarginHolding, SellBody, Sellable } from './ticket-api';
import { keepSellShares, sellSteps, type TicketQuote, type TicketSide } from './ticket';

/** The close fields of an order-type value (a close has no 執行条件 and no IFD). */
export function closeFields(v: OrderTypeValue) {
  const { condition: _c, then: _t, ...rest } = orderTypeBody(v);
  return rest;
}

/**
 * The 預り区分 a ticket opened from the URL sells from: a holding card's 売る (`?code=&direction=down&account=`)
 * names its account, so the sale is of that card's shares, not the server's first account; else none
 * (the server chooses: the only account holding the stock, or the first).
 */
export function entrySellPick(entry: { code?: string; direction?: Direction; account?: AccountType }): { code: string; account: AccountType } | null {
  return entry.code && entry.direction === 'down' && entry.account ? { code: entry.code, account: entry.account } : null;
}

/**
 * 現物売: the share counts a sale may name now (GET trade/sellable: any multiple of the 単元 up to the
 * sellable shares, docs/decisions/011-selling-a-holding.md), the count chosen, the estimated price and the body.
 */
export function useSellOrder(input: {
  sellInfo: Sellable | undefined;
  activeSide: TicketSide;
  code: string | null;
  closeType: OrderTypeValue;
  ticketQuote: TicketQuote | null;
  today: string;
  q: QuoteDetail['quote'] | undefined;
}) {
  const { sellInfo, activeSide, code, closeType, ticketQuote, today, q } = input;
  const [sellShares, setSellShares] = useState<number | null>(null);
  const steps = useMemo(() => (sellInfo ? sellSteps(sellInfo.lot, sellInfo.sellable) : []), [sellInfo]);
  useEffect(() => {
    setSellShares((s) => keepSellShares(steps, s));
  }, [steps]);
  const sellCtx = { mode: 'close' as const, direction: 'up' as const, dayTrade: false };
  const closeReady = orderTypeReady(closeType, sellCtx, ticketQuote, today);
  const sellPrice = closeType.type === 'limit' ? closeType.price : closeType.trigger !== null ? closeType.trigger : (q?.bid ?? q?.price ?? null);
  const sellBody: SellBody | null =
    activeSide === 'cashSell' && code && sellInfo && sellShares !== null && closeReady ? { code, shares: sellShares, ...closeFields(closeType), account: sellInfo.account } : null;
  return { steps, sellShares, setSellShares, sellPrice, sellBody };
}

/** 返済: which of the stock's margin positions (建玉) is closed, and at about what price. */
export function useCloseOrder(input: {
  marginOfCode: readonly MarginHolding[];
  closeType: OrderTypeValue;
  ticketQuote: TicketQuote | null;
  today: string;
  q: QuoteDetail['quote'] | undefined;
}) {
  const { marginOfCode, closeType, ticketQuote, today, q } = input;
  const [closeId, setCloseId] = useState<string | null>(null);
  useEffect(() => {
    setCloseId((id) => (id && marginOfCode.some((m) => m.id === id) ? id : (marginOfCode[0]?.id ?? null)));
  }, [marginOfCode]);
  const closing = marginOfCode.find((m) => m.id === closeId) ?? null;
  const closeCtx = { mode: 'close' as const, direction: closing?.direction ?? 'up', dayTrade: closing?.dayTrade ?? false };
  const closeOk = orderTypeReady(closeType, closeCtx, ticketQuote, today);
  const closePrice =
    closeType.type === 'limit'
      ? closeType.price
      : closeType.trigger !== null
        ? closeType.trigger
        : closing?.direction === 'down'
          ? (q?.ask ?? q?.price ?? null)
          : (q?.bid ?? q?.price ?? null);
  return { closeId, setCloseId, closing, closeCtx, closeOk, closePrice };
}
