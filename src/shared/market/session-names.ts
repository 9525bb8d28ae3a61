/**
 * The names of the TSE sessions (docs/tse-rules.md "Sessions and calendar"), apart from session.ts's
 * rules: the API schemas need the names only, and importing session.ts would bring the trading
 * calendar and its holiday table into every screen that validates a quote.
 */
export const MARKET_SESSIONS = [
  'closed', // not a trading day, or before 8:00 on one
  'pre_open', // 8:00–9:00: orders accepted, the opening auction matches at 9:00
  'morning', // 9:00–11:30 continuous trading (前場)
  'lunch', // 11:30–12:30 (昼休み); orders accepted
  'afternoon', // 12:30–15:25 continuous trading (後場)
  'closing_auction', // 15:25–15:30: orders accepted, no trades (クロージング・オークション)
  'after_close', // 15:30 onwards on a trading day
] as const;
export type MarketSession = (typeof MARKET_SESSIONS)[number];
