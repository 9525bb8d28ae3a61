import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Strategy funds (docs/domain.md "Strategy funds", docs/decisions/016-strategy-funds.md): follow-order
 * and quant funds, each a ledger owner (`fund:<id>`) trading on the simulated market through the
 * trading engine. Every figure here is computed from the fund's ledger, its fills and its daily NAV
 * rows, and is a past result: nothing is promised.
 */

const int = z.number().int();
const reason = z.string().trim().min(3).max(500);
const idParam = z.object({ id: z.string().min(1).max(64) });

export const STRATEGY_KINDS = ['quant', 'follow'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];
/** The documented rule sets a fund can run (docs/decisions/016-strategy-funds.md). */
export const STRATEGY_RULES = ['index_tracker', 'momentum', 'mean_reversion', 'follow_model'] as const;
export type StrategyRule = (typeof STRATEGY_RULES)[number];
export const STRATEGY_STATUSES = ['active', 'paused', 'terminating', 'terminated'] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];
/** A subscription's life: reserved → units held → redemption asked → paid out (or paid at termination). */
export const STRATEGY_HOLDING_STATUSES = ['pending', 'holding', 'redeeming', 'redeemed', 'terminated'] as const;
export type StrategyHoldingStatus = (typeof STRATEGY_HOLDING_STATUSES)[number];
/** NAV is quoted per 10,000 units (基準価額 per 1万口), starting at ¥10,000. */
export const NAV_UNITS = 10_000;
export const NAV_START = 10_000;

/** The rule's parameters as shown to the user (numbers, codes, names). */
const ruleParams = z.record(z.string(), z.union([z.number(), z.string(), z.array(z.string())]));

export const strategySummary = z.object({
  id: z.string(),
  kind: z.enum(STRATEGY_KINDS),
  name: z.string(),
  /** Optional names an admin entered per language (null: the Japanese name is shown). */
  nameEn: z.string().nullable(),
  nameZhHant: z.string().nullable(),
  nameKo: z.string().nullable(),
  rule: z.enum(STRATEGY_RULES),
  params: ruleParams,
  /** For follow-order funds: the model portfolio copied. */
  model: z.string().nullable(),
  status: z.enum(STRATEGY_STATUSES),
  minAmount: int,
  /**
   * The fund's minimum investable size at current prices: the net assets at which its rule places
   * all of its orders (one lot of each name at its weight, the cash buffer on top).
   */
  minInvestable: int,
  /** The least a subscription may be now: minAmount, or what brings the fund to minInvestable. */
  minSubscription: int,
  lockDays: int,
  /** Annual management fee for new subscriptions, basis points; accrued per calendar day on the fund's shares (never on its cash). */
  feeBp: int,
  /** Follow-order funds: the last day subscriptions are taken (follow_time_exceeded after it). */
  followUntil: z.string().nullable(),
  /**
   * Whether the follow period still takes subscriptions on the market's today (false after
   * followUntil; true without one). Decided on the server, never from the device's clock
   * (docs/decisions/023-one-clock.md).
   */
  followOpen: z.boolean(),
  startedOn: z.string(),
  /** Latest NAV per 10,000 units and its date (null before the first strike). */
  nav: int,
  navDate: z.string().nullable(),
  /** Net assets at the latest strike (AUM), yen. */
  aum: int,
  units: int,
  /** Past results, each computed from history (null when there is none yet). */
  winRate: z.object({ closed: int, won: int }),
  /** Sum of every subscription struck so far, yen. */
  followAmount: int,
  /** NAV change on the latest day, per 10,000 units (yen) and in basis points. */
  dailyProfit: int.nullable(),
  dailyProfitBp: int.nullable(),
  /** NAV change since the start (¥10,000), per 10,000 units and in basis points. */
  totalProfit: int,
  totalProfitBp: int,
  /** Average result of holdings that ended (redeemed or paid at termination), bp of what was paid in. */
  maturityReturnBp: int.nullable(),
  maturityCount: int,
  /**
   * The rule's model track record over the simulated past, from its stated start (three years
   * before the fund's own start) to the last close: a model, never the fund's results
   * (docs/decisions/016-strategy-funds.md "Model track record"). Returns in basis points.
   */
  modelTrack: z.object({ from: z.string(), to: z.string(), returnBp1y: int.nullable(), returnBpSinceFrom: int.nullable() }),
  /** Fewer than 20 NAV strikes: the fund is new and says so. */
  isNew: z.boolean(),
});
export type StrategySummary = z.infer<typeof strategySummary>;

export const navPoint = z.object({
  date: z.string(),
  nav: int,
  /** Net assets = cash + positionsValue − feeAccrued at the strike. */
  netAssets: int,
  cash: int,
  positionsValue: int,
  feeAccrued: int,
  units: int,
  /** Management fee taken that day (yen). */
  fee: int,
});

export const strategyDetail = z.object({
  fund: strategySummary,
  history: z.array(navPoint),
  /** The model track record's points (NAV per 10,000 units of the model, from ¥10,000), oldest first. */
  modelHistory: z.array(z.object({ date: z.string(), nav: int })),
  holdings: z.array(z.object({ code: z.string(), name: z.string(), nameEn: z.string(), shares: int, price: int, priceScale: int, value: int })),
  /** The fund's fills, newest first (from its positions: the trading engine's records). */
  trades: z.array(z.object({
    at: int, code: z.string(), name: z.string(), nameEn: z.string(), side: z.enum(['buy', 'sell']), shares: int, price: int, priceScale: int,
    /** Realized P/L net of fees and tax for a sell, null for a buy. */
    pnl: int.nullable(),
  })),
});
export type StrategyDetail = z.infer<typeof strategyDetail>;

export const strategyHolding = z.object({
  id: z.string(),
  fundId: z.string(),
  fundName: z.string(),
  /** The fund's names an admin entered per language (null: the Japanese name is shown). */
  fundNameEn: z.string().nullable(),
  fundNameZhHant: z.string().nullable(),
  fundNameKo: z.string().nullable(),
  kind: z.enum(STRATEGY_KINDS),
  status: z.enum(STRATEGY_HOLDING_STATUSES),
  /** Yen paid in (after the strike: what the units cost; before: what is reserved). */
  amount: int,
  units: int,
  feeBp: int,
  requestedAt: int,
  /** The strike date and NAV of the subscription. */
  subscribedOn: z.string().nullable(),
  strikeNav: int.nullable(),
  lockedUntil: z.string().nullable(),
  /** Value at the latest NAV (units × NAV ÷ 10,000), or what was paid out once ended. */
  value: int,
  nav: int,
  payout: int.nullable(),
  endedOn: z.string().nullable(),
  redeemable: z.boolean(),
});
export type StrategyHolding = z.infer<typeof strategyHolding>;

export const strategiesApi = {
  list: endpoint({
    method: 'get', path: 'strategies', tag: 'strategies', auth: 'user',
    summary: 'Strategy funds of a kind (follow-order or quant) with their past results',
    query: z.object({ kind: z.enum(STRATEGY_KINDS).optional() }),
    data: z.object({ items: z.array(strategySummary) }),
  }),
  holdings: endpoint({
    method: 'get', path: 'strategies/holdings', tag: 'strategies', auth: 'user',
    summary: "The user's fund holdings, in progress and ended",
    data: z.object({ items: z.array(strategyHolding) }),
  }),
  detail: endpoint({
    method: 'get', path: 'strategies/{id}', tag: 'strategies', auth: 'user',
    summary: 'One fund: rules, NAV history, holdings and recent trades',
    params: idParam,
    data: strategyDetail,
  }),
  subscribe: endpoint({
    method: 'post', path: 'strategies/{id}/subscribe', tag: 'strategies', auth: 'user', idempotent: true,
    summary: 'Subscribe an amount ≥ the minimum: reserved now, units at the next NAV',
    params: idParam,
    body: z.object({ amount: z.number().int().positive().max(1_000_000_000_000) }),
    data: strategyHolding,
  }),
  redeem: endpoint({
    method: 'post', path: 'strategies/holdings/{id}/redeem', tag: 'strategies', auth: 'user', idempotent: true,
    summary: 'Redeem a holding after its lock: paid at the next NAV',
    params: idParam,
    data: strategyHolding,
  }),
} as const;

export const createStrategyBody = z.object({
  id: z.string().trim().regex(/^[a-z0-9-]{3,32}$/),
  kind: z.enum(STRATEGY_KINDS),
  name: z.string().trim().min(2).max(60),
  /** Optional English, Traditional Chinese and Korean names. */
  nameEn: z.string().trim().max(80).optional(),
  nameZhHant: z.string().trim().max(60).optional(),
  nameKo: z.string().trim().max(60).optional(),
  rule: z.enum(STRATEGY_RULES),
  params: ruleParams.optional(),
  model: z.string().trim().min(2).max(60).optional(),
  minAmount: z.number().int().min(10_000).max(100_000_000),
  lockDays: z.number().int().min(0).max(365),
  feeBp: z.number().int().min(0).max(300),
  followUntil: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  reason,
});

export const strategiesAdminApi = {
  list: endpoint({
    method: 'get', path: 'admin/strategies', tag: 'admin', auth: 'admin',
    summary: 'Every strategy fund, whatever its status',
    data: z.object({ items: z.array(strategySummary) }),
  }),
  create: endpoint({
    method: 'post', path: 'admin/strategies', tag: 'admin', auth: 'admin',
    summary: 'Create a fund running one of the documented rule sets (audited)',
    body: createStrategyBody,
    data: strategySummary,
  }),
  pause: endpoint({
    method: 'post', path: 'admin/strategies/{id}/pause', tag: 'admin', auth: 'admin',
    summary: 'Pause (no new subscriptions, no trading) or resume a fund (audited)',
    params: idParam,
    body: z.object({ paused: z.boolean(), reason }),
    data: strategySummary,
  }),
  terminate: endpoint({
    method: 'post', path: 'admin/strategies/{id}/terminate', tag: 'admin', auth: 'admin',
    summary: 'Terminate a fund: it sells everything and pays every holder at the final NAV (audited)',
    params: idParam,
    body: z.object({ reason }),
    data: strategySummary,
  }),
  fee: endpoint({
    method: 'post', path: 'admin/strategies/{id}/fee', tag: 'admin', auth: 'admin',
    summary: 'Change the management fee for new subscriptions only (audited)',
    params: idParam,
    body: z.object({ feeBp: z.number().int().min(0).max(300), reason }),
    data: strategySummary,
  }),
} as const;
