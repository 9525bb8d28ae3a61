import { z } from 'zod';
import { endpoint } from './endpoint';
import { DIRECTIONS } from '../domain/position';
import { ACCOUNT_TYPES } from '../domain/account-type';

/*
 * GET trade/holdings, apart from the rest of the trade contract (trade.ts, whose `tradeApi` holds
 * it): the stock detail shows your position from it, and evaluating every trade schema there took
 * 10–15 ms of one task (docs/decisions/020-first-load-and-prerender.md, "the page's CPU
 * time and the host's").
 */

const int = z.number().int();

/** 保有証券: cash holdings per stock and account, margin positions (建玉) apart, totals (docs/domain.md "Trading"). */
export const holdingsView = z.object({
  asOf: int,
  totals: z.object({
    /** Value of the cash holdings. */
    value: int,
    /** Net P/L of everything held (fees and interest paid are deducted). */
    pnl: int,
    /** Today's change of the cash holdings' value (from the purchase for shares bought today). */
    dayChange: int,
    /** Value of the margin positions (not the user's money: see each position's P/L). */
    marginValue: int,
  }),
  stocks: z.array(
    z.object({
      code: z.string(), nameJa: z.string(), nameEn: z.string(), shares: int,
      /** 預り区分: one row per stock and account (特定 and NISA holdings of one stock are apart). */
      account: z.enum(ACCOUNT_TYPES),
      /** 取得価額 (yen, buy fees included, 総平均法: docs/domain.md "取得価額") and 平均取得単価 per share in priceScale, rounded up. */
      cost: int, averageCost: int, priceScale: int, price: int.nullable(),
      /**
       * dayChange: today's change of this holding's value in yen = Σ shares × (price − previous
       * close), counted from the purchase for shares bought today. priceChange / dayChangeBp: the
       * stock's own 前日比 (price − previous close, in priceScale; and in basis points of that close).
       */
      value: int, pnl: int, pnlBp: int, dayChange: int, dayChangeBp: int, priceChange: int,
      /**
       * Shares of the row lent out (貸株, docs/domain.md "Loans and stock lending": not sellable until
       * recalled) and, when every lent part is being recalled, the day the last recall completes.
       */
      lentShares: int, lentReturnsOn: z.string().nullable(),
      /** How many positions the row sums (each can be sold on its own). */
      positions: int,
    }),
  ),
  margin: z.array(
    z.object({
      id: z.string(), code: z.string(), nameJa: z.string(), nameEn: z.string(), direction: z.enum(DIRECTIONS), leverage: z.number(), dayTrade: z.boolean(),
      shares: int, cost: int, entryPrice: int.nullable(), priceScale: int, price: int.nullable(), value: int, pnl: int, maintenanceRatioBp: int.nullable(),
    }),
  ),
});

export const tradeHoldings = endpoint({
  method: 'get', path: 'trade/holdings', tag: 'trade', auth: 'user',
  summary: '保有証券: cash holdings per stock with average cost, margin positions apart, totals',
  data: holdingsView,
});
