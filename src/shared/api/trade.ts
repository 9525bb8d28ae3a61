import { z } from 'zod';
import { endpoint } from './endpoint';
import { tradeHoldings } from './trade-holdings';
import {
  ALERT_KINDS,
  BUSINESS_TYPES,
  CLOSE_REASONS,
  DIRECTIONS,
  LOTS_MAX,
  LOTS_MIN,
  POSITION_STATUSES,
  PRICE_TYPES,
  isPositionStatus,
  leverageTenths,
} from '../domain/position';
import { ACCOUNT_TYPES } from '../domain/account-type';

const int = z.number().int();
const price = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** 1 (cash) up to the configured maximum, at most one decimal (stored as tenths). */
const leverage = z.number().min(1).max(10).refine((v) => leverageTenths(v) !== null, 'one decimal at most');

/**
 * How long a waiting order lives (有効期限): the day (当日), this week (今週: to the week's last
 * trading day) or a Tokyo trading date at most 15 business days ahead (docs/domain.md "Trading").
 */
export const validity = z.union([z.enum(['day', 'week']), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);
export type Validity = z.infer<typeof validity>;

/**
 * 逆指値: the order waits until the price reaches `trigger` (a buy when it rises to it, a sell or
 * short when it falls to it), then becomes the market or limit order it describes. An integer in
 * the instrument's priceScale, on a valid tick.
 */
const trigger = price;

export const EXEC_CONDITIONS = ['open', 'close', 'funari'] as const;

/**
 * A close request: at market or a limit, optionally a stop (逆指値: it waits for `trigger`), or an
 * OCO: a limit (take profit) with a stop-loss leg `stop` — whichever the price reaches first closes
 * the position at the limit or at market.
 */
const closeFields = z.object({
  type: z.enum(PRICE_TYPES).default('market'),
  price: price.optional(),
  trigger: trigger.optional(),
  stop: trigger.optional(),
  validity: validity.default('day'),
});
const closeRules = <T extends z.ZodType<z.infer<typeof closeFields>>>(schema: T) =>
  schema
    .refine((b) => (b.type === 'limit') === (b.price !== undefined), { path: ['price'], message: 'limit closes need a price' })
    .refine((b) => b.stop === undefined || (b.type === 'limit' && b.trigger === undefined), { path: ['stop'], message: 'an OCO is a limit with a stop-loss leg' });

export const closeBody = closeRules(closeFields);

/** IFD / IFDOCO: the close the order places on its position once it fills (validity counted from the fill). */
export const thenClose = closeRules(closeFields);

export const orderBody = z
  .object({
    code: z.string().trim().min(1).max(16),
    direction: z.enum(DIRECTIONS),
    type: z.enum(PRICE_TYPES),
    /** Limit orders only: an integer in the instrument's priceScale, on a valid tick. */
    price: price.optional(),
    lots: z.number().int().min(LOTS_MIN).max(LOTS_MAX),
    leverage,
    dayTrade: z.boolean().default(false),
    trigger: trigger.optional(),
    validity: validity.default('day'),
    then: thenClose.optional(),
    /**
     * 執行条件: `open` (寄付: only in the next opening auction, 9:00 or 12:30), `close` (引け: only in
     * today's closing auction), `funari` (不成: a limit that, unfilled by the close, executes at
     * market in the closing auction). Day orders; not with a trigger.
     */
    condition: z.enum(EXEC_CONDITIONS).optional(),
    /**
     * 預り区分 (docs/domain.md "Account types and NISA"): omitted, NISA 成長投資枠 when the NISA account
     * is open, the stock eligible and the cost fits the room, else 特定 (一般 without one). Margin,
     * short and day trades are never NISA.
     */
    account: z.enum(ACCOUNT_TYPES).optional(),
  })
  .refine((b) => (b.type === 'limit') === (b.price !== undefined), { path: ['price'], message: 'limit orders need a price, market orders none' })
  .refine((b) => !b.dayTrade || b.validity === 'day', { path: ['validity'], message: 'day trades are day orders' })
  .refine((b) => b.condition === undefined || (b.validity === 'day' && b.trigger === undefined), { path: ['condition'], message: 'a condition is for day orders without a trigger' })
  .refine((b) => b.condition !== 'funari' || b.type === 'limit', { path: ['condition'], message: '不成 is a limit order' })
  .refine((b) => !(b.dayTrade && b.condition === 'close'), { path: ['condition'], message: 'a day trade is closed in the closing auction' });

/** 訂正: a waiting order's (or close request's) limit price and/or trigger. */
export const amendBody = z
  .object({ price: price.optional(), trigger: trigger.optional() })
  .refine((b) => b.price !== undefined || b.trigger !== undefined, { path: ['price'], message: 'nothing to amend' });

export const positionAlert = z.object({
  kind: z.enum(ALERT_KINDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  at: int,
});

export const positionView = z.object({
  id: z.string(),
  /** The order number shown to the user (docs/product.md "Entities and fields"). */
  orderNo: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  /** 預り区分: the account the position is held in. */
  account: z.enum(ACCOUNT_TYPES),
  direction: z.enum(DIRECTIONS),
  priceType: z.enum(PRICE_TYPES),
  status: z.enum(POSITION_STATUSES),
  currency: z.string(),
  priceScale: int,
  /** Null for block trades, which are bought in shares. */
  lots: int.nullable(),
  quantity: int,
  leverage: z.number(),
  limitPrice: int.nullable(),
  placedAt: int,
  /** Opening fill ("buy" in docs/product.md's words, also for a short). */
  buyTime: int.nullable(),
  buyPrice: int.nullable(),
  /** Closing fill ("sell"). */
  sellTime: int.nullable(),
  sellPrice: int.nullable(),
  /** Yen value at the opening price. */
  contractValue: int.nullable(),
  /** The user's own money locked as margin (contract value ÷ leverage). */
  principal: int,
  /** Held in `frozen` while the order is pending. */
  reserved: int,
  /** Live price (held) or closing price (closed); null when not filled. */
  marketPrice: int.nullable(),
  marketValue: int.nullable(),
  openFee: int,
  closeFee: int,
  fee: int,
  interest: int,
  /** Tax withheld (+) or refunded (−) at the close, after netting the calendar year. */
  tax: int,
  /** Gross profit/loss: live while held, realized once closed. */
  pnl: int.nullable(),
  /**
   * What the user sees as P/L: once closed, pnl − fees − interest − tax; while held, pnl − the
   * opening fee − the interest charged so far (the closing fee is not paid yet, so it is left out).
   */
  netPnl: int.nullable(),
  dayTrade: z.boolean(),
  /** Day trades: the closing auction instant when the position is closed automatically. */
  autoCloseAt: int.nullable(),
  /** First Tokyo date a close is allowed (T+N; block-trade lock). */
  sellableFrom: z.string().nullable(),
  lockedUntil: z.string().nullable(),
  closeType: z.enum(PRICE_TYPES).nullable(),
  closeLimitPrice: int.nullable(),
  /** 逆指値 of the order / of the close request, and when it was reached (null while waiting). */
  trigger: int.nullable(),
  triggeredAt: int.nullable(),
  closeTrigger: int.nullable(),
  closeTriggeredAt: int.nullable(),
  /** 執行条件 of the order (寄付 / 引け / 不成), null without one. */
  condition: z.enum(EXEC_CONDITIONS).nullable(),
  /** OCO close: the stop-loss leg beside the close's limit. */
  closeStop: int.nullable(),
  /** IFD / IFDOCO: the close this order places once it fills. */
  thenClose: z.object({ type: z.enum(PRICE_TYPES), price: int.optional(), trigger: int.optional(), stop: int.optional(), validity }).nullable(),
  /** When a waiting order / close request lapses (the close of its last valid day). */
  expiresAt: int.nullable(),
  closeExpiresAt: int.nullable(),
  closeReason: z.enum(CLOSE_REASONS).nullable(),
  /** (principal + P/L) ÷ market value, in basis points, while held. */
  maintenanceRatioBp: int.nullable(),
  alerts: z.array(positionAlert),
  /** What the user may do now (the server enforces the same rules). */
  actions: z.object({ cancel: z.boolean(), close: z.boolean() }),
});
export type PositionView = z.infer<typeof positionView>;

/** `status=holding,closing`: one status or a comma-separated list; omitted = all. */
const statusList = z
  .string()
  .max(200)
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
  .refine((xs) => xs.every(isPositionStatus), 'unknown status');

const idParam = z.object({ id: z.string().min(1).max(64) });

export const previewQuery = z.object({
  code: z.string().trim().min(1).max(16),
  direction: z.enum(DIRECTIONS).default('up'),
  type: z.enum(PRICE_TYPES).default('market'),
  price: z.coerce.number().int().positive().optional(),
  lots: z.coerce.number().int().min(LOTS_MIN).max(LOTS_MAX).default(1),
  leverage: z.coerce.number().pipe(leverage).default(1),
  /** 逆指値 and 執行条件 as the order would carry them: they decide whether it waits and what it reserves. */
  trigger: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  condition: z.enum(EXEC_CONDITIONS).optional(),
  /** 預り区分 as the order would carry it (omitted: the default the order would resolve). */
  account: z.enum(ACCOUNT_TYPES).optional(),
});

export const orderPreview = z.object({
  code: z.string(),
  session: z.string(),
  acceptsOrders: z.boolean(),
  /** The price the estimate uses (ask/bid, or the limit price). */
  price: int.nullable(),
  limits: z.object({ upper: int, lower: int }).nullable(),
  contractValue: int,
  principal: int,
  fee: int,
  total: int,
  /**
   * What the order command reserves (frozen) if the order waits: the same function (orders.ts
   * orderReserve) — a buy limit at its limit, anything else at the day's upper limit.
   */
  reserve: int,
  /** Whether the order, placed now, would wait (and reserve `reserve`) rather than fill at once (and pay `total`). */
  waits: z.boolean(),
  /** What the order can draw on: settled cash + unsettled proceeds (0 while a shortfall is owed). */
  buyingPower: int,
  maxLots: int,
  maxLeverage: z.number(),
  /**
   * Margin and short orders (null for a cash buy): the yearly rate (買方金利 / 貸株料) and what it
   * costs a day at this size, the margin-call and forced-close levels the position would live by,
   * and that losses can exceed the deposit.
   */
  risk: z
    .object({ yearlyRateBp: int, interestPerDay: int, maintenanceRatioBp: int, forcedCloseRatioBp: int, lossCanExceedDeposit: z.literal(true) })
    .nullable(),
  /** The account the order would be placed in (the request's, or the default resolved as the order does). */
  account: z.enum(ACCOUNT_TYPES),
  /**
   * The NISA room of the order's frame (of 成長投資枠 when the order is for a taxable account), yen:
   * the year's and the lifetime's remaining and the tighter of both; null without an open NISA account.
   */
  nisa: z.object({ account: z.enum(ACCOUNT_TYPES), yearRemaining: int, lifetimeRemaining: int, room: int }).nullable(),
});

/** The close dialog's estimate: at market (the bid for a long, the ask for a short) or at a price. */
export const closePreviewQuery = z
  .object({
    type: z.enum(PRICE_TYPES).default('market'),
    price: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((q) => (q.type === 'limit') === (q.price !== undefined), { path: ['price'], message: 'a limit estimate needs a price, a market one none' });

/**
 * What closing a position at `price` now would post, computed by the close's own functions
 * (settle.ts closeAmounts, tax.ts yearTaxDelta): an estimate, as the fill price may differ.
 */
export const closePreview = z.object({
  id: z.string(),
  /** The price estimated at: the bid (closing a long) or ask (a short) in continuous trading, else the last price; or the given price. */
  price: int,
  priceSource: z.enum(['bid', 'ask', 'last', 'limit']),
  /** Gross P/L from the cost (for a cash holding, from the 取得費 by 総平均法 plus the buy fee it includes). */
  pnl: int,
  openFee: int,
  /** A cash holding's 取得費 of this sale: the holding's moving-average 取得価額 × shares (docs/domain.md "取得価額"); null for margin. */
  saleCost: int.nullable(),
  /** The holding's 平均取得単価 that 取得費 is taken at, in price units (priceScale), rounded up as 保有証券 shows it; null for margin. */
  averageCost: int.nullable(),
  closeFee: int,
  /** Interest (margin long) or borrow fee (short) in all: charged so far plus what the close charges. */
  interest: int,
  /** The part of `interest` the close itself charges. */
  interestNow: int,
  /** Withheld (+) or refunded (−), netted with the year's earlier closes. */
  tax: int,
  /** The year's realized net gain and tax withheld before this close (the netting's starting point). */
  yearNetGain: int,
  yearTaxWithheld: int,
  /** pnl − fees − interest − tax. */
  netPnl: int,
  /** What comes back: margin (or, for cash, the sale) + P/L − the remaining interest − fee − tax; negative when the loss exceeds it. */
  received: int,
  /** The settlement date (T+2) of a close today; the tax year is its year. */
  settlesOn: z.string(),
});

/**
 * 現物売: sell `shares` of a cash holding, any multiple of the 単元 up to what is sellable now
 * (`GET trade/sellable`). The server closes the user's sellable cash positions of the stock oldest
 * first, splitting the last one it needs; the gain is from the 取得費 by 総平均法
 * (docs/decisions/011-selling-a-holding.md). It never opens a short.
 */
export const sellBody = closeRules(
  closeFields.extend({
    code: z.string().trim().min(1).max(16),
    shares: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** The account to sell from; may be omitted when the stock is held in one account only. */
    account: z.enum(ACCOUNT_TYPES).optional(),
  }),
);

export const sellResult = z.object({
  code: z.string(),
  shares: int,
  /** The positions this sale closed (or, when it cannot fill now, left waiting as close requests), oldest first. */
  positions: z.array(positionView),
});

/** What 現物売 can sell now (docs/decisions/011-selling-a-holding.md): any multiple of the 単元 up to `sellable`. */
export const sellableView = z.object({
  code: z.string(),
  /** The account the figures below are of (the one asked for, else the only or first account holding the stock). */
  account: z.enum(ACCOUNT_TYPES),
  /** Every account holding the stock in cash, with its held and sellable shares. */
  accounts: z.array(z.object({ account: z.enum(ACCOUNT_TYPES), held: int, sellable: int })),
  /** Shares held in cash (including those not sellable yet or already being sold). */
  held: int,
  /** Shares that can be sold now: the most a sale may name (it may name all of them even off the 単元 grid). */
  sellable: int,
  /** The 単元 (shares per trading unit): a sale names a multiple of it. */
  lot: int,
  /** 取得価額 of the held shares (yen, buy fees included, 総平均法) and 平均取得単価 per share in priceScale, rounded up. */
  bookCost: int,
  averageCost: int,
  priceScale: int,
  /** The sellable positions in the order a sale takes them (oldest first; the last one taken may be split). */
  positions: z.array(z.object({ id: z.string(), shares: int, buyTime: int.nullable() })),
});

export const tradeApi = {
  placeOrder: endpoint({
    method: 'post', path: 'trade/orders', tag: 'trade', auth: 'user', idempotent: true,
    summary: 'Place a market or limit order, long (up) or short (down), cash or margin',
    body: orderBody, data: positionView,
  }),
  amendOrder: endpoint({
    method: 'post', path: 'trade/orders/{id}/amend', tag: 'trade', auth: 'user', idempotent: true,
    summary: 'Amend (訂正) a waiting order’s or close request’s limit price or trigger; a buy’s reservation follows',
    params: idParam, body: amendBody, data: positionView,
  }),
  cancelOrder: endpoint({
    method: 'post', path: 'trade/orders/{id}/cancel', tag: 'trade', auth: 'user', idempotent: true,
    summary: 'Cancel a pending order (reserved funds return) or a pending close request',
    params: idParam, data: positionView,
  }),
  preview: endpoint({
    method: 'get', path: 'trade/preview', tag: 'trade', auth: 'user',
    summary: 'Cost of an order before placing it: principal, fee and buying power',
    query: previewQuery, data: orderPreview,
  }),
  holdings: tradeHoldings,
  closePreview: endpoint({
    method: 'get', path: 'trade/positions/{id}/close-preview', tag: 'trade', auth: 'user',
    summary: 'Estimated P/L, closing fee, year-netted tax, interest and amount received of closing a position at market or a price',
    params: idParam, query: closePreviewQuery, data: closePreview,
  }),
  positions: endpoint({
    method: 'get', path: 'trade/positions', tag: 'trade', auth: 'user',
    summary: 'The user’s orders and positions, newest first, with live P/L',
    query: z.object({
      status: statusList.optional(),
      cursor: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ items: z.array(positionView), next: z.string().nullable() }),
  }),
  position: endpoint({
    method: 'get', path: 'trade/positions/{id}', tag: 'trade', auth: 'user',
    summary: 'One order or position with live market value and P/L',
    params: idParam, data: positionView,
  }),
  closePosition: endpoint({
    method: 'post', path: 'trade/positions/{id}/close', tag: 'trade', auth: 'user', idempotent: true,
    summary: 'Close (sell) a position at market or at a limit',
    params: idParam, body: closeBody, data: positionView,
  }),
  sell: endpoint({
    method: 'post', path: 'trade/sell', tag: 'trade', auth: 'user', idempotent: true,
    summary: '現物売: sell any number of 単元 of a cash holding, oldest purchases first (a purchase split when needed), gain from the 総平均法 取得費; never opens a short',
    body: sellBody, data: sellResult,
  }),
  sellable: endpoint({
    method: 'get', path: 'trade/sellable', tag: 'trade', auth: 'user',
    summary: 'What 現物売 can sell of a stock now: held and sellable shares, the 単元 and the 平均取得単価',
    query: z.object({ code: z.string().trim().min(1).max(16), account: z.enum(ACCOUNT_TYPES).optional() }), data: sellableView,
  }),
};
