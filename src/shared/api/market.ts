import { z } from 'zod';
import { endpoint } from './endpoint';
import { fastArray } from './fast-rows';
import { BOARDS, SEGMENTS, SECTOR_IDS, type Sector33 } from '../market/sectors';
import { MARKET_SESSIONS } from '../market/session-names';
import { ADJUST_MODES } from '../chart';
import { companyData, insightsData, stockAlerts, watchlistAlerts } from './market-detail';

/*
 * Market data contract (docs/architecture.md "The contract"). Prices are integers in the row's `priceScale`
 * (TSE stocks 10: 23455 is ¥2,345.5); volumes are integers in 1/qtyScale units; turnover and
 * market value are whole yen; changes in basis points of the previous close. Every payload says
 * `simulated: true`: the market is the built-in simulator unless a real feed replaces it.
 */

const int = z.number().int();
export const simulated = z.literal(true);

/** Instrument codes: TSE codes (may contain a letter, e.g. 285A), BTCJPY, USDJPY, N225. Case-insensitive. */
export const codeSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z]{1,12}$/)
  .transform((s) => s.toUpperCase());
export const codeParams = z.object({ code: codeSchema });

export const INSTRUMENT_KINDS = ['stock', 'index', 'crypto', 'fx'] as const;
export const QUOTE_SESSIONS = [...MARKET_SESSIONS, 'open'] as const;
export const limitState = z.enum(['up', 'down']).nullable();

/** Static facts about an instrument. FX `quoteUnit`: the price is for that many units (100 KRW, 100 VND). */
export const instrumentInfo = z.object({
  code: z.string(),
  kind: z.enum(INSTRUMENT_KINDS),
  board: z.enum(BOARDS).nullable(),
  nameJa: z.string(),
  nameEn: z.string(),
  kana: z.string(),
  priceScale: int,
  qtyScale: int,
  quoteUnit: int,
  sector: z.enum(SECTOR_IDS as [Sector33, ...Sector33[]]).nullable(),
  segment: z.enum(SEGMENTS).nullable(),
  tickTable: z.enum(['topix500', 'other']).nullable(),
  nikkei225: z.boolean(),
  sharesOutstanding: int.nullable(),
  base: z.string().nullable(),
  /** JPY/JPY: the price never moves. */
  fixed: z.boolean(),
  simulated,
});
export type InstrumentInfo = z.infer<typeof instrumentInfo>;

export const quoteSchema = z.object({
  code: z.string(),
  /** The market-clock instant the quote is for. */
  at: int,
  session: z.enum(QUOTE_SESSIONS),
  /** The trading day the figures belong to (before the open: the previous one). */
  tradingDate: z.string(),
  priceScale: int,
  price: int,
  prevClose: int,
  open: int.nullable(),
  high: int.nullable(),
  low: int.nullable(),
  change: int,
  changeBp: int,
  volume: int,
  turnover: int,
  marketValue: int.nullable(),
  /** The day's price limits orders are checked against; before the open already today's. */
  limits: z.object({ upper: int, lower: int }).nullable(),
  limitState,
  bid: int.nullable(),
  ask: int.nullable(),
  simulated,
});
export type QuoteData = z.infer<typeof quoteSchema>;

/** One line of a board, the search results and the watchlist. */
export const instrumentRow = z.object({
  code: z.string(),
  kind: z.enum(INSTRUMENT_KINDS),
  board: z.enum(BOARDS).nullable(),
  nameJa: z.string(),
  nameEn: z.string(),
  priceScale: int,
  qtyScale: int,
  quoteUnit: int,
  price: int,
  prevClose: int,
  change: int,
  changeBp: int,
  volume: int,
  turnover: int,
  limitState,
  session: z.enum(QUOTE_SESSIONS),
  at: int,
  simulated,
});
export type InstrumentRow = z.infer<typeof instrumentRow>;

export const quoteDetail = z.object({ instrument: instrumentInfo, quote: quoteSchema });
export type QuoteDetail = z.infer<typeof quoteDetail>;

export const BOARD_SORTS = ['changeBp', 'volume', 'turnover', 'price'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

export const instrumentsQuery = z.object({
  board: z.enum(BOARDS),
  sort: z.enum(BOARD_SORTS).default('changeBp'),
  order: z.enum(['desc', 'asc']).default('desc'),
  /** Opaque; the previous page's `next`. It pins the snapshot instant, so pages never overlap. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** Candle periods; the chart module's names (timeshare, min5, …, halfyear) are accepted too. */
export const CANDLE_PERIODS = ['time', '1m', '5m', '15m', '30m', 'day', 'week', 'month', '6month', 'year'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];
const PERIOD_ALIASES = { timeshare: 'time', min1: '1m', min5: '5m', min15: '15m', min30: '30m', halfyear: '6month' } as const;
const periodInput = [...CANDLE_PERIODS, ...(Object.keys(PERIOD_ALIASES) as (keyof typeof PERIOD_ALIASES)[])] as const;

export const candlesQuery = z.object({
  period: z
    .enum(periodInput)
    .default('day')
    .transform((p): CandlePeriod => (p in PERIOD_ALIASES ? PERIOD_ALIASES[p as keyof typeof PERIOD_ALIASES] : (p as CandlePeriod))),
  adjust: z.enum(ADJUST_MODES).default('none'),
});

export const candleBar = z.object({ t: int, o: int, h: int, l: int, c: int, v: int, turnover: int.optional() });
export const corporateActionData = z.object({
  exDate: z.string(),
  kind: z.enum(['split', 'dividend']),
  /** Split: new shares per old share. */
  ratio: int.optional(),
  /** Dividend per share, in priceScale units. */
  amount: int.optional(),
});

export const candlesData = z.object({
  code: z.string(),
  period: z.enum(CANDLE_PERIODS),
  adjust: z.enum(ADJUST_MODES),
  priceScale: int,
  qtyScale: int,
  tradingDate: z.string(),
  /** Market-clock now: no bar starts after it; the current bar is cut at it. */
  at: int,
  /** Time-share base line (previous close); null for other periods. */
  prevClose: int.nullable(),
  /** Oldest first; `t` is the bar's start (daily and longer: 00:00 JST of its first day). */
  bars: fastArray(candleBar),
  /** Time-share only: the day's running average price (scaled, float) per bar. */
  avg: z.array(z.number().nullable()).nullable(),
  /** Splits and dividends that went ex up to now (what forward/backward adjustment used). */
  actions: z.array(corporateActionData),
  /** The trading day's volume at `at` (already inside the bars), so a live quote can add what trades after. */
  dayVolume: int,
  simulated,
});
export type CandlesData = z.infer<typeof candlesData>;

/*
 * The simulated 板 (order book) and 歩み値 (time and sales) of a stock
 * (src/server/market-sim/book.ts, trades.ts). Quantities are shares, whole 単元 of 100.
 */
export const BOOK_DEPTH = 10;
export const bookLevel = z.object({ price: int, qty: int });
export const BOOK_STATUSES = ['open', 'limit_up', 'limit_down', 'closed'] as const;
export const bookData = z.object({
  code: z.string(),
  at: int,
  session: z.enum(QUOTE_SESSIONS),
  priceScale: int,
  /** The quote's price, best bid and ask: the book's best levels are exactly these. */
  price: int,
  bid: int.nullable(),
  ask: int.nullable(),
  limits: z.object({ upper: int, lower: int }).nullable(),
  /** open: continuous trading; limit_up/limit_down: stuck at a limit, one side only; closed: no continuous book now. */
  status: z.enum(BOOK_STATUSES),
  /** Best (lowest) ask first, at most BOOK_DEPTH; fewer near the upper limit. */
  asks: fastArray(bookLevel),
  /** Best (highest) bid first, at most BOOK_DEPTH; fewer near the lower limit. */
  bids: fastArray(bookLevel),
  /** Shares offered above the last ask shown / bid below the last bid shown (up to the limits). */
  over: int,
  under: int,
  /** Waiting market orders (成行): only at a limit, where they cannot fill. */
  marketBuy: int,
  marketSell: int,
  simulated,
});
export type BookData = z.infer<typeof bookData>;

export const tradePrint = z.object({
  /** Instant of the print (epoch ms, whole seconds). */
  t: int,
  price: int,
  qty: int,
  /** Against the previous print (the day's first against the previous close). */
  dir: z.enum(['up', 'down', 'flat']),
  /** The closing auction's single print. */
  auction: z.boolean(),
});
export type TradePrint = z.infer<typeof tradePrint>;
export const TRADES_MAX = 200;
/** How many prints the detail screen shows and the stream's `depth` event carries. */
export const TRADES_LIVE = 30;
export const tradesData = z.object({
  code: z.string(),
  at: int,
  tradingDate: z.string(),
  priceScale: int,
  /** Newest first, up to the quote's last step (so the newest is the quote's price). */
  items: fastArray(tradePrint),
  simulated,
});
export type TradesData = z.infer<typeof tradesData>;

export const marketApi = {
  instruments: endpoint({
    method: 'get', path: 'market/instruments', tag: 'market', auth: 'none',
    summary: 'A market board (listed, otc, crypto, fx) sorted and paged',
    query: instrumentsQuery,
    data: z.object({ items: fastArray(instrumentRow), next: z.string().nullable(), total: int, at: int, simulated }),
  }),
  search: endpoint({
    method: 'get', path: 'market/search', tag: 'market', auth: 'none',
    summary: 'Search by code prefix, Japanese or English name, or kana (hiragana or katakana)',
    query: z.object({ q: z.string().trim().min(1).max(50) }),
    data: z.object({ items: fastArray(instrumentRow), simulated }),
  }),
  quote: endpoint({
    method: 'get', path: 'market/quote/{code}', tag: 'market', auth: 'none',
    summary: 'Full quote of one instrument with its static facts',
    params: codeParams, data: quoteDetail,
  }),
  candles: endpoint({
    method: 'get', path: 'market/candles/{code}', tag: 'market', auth: 'none',
    summary: 'Candles up to the market clock, per period, adjusted none/forward/backward',
    params: codeParams, query: candlesQuery, data: candlesData,
  }),
  indices: endpoint({
    method: 'get', path: 'market/indices', tag: 'market', auth: 'none',
    summary: 'Nikkei 225, TOPIX and TSE Growth 250',
    data: z.object({ items: z.array(quoteDetail), simulated }),
  }),
  company: endpoint({
    method: 'get', path: 'market/company/{code}', tag: 'market', auth: 'none',
    summary: 'Company profile and financials (simulated figures)',
    params: codeParams, data: companyData,
  }),
  insights: endpoint({
    method: 'get', path: 'market/insights/{code}', tag: 'market', auth: 'none',
    summary: 'Margin and short-selling balance, investor trends, sector ranking, industry comparison (simulated)',
    params: codeParams, data: insightsData,
  }),
  alerts: endpoint({
    method: 'get', path: 'market/alerts/{code}', tag: 'market', auth: 'none',
    summary: 'Limit up/down, sharp moves and volume spikes of one instrument',
    params: codeParams, data: stockAlerts,
  }),
  book: endpoint({
    method: 'get', path: 'market/book/{code}', tag: 'market', auth: 'none',
    summary: 'Simulated order book (板) of a stock: 10 levels a side around the quote, OVER/UNDER, 成行',
    params: codeParams, data: bookData,
  }),
  trades: endpoint({
    method: 'get', path: 'market/trades/{code}', tag: 'market', auth: 'none',
    summary: 'Simulated time and sales (歩み値) of a stock: the latest prints of its trading day, newest first',
    params: codeParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(TRADES_MAX).default(TRADES_LIVE) }),
    data: tradesData,
  }),
  watchlistAlerts: endpoint({
    method: 'get', path: 'market/alerts', tag: 'market', auth: 'user',
    summary: "Alerts for every instrument on the user's watchlist",
    query: z.object({ watchlist: z.literal('1') }),
    data: watchlistAlerts,
  }),
};

/** `GET market/stream?codes=A,B` (text/event-stream): at most this many codes per connection. */
export const STREAM_MAX_CODES = 200;
/** `depth=` codes per connection: a screen shows one book. */
export const STREAM_MAX_DEPTH = 3;
export const streamQuery = z.object({
  codes: z
    .string()
    .max(STREAM_MAX_CODES * 13)
    .transform((s) => [...new Set(s.split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(z.string().regex(/^[0-9A-Z]{1,12}$/)).min(1).max(STREAM_MAX_CODES)),
  /** Stocks among `codes` whose book and tape the client shows: they also get `event: depth`. */
  depth: z
    .string()
    .max(STREAM_MAX_DEPTH * 13)
    .optional()
    .transform((s) => [...new Set((s ?? '').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(z.string().regex(/^[0-9A-Z]{1,12}$/)).max(STREAM_MAX_DEPTH)),
});
/** `event: depth` (no id: state, sent after the code's quote event): the book and the latest prints. */
export const streamDepthEvent = z.object({ book: bookData, trades: tradesData });
export type StreamDepth = z.infer<typeof streamDepthEvent>;
/** Each `event: quote` carries `id: <sequence>` and one quote as `data`. */
export const streamQuoteEvent = quoteSchema;
