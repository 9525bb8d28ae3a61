import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { Direction } from '../../../shared/domain/position';
import type { AccountType } from '../../../shared/domain/account-type';
import type { FeeSchedule } from '../../../shared/domain/trade-money';
import { displayName } from '../../../shared/market/local-names';
import { useSiteConfig } from '../../api/site-config';
import { buyingPowerQuery, quoteQuery, type PositionView } from './api';
import type { PickedStock } from './CodePicker';
import { DEFAULT_ORDER_TYPE, type OrderTypeValue } from './OrderTypeFields';
import { tokyoToday } from './order-type';
import { holdingsQuery, sellableQuery } from './ticket-api';
import { marginAccountQuery } from '../margin-account';
import { taxAccountQuery } from '../tax-account';
import { initialSide, sidesFor, type TicketQuote, type TicketSide } from './ticket';
import { useOpenOrder } from './useOpenOrder';
import { entrySellPick, useCloseOrder, useSellOrder } from './useSaleOrders';
import { useTicketCommands } from './useTicketCommands';

export interface OrderTicketProps {
  code?: string;
  direction?: Direction;
  /** 現物売 from a holding card: that card's 預り区分 (the ticket starts on its shares). */
  account?: AccountType;
  dayTrade?: 'toggle' | 'fixed';
  onPlaced?: (p: PositionView) => void;
}

export type TicketState = ReturnType<typeof useOrderTicket>;

/**
 * Everything the order ticket knows (OrderTicket.tsx): the stock and its quote, the user's
 * holdings of it, the side chosen and each side's order (useOpenOrder, useSaleOrders), whether it
 * can be sent, and the commands (useTicketCommands).
 */
export function useOrderTicket({ code: initialCode, direction: initialDirection, account: initialAccount, dayTrade: mode = 'toggle', onPlaced }: OrderTicketProps) {
  const { i18n } = useLingui();
  const config = useSiteConfig();
  const maxLeverage = config.data?.maxLeverage ?? 1;
  const sides = sidesFor(mode, maxLeverage > 1);
  const [picked, setPicked] = useState<PickedStock | null>(initialCode ? { code: initialCode, name: initialCode } : null);
  const [side, setSide] = useState<TicketSide>(() => initialSide({ direction: initialDirection, mode, cashShares: initialDirection === 'down' ? 1 : 0, marginPositions: 0 }));
  const [closeType, setCloseType] = useState<OrderTypeValue>(DEFAULT_ORDER_TYPE);

  // A new code from the URL (stock detail's buy/sell buttons) replaces the ticket's.
  useEffect(() => {
    if (initialCode) setPicked((p) => (p?.code === initialCode ? p : { code: initialCode, name: initialCode }));
  }, [initialCode]);

  const code = picked?.code ?? null;
  const quote = useQuery({ ...quoteQuery(code ?? ''), enabled: code !== null });
  const funds = useQuery(buyingPowerQuery());
  const holdings = useQuery(holdingsQuery());
  // 現物売's 預り区分 when the stock is held in several accounts (kept per code: another stock starts on the server's choice).
  const [sellPick, setSellPick] = useState<{ code: string; account: AccountType } | null>(() => entrySellPick({ code: initialCode, direction: initialDirection, account: initialAccount }));
  const sellAccount = sellPick && sellPick.code === code ? sellPick.account : undefined;
  const sellable = useQuery({ ...sellableQuery(code ?? '', sellAccount), enabled: code !== null && mode === 'toggle' });
  const marginAccount = useQuery(marginAccountQuery());
  const taxAccount = useQuery(taxAccountQuery()).data;
  const detail = code !== null && quote.data?.instrument.code === code ? quote.data : undefined;
  const instrument = detail?.instrument;
  const q = detail?.quote;
  const tradable = instrument ? instrument.kind === 'stock' : true;
  const name = instrument ? displayName(instrument, i18n.locale) : (picked?.name ?? '');
  const sellInfo = sellable.data && sellable.data.code === code && (!sellAccount || sellable.data.account === sellAccount) ? sellable.data : undefined;
  // The holding row (per stock and account) a sale takes from: the sellable figures' account, else the stock's first row.
  const ofCode = code ? (holdings.data?.stocks ?? []).filter((s) => s.code === code) : [];
  const stock = ofCode.find((s) => s.account === (sellAccount ?? sellInfo?.account)) ?? ofCode[0];
  const setSellAccount = (account: AccountType) => {
    if (code) setSellPick({ code, account });
  };
  const marginOfCode = useMemo(() => (code ? (holdings.data?.margin ?? []).filter((m) => m.code === code) : []), [holdings.data, code]);

  // The side the entry asks for, once what the user holds of the stock is known: 売り sells a
  // holding (現物売) or closes a margin position (返済) before it would ever open a short.
  const entry = `${initialCode ?? ''}|${initialDirection ?? ''}|${initialAccount ?? ''}`;
  const [appliedEntry, setAppliedEntry] = useState<string | null>(null);
  useEffect(() => {
    if (appliedEntry === entry) return;
    const needsHoldings = initialDirection === 'down' && mode === 'toggle' && initialCode;
    // The sellable figures are never persisted, so they are the server's word now; the holdings
    // may be restored from the offline cache from before a purchase made elsewhere.
    if (needsHoldings && (holdings.isPending || sellable.isPending)) return;
    const held = needsHoldings ? holdings.data : undefined;
    const sellableNow = needsHoldings && sellable.data?.code === initialCode ? sellable.data.accounts.reduce((a, x) => a + x.held, 0) : 0;
    setSide(
      initialSide({
        direction: initialDirection,
        mode,
        cashShares: Math.max(sellableNow, held?.stocks.find((s) => s.code === initialCode)?.shares ?? 0),
        marginPositions: held?.margin.filter((m) => m.code === initialCode).length ?? 0,
      }),
    );
    // A holding card's 売る names its account: the sale starts on that card's shares.
    const pick = entrySellPick({ code: initialCode, direction: initialDirection, account: initialAccount });
    if (pick) setSellPick(pick);
    setAppliedEntry(entry);
  }, [appliedEntry, entry, initialCode, initialDirection, initialAccount, mode, holdings.isPending, holdings.data, sellable.isPending, sellable.data]);
  const activeSide: TicketSide = sides.includes(side) ? side : (sides[0] ?? 'cashBuy');

  const ticketQuote: TicketQuote | null = useMemo(
    () => (q ? { price: q.price, bid: q.bid, ask: q.ask, priceScale: q.priceScale, limits: q.limits, tickTable: instrument?.tickTable ?? null } : null),
    [q, instrument?.tickTable],
  );
  // The market clock's instant (the quote's), so validity dates count the simulated market's business days.
  const now = q?.at ?? Date.now();
  const today = tokyoToday(now);
  const priceScale = q?.priceScale ?? 10;
  const feeSchedule: FeeSchedule = config.data?.feeSchedule ?? 'zero';

  const quoteCtx = { code, q, ticketQuote, today };
  const accounts = {
    specific: taxAccount?.specific ?? null,
    nisaOpen: taxAccount ? taxAccount.nisa.state === 'approved' : null,
    nisaPending: taxAccount?.nisa.state === 'pending',
  };
  // 整理銘柄 / 監理銘柄 (Instrument.designation, optional): not for NISA 成長投資枠.
  const designated = !!(instrument && 'designation' in instrument && instrument.designation);
  const open = useOpenOrder({ ...quoteCtx, activeSide, tradable, mode, maxLeverage, feeSchedule, available: funds.data?.available ?? null, accounts, designated });
  const sale = useSellOrder({ ...quoteCtx, sellInfo, activeSide, closeType });
  const back = useCloseOrder({ ...quoteCtx, marginOfCode, closeType });

  const { orderBody } = open;
  const { sellBody } = sale;
  const { closing } = back;
  const ready =
    tradable &&
    !!q &&
    !open.closedNow &&
    (activeSide === 'cashSell' ? sellBody !== null : activeSide === 'close' ? closing !== null && back.closeOk : orderBody !== null && open.money === 'ok');
  // A margin side before the 信用取引口座 is open leads to its application (docs/domain.md "Margin account").
  const needsAgreement = open.margin && marginAccount.data?.state !== 'approved';
  const commands = useTicketCommands({ activeSide, ready, needsAgreement, orderBody, sellBody, closing, closeType, onPlaced });
  const sellTone = activeSide === 'cashSell' || activeSide === 'marginShort' || (activeSide === 'close' && closing?.direction === 'up');

  const stockState = { picked, setPicked, code, name, quote, detail, instrument, q, tradable, holdings, stock, sellInfo, setSellAccount, marginOfCode };
  const sideState = { mode, maxLeverage, sides, activeSide, setSide, ticketQuote, now, priceScale, closeType, setCloseType, ready, sellTone };
  return { ...stockState, ...sideState, ...open, ...sale, ...back, ...commands };
}
