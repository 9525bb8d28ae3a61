import { z } from 'zod';
import { endpoint } from './endpoint';
import { CURRENCY_CODES, type Currency } from '../money';

/**
 * Currency exchange, 資金振替・両替 (docs/domain.md "Currency exchange"): rates from the simulated
 * FX board with the operator's stated spread (`fxSpreadBp`), a quote held server-side for
 * FX_QUOTE_TTL_MS, and the exchange of a quote as one journaled money command. Amounts are integers
 * in each currency's minor unit (src/shared/money/currency.ts).
 */

/** How long a quote can be exchanged (the screen counts it down and re-quotes). */
export const FX_QUOTE_TTL_MS = 30_000;
/** Rates are sent as integers scaled by this: units of the target per one unit of the source (major units). */
export const FX_RATE_SCALE = 100_000_000;

const currency = z.enum(CURRENCY_CODES as [Currency, ...Currency[]]);
const int = z.number().int();

/** One currency against the yen: yen per `unit` major units, in the board's `priceScale`. */
export const fxBoardRow = z.object({
  currency,
  /** The FX board instrument the rate comes from (e.g. USDJPY); null for the yen itself. */
  code: z.string().nullable(),
  /** Major units the price is for (100 for VND and KRW, as the board quotes them). */
  unit: int,
  priceScale: int,
  mid: int,
  /** What the house pays for the currency (the user sells it): mid less half the spread, rounded down. */
  bid: int,
  /** What the house asks for it (the user buys it): mid plus half the spread, rounded up. */
  ask: int,
});

export const fxQuotes = z.object({
  asOf: int,
  /** The full spread, bid to ask, in basis points of the mid rate (config `fxSpreadBp`). */
  spreadBp: int,
  quoteTtlMs: int,
  rows: z.array(fxBoardRow),
});

export const fxQuote = z.object({
  quoteId: z.string(),
  from: currency,
  to: currency,
  /** What the user gives, in `from`'s minor unit. */
  amount: int,
  /** What the user receives, in `to`'s minor unit, rounded DOWN to the minor unit. */
  amountOut: int,
  /** At the mid rate (rounded down): amountOut + spreadAmount. */
  midAmountOut: int,
  /** The spread the house keeps, in `to`'s minor unit (to FX spread income). */
  spreadAmount: int,
  spreadBp: int,
  /** Units of `to` per one unit of `from` (major units) × FX_RATE_SCALE, rounded down: for display. */
  rate: int,
  midRate: int,
  createdAt: int,
  validUntil: int,
});
export type FxQuote = z.infer<typeof fxQuote>;

export const fxExchangeResult = z.object({
  quoteId: z.string(),
  entryId: z.string(),
  from: currency,
  to: currency,
  amount: int,
  amountOut: int,
  spreadAmount: int,
  /** The user's cash in each currency after the exchange. */
  fromCash: int,
  toCash: int,
});

export const fxApi = {
  quotes: endpoint({
    method: 'get', path: 'fx/quotes', tag: 'fx', auth: 'user',
    summary: 'Bid/ask of each currency against the yen from the FX board, with the stated spread',
    data: fxQuotes,
  }),
  quote: endpoint({
    method: 'post', path: 'fx/quote', tag: 'fx', auth: 'user',
    summary: 'A quote for an exchange, held by the server for 30 s (its rate cannot be changed by the client)',
    body: z.object({ from: currency, to: currency, amount: int.positive().max(Number.MAX_SAFE_INTEGER) }),
    data: fxQuote,
  }),
  exchange: endpoint({
    method: 'post', path: 'fx/exchange', tag: 'fx', auth: 'user', idempotent: true,
    summary: 'Exchange at a quote: user cash(from) → house fx(from), house fx(to) → user cash(to), spread to FX spread income',
    body: z.object({ quoteId: z.string().min(1).max(64) }),
    data: fxExchangeResult,
  }),
} as const;
