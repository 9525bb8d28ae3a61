import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Direction } from '../../../shared/domain/position';
import type { FeeSchedule } from '../../../shared/domain/trade-money';
import type { AccountType } from '../../../shared/domain/account-type';
import { orderPreviewQuery, type OrderBody, type QuoteDetail } from './api';
import { accountOptions, allowedPick, type AccountSettings } from './account-choice';
import { useDebounced } from '../../components/useDebounced';
import { DEFAULT_ORDER_TYPE, orderTypeBody, orderTypeReady, type OrderTypeValue } from './OrderTypeFields';
import {
  estimatePrice,
  fundsShort,
  isMarginSide,
  isOpeningSide,
  leverageForSide,
  previewCost,
  sideDirection,
  type TicketQuote,
  type TicketSide,
} from './ticket';

/**
 * The opening sides' state (現物買 / 信用新規買 / 信用新規売): order type, 単元, leverage, いちにち信用,
 * and the server's view of the same order (GET trade/preview, debounced): is it taken now, what a
 * waiting order would reserve, the buying power it counts (unsettled proceeds too) and, for margin,
 * the rate and levels. `closedNow` holds for every side: the last preview says orders are refused.
 */
export function useOpenOrder(input: {
  activeSide: TicketSide;
  code: string | null;
  tradable: boolean;
  q: QuoteDetail['quote'] | undefined;
  ticketQuote: TicketQuote | null;
  today: string;
  mode: 'toggle' | 'fixed';
  maxLeverage: number;
  feeSchedule: FeeSchedule;
  available: number | null;
  /** The user's accounts (GET tax-account) and whether the stock is a 整理銘柄 / 監理銘柄 (not for NISA). */
  accounts: AccountSettings;
  designated: boolean;
}) {
  const { activeSide, code, tradable, q, ticketQuote, today, mode, maxLeverage, feeSchedule } = input;
  const [openType, setOpenType] = useState<OrderTypeValue>(DEFAULT_ORDER_TYPE);
  const [lots, setLots] = useState(1);
  const [marginLev, setMarginLev] = useState(0);
  const [dayTradeOn, setDayTradeOn] = useState(false);
  const [accountPick, setAccount] = useState<AccountType | null>(null);

  const opening = isOpeningSide(activeSide) ? activeSide : null;
  const direction: Direction = opening ? sideDirection(opening) : 'up';
  const leverage = opening ? leverageForSide(opening, marginLev, maxLeverage) : 1;
  const margin = isMarginSide(activeSide);
  const dayTrade = mode === 'fixed' || (margin && dayTradeOn);
  // 預り区分: the user's pick while allowed, else the server's default (the preview's `account`).
  const accountChoices = accountOptions({ margin: margin || dayTrade, settings: input.accounts, designated: input.designated });
  const picked = allowedPick(accountChoices, accountPick);
  const openCtx = { mode: 'open' as const, direction, dayTrade };
  const openReady = orderTypeReady(openType, openCtx, ticketQuote, today);
  const openPrice =
    openType.type === 'limit' ? openType.price : openType.trigger !== null ? openType.trigger : estimatePrice(q, direction, 'market', null);

  const currentParams =
    opening && code && tradable && (openType.type === 'market' || openType.price !== null)
      ? {
          code, direction, type: openType.type, price: openType.type === 'limit' ? (openType.price ?? undefined) : undefined, lots, leverage,
          trigger: openType.trigger ?? undefined, condition: openType.condition ?? undefined, account: picked ?? undefined,
        }
      : null;
  // Keyed by content, so a re-render with the same order does not restart the debounce.
  const paramsKey = JSON.stringify(currentParams);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableParams = useMemo(() => currentParams, [paramsKey]);
  const previewParams = useDebounced(stableParams, 300);
  const server = useQuery({ ...orderPreviewQuery(previewParams ?? { code: '' }), enabled: previewParams !== null, placeholderData: keepPreviousData });
  // The server's answer is for the order as it stands now (not a previous one kept on screen while the next loads).
  const previewFresh = !!server.data && !server.isPlaceholderData && JSON.stringify(previewParams) === paramsKey;
  const sp = server.data && server.data.code === code ? server.data : undefined;
  const buyingPower = sp?.buyingPower ?? input.available;
  const preview = opening && openPrice !== null && q ? previewCost({ price: openPrice, lots, priceScale: q.priceScale, leverage, feeSchedule, buyingPower }) : null;
  // The server says whether the order waits (orders.ts fillNow); until it answers, a guess from the type.
  const waits = sp ? sp.waits : openType.type === 'limit' || openType.trigger !== null || openType.condition !== null;
  const closedNow = sp ? !sp.acceptsOrders || (dayTrade && sp.session === 'closing_auction') : false;
  const maxLots = preview?.maxLots ?? null;
  const account: AccountType | null = picked ?? (previewFresh && sp ? sp.account : null);
  const money = opening && preview ? fundsShort({ total: preview.total, reserve: waits && sp ? sp.reserve : null, buyingPower, maxLots }) : 'ok';

  const orderBody: OrderBody | null =
    opening && code && openPrice !== null && openReady ? { code, direction, lots, leverage, dayTrade, ...orderTypeBody(openType), ...(account ? { account } : {}) } : null;

  return {
    openType,
    setOpenType,
    lots,
    setLots,
    setMarginLev,
    dayTradeOn,
    setDayTradeOn,
    opening,
    direction,
    leverage,
    margin,
    dayTrade,
    openPrice,
    sp,
    previewFresh,
    buyingPower,
    preview,
    waits,
    closedNow,
    maxLots,
    money,
    orderBody,
    accountChoices,
    account,
    setAccount,
  };
}
