/**
 * The market-data contract the rest of the server uses. The simulator implements it; a real feed
 * can replace it without touching services (docs/domain.md: market data is simulated by default).
 * Every price is an integer in the instrument's priceScale; every volume is an integer number of
 * 1/qtyScale units (shares for stocks); instants are epoch ms; dates are Tokyo "YYYY-MM-DD".
 */
import type { Board, IsoDate, MarketSession, Sector33, Segment, TickTable } from '../../shared/market';

export type InstrumentKind = 'stock' | 'index' | 'crypto' | 'fx';

export interface Instrument {
  code: string;
  kind: InstrumentKind;
  /** Market tab; indices are on no board (they have their own screen). */
  board: Board | null;
  nameJa: string;
  nameEn: string;
  /** Katakana reading of the Japanese name, for search. */
  kana: string;
  priceScale: number;
  /** Units of volume per share / coin / currency unit (1 for stocks). */
  qtyScale: number;
  currency: 'JPY';
  /** Stocks only. */
  sector?: Sector33;
  segment?: Segment;
  /** Tick table (stocks; approximate TOPIX500 membership, see instruments.ts). */
  tickTable?: TickTable;
  nikkei225?: boolean;
  /** Shares outstanding at the anchor date (stocks); before a simulated split there were fewer. */
  sharesOutstanding?: number;
  /** FX: units of the foreign currency the price is quoted for (100 for KRW and VND). */
  quoteUnit?: number;
  /** True when the price never moves (JPY/JPY). */
  fixed?: boolean;
  /** Base asset (crypto/FX), e.g. BTC, USD. */
  base?: string;
  /** Index members (indices only). */
  members?: readonly string[];
  /**
   * 整理銘柄 (seiri: to be delisted) or 監理銘柄 (kanri: under review for delisting), as the exchange
   * designates them (stocks; absent = neither). NISA 成長投資枠 does not take them (docs/domain.md
   * "Account types and NISA").
   */
  designation?: 'seiri' | 'kanri';
  /** A new listing's first trading day (an IPO, docs/domain.md "IPO"): no prices before it. */
  listedOn?: IsoDate;
  /** Everything the user sees must say the data is simulated. */
  simulated: true;
}

/**
 * Whether the instrument trades on `date` (Tokyo): false only for a new listing before its first
 * day — a board or a ranking leaves it out rather than failing on its missing price (a test clock
 * set back before a listing does that).
 */
export function tradesOn(inst: Pick<Instrument, 'listedOn'>, date: IsoDate): boolean {
  return inst.listedOn === undefined || inst.listedOn <= date;
}

export interface DailyBar {
  date: IsoDate;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** One minute. `t` is the minute's start; a TSE closing auction prints as its own bar at 15:30. */
export interface MinuteBar {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Yen value traded in the minute (rounded per minute). */
  turnover: number;
  auction?: true;
}

export type CorporateAction =
  | { code: string; kind: 'split'; exDate: IsoDate; ratio: number }
  | {
      code: string;
      kind: 'dividend';
      exDate: IsoDate;
      /** Dividend per share in price units (priceScale). */
      amount: number;
      /** Close on the day before the ex-date, so (prevClose − amount) / prevClose adjusts prices. */
      prevClose: number;
    };

export type QuoteSession = MarketSession | 'open';

export interface Quote {
  code: string;
  at: number;
  /** TSE session at `at`; 'open' / 'closed' for 24h markets. */
  session: QuoteSession;
  /** The trading day the figures belong to (the last one with prices, before the open). */
  tradingDate: IsoDate;
  priceScale: number;
  price: number;
  /** Base price: the previous close (split-adjusted on an ex-date). */
  prevClose: number;
  open: number | null;
  high: number | null;
  low: number | null;
  change: number;
  /** Change in basis points of prevClose. */
  changeBp: number;
  volume: number;
  /** Yen traded so far that day. */
  turnover: number;
  /** Yen market capitalisation (stocks). */
  marketValue: number | null;
  /**
   * Daily price limits (TSE stocks): the band an order placed at `at` is checked against. Before
   * the open that is already today's band (built on the close shown, split-adjusted on an ex-date),
   * while the other figures are still the last trading day's.
   */
  limits: { upper: number; lower: number } | null;
  /** 'up' / 'down' when the price is stuck at a limit (ストップ高 / ストップ安). */
  limitState: 'up' | 'down' | null;
  bid: number | null;
  ask: number | null;
  simulated: true;
}

export interface MarketDataSource {
  instruments(): readonly Instrument[];
  instrument(code: string): Instrument | undefined;
  /** The quote as it stood at instant `at`. Throws UnknownInstrumentError for an unknown code. */
  quote(code: string, at: number): Quote;
  /** Unadjusted daily bars for days in [from, to] that have prices, oldest first. */
  dailyBars(code: string, from: IsoDate, to: IsoDate): DailyBar[];
  /** The day's 1-minute bars (empty on a day without trading). */
  minuteBars(code: string, day: IsoDate): MinuteBar[];
  /** Splits and dividends over the source's horizon, oldest first (stocks; empty otherwise). */
  corporateActions(code: string): CorporateAction[];
  /**
   * Lists a new stock (an IPO, docs/domain.md "IPO") from its listing date on. Only a simulated
   * source can: a real feed learns of listings from the exchange and leaves this out. Idempotent.
   */
  listNew?(listing: NewListing): void;
}

/** A new stock to trade from `listingDate`: its first day opens at `openPrice` with limits around `offerPrice`. */
export interface NewListing {
  instrument: Instrument;
  listingDate: IsoDate;
  /** The issue price (公開価格): the listing day's base price for the daily limits. */
  offerPrice: number;
  /** The first price (初値), on the tick grid and inside those limits. */
  openPrice: number;
}

export class UnknownInstrumentError extends Error {
  override name = 'UnknownInstrumentError';
  constructor(readonly code: string) {
    super(`unknown instrument: ${code}`);
  }
}

/** The source has no prices for that instant (before or after the span it covers). */
export class OutsideHorizonError extends RangeError {
  override name = 'OutsideHorizonError';
}
