/**
 * Search-param validation for the routes.
 *
 * Deliberately not zod: route definitions are part of the first-load bundle, and zod's runtime
 * (even zod/mini, which shares zod's core with the classic API the contract uses) adds ~15 KB gzip
 * there, over the docs/architecture.md "Budgets" budget for /login/start. These validators do what the zod schemas
 * did (optional value, trimmed, length and pattern checked, anything invalid dropped to
 * "absent") and are unit-tested (tests/unit/ui-search.test.ts).
 */
import { ACCOUNT_TYPES, type AccountType } from '../../../shared/domain/account-type';

type Raw = Record<string, unknown>;

/** An optional string param: kept when it is a string (numbers are stringified) matching the rules. */
export function optionalString(value: unknown, opts: { max: number; pattern?: RegExp }): string | undefined {
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
  if (!text || text.length > opts.max) return undefined;
  if (opts.pattern && !opts.pattern.test(text)) return undefined;
  return text;
}

/** An optional param out of a fixed list. */
export function optionalEnum<const T extends readonly string[]>(value: unknown, values: T): T[number] | undefined {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;
}

export const idSearch = (s: Raw): { id?: string } => ({ id: optionalString(s.id, { max: 64 }) });

export const codeSearch = (s: Raw): { code?: string } => ({
  code: optionalString(s.code, { max: 16, pattern: /^[0-9A-Za-z.\-_]+$/ }),
});

export const userIdSearch = (s: Raw): { userId?: string } => ({ userId: optionalString(s.userId, { max: 80 }) });

export const querySearch = (s: Raw): { q?: string } => ({ q: optionalString(s.q, { max: 64 }) });

/** Where to go after signing in: an app path like "/information/index" (never /login/…, never //host). */
export const REDIRECT_PATTERN = /^\/(?!\/)(?!login\/)[\w\-/]*$/;
export const redirectSearch = (s: Raw): { redirect?: string } => ({
  redirect: optionalString(s.redirect, { max: 200, pattern: REDIRECT_PATTERN }),
});

export const inviteSearch = (s: Raw): { invite?: string } => ({
  invite: optionalString(s.invite, { max: 16, pattern: /^[A-Za-z0-9]{4,16}$/ }),
});

/** Fund record tabs: everything, trades, grants (journaled test funds), deposits, withdrawals. */
export const FUND_RECORD_TYPES = ['all', 'trade', 'trust', 'grant', 'fx', 'deposit', 'withdraw'] as const;
export const fundRecordSearch = (s: Raw): { type?: (typeof FUND_RECORD_TYPES)[number] } => ({
  type: optionalEnum(s.type, FUND_RECORD_TYPES),
});

/** Market boards (docs/product.md "Routes" market tabs) and the board sort. */
export const MARKET_BOARDS = ['listed', 'otc', 'ipo', 'auction', 'crypto', 'fx'] as const;
export const MARKET_SORTS = ['changeBp', 'volume', 'turnover', 'price'] as const;
export const SORT_ORDERS = ['desc', 'asc'] as const;
export const marketSearch = (
  s: Raw,
): { tab?: (typeof MARKET_BOARDS)[number]; sort?: (typeof MARKET_SORTS)[number]; order?: (typeof SORT_ORDERS)[number] } => ({
  tab: optionalEnum(s.tab, MARKET_BOARDS),
  sort: optionalEnum(s.sort, MARKET_SORTS),
  order: optionalEnum(s.order, SORT_ORDERS),
});

/** Stock / index detail: the code and the chart's period, indicators and adjustment (restored on reload). */
export const CHART_PERIOD_PARAMS = ['timeshare', 'min5', 'min15', 'min30', 'day', 'week', 'month', 'halfyear', 'year'] as const;
export const MAIN_INDICATOR_PARAMS = ['MA', 'EMA', 'BOLL', 'none'] as const;
export const SUB_INDICATOR_PARAMS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
export const ADJUST_PARAMS = ['none', 'forward', 'backward'] as const;
export interface StockDetailSearch {
  code?: string;
  period?: (typeof CHART_PERIOD_PARAMS)[number];
  main?: (typeof MAIN_INDICATOR_PARAMS)[number];
  sub?: (typeof SUB_INDICATOR_PARAMS)[number];
  adjust?: (typeof ADJUST_PARAMS)[number];
}
export const stockDetailSearch = (s: Raw): StockDetailSearch => ({
  code: optionalString(s.code, { max: 12, pattern: /^[0-9A-Za-z]+$/ }),
  period: optionalEnum(s.period, CHART_PERIOD_PARAMS),
  main: optionalEnum(s.main, MAIN_INDICATOR_PARAMS),
  sub: optionalEnum(s.sub, SUB_INDICATOR_PARAMS),
  adjust: optionalEnum(s.adjust, ADJUST_PARAMS),
});

export const ABOUT_SECTIONS = ['about', 'operator', 'fraud', 'privacy', 'terms'] as const;
export const aboutSearch = (s: Raw): { section?: (typeof ABOUT_SECTIONS)[number] } => ({
  section: optionalEnum(s.section, ABOUT_SECTIONS),
});

/**
 * /trade/index: the stock detail's buy/sell entry opens the ticket on `code`, buy up or buy down;
 * a holding card's 売る adds its `account` (預り区分), so the sale is of that card's shares.
 */
export const TRADE_DIRECTIONS = ['up', 'down'] as const;
export const tradeSearch = (s: Raw): { code?: string; direction?: (typeof TRADE_DIRECTIONS)[number]; account?: AccountType } => ({
  ...codeSearch(s),
  direction: optionalEnum(s.direction, TRADE_DIRECTIONS),
  account: optionalEnum(s.account, ACCOUNT_TYPES),
});

/** /admin/audit filters: an admin (id or phone), a target id or name, an action key. */
export const auditSearch = (s: Raw): { admin?: string; target?: string; action?: string } => ({
  admin: optionalString(s.admin, { max: 64 }),
  target: optionalString(s.target, { max: 64 }),
  action: optionalString(s.action, { max: 64, pattern: /^[a-z_.]+$/ }),
});

/** 投資信託 list tabs (/home/trusts): the catalogue, my holdings, my orders. */
export const TRUST_TABS = ['funds', 'holdings', 'orders'] as const;
export const trustListSearch = (s: Raw): { tab?: (typeof TRUST_TABS)[number] } => ({ tab: optionalEnum(s.tab, TRUST_TABS) });

/** The fund order ticket (/home/trustOrder): the fund, buy or 解約, and an account type to start with. */
export const trustOrderSearch = (s: Raw): { id?: string; side?: 'buy' | 'sell'; account?: AccountType } => ({
  id: optionalString(s.id, { max: 64 }),
  side: optionalEnum(s.side, ['buy', 'sell'] as const),
  account: optionalEnum(s.account, ACCOUNT_TYPES),
});

/** The 積立 plan screen (/home/tsumitatePlan): an existing plan (`id`), or a new one for a fund or a stock. */
export const planSearch = (s: Raw): { id?: string; fund?: string; code?: string } => ({
  id: optionalString(s.id, { max: 64 }),
  fund: optionalString(s.fund, { max: 64 }),
  code: optionalString(s.code, { max: 16, pattern: /^[0-9A-Za-z.\-_]+$/ }),
});
