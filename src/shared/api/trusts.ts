import { z } from 'zod';
import { endpoint } from './endpoint';
import { ACCOUNT_TYPES } from '../domain/account-type';
import { TRUST_CATEGORIES } from '../domain/trust';

/*
 * Investment trusts (投資信託; docs/domain.md "Investment trusts and 積立"): the catalogue with each
 * fund's 基準価額 history, orders at the next NAV (ブラインド方式), holdings with 個別元本, and the back
 * office's catalogue, strike status and plan-run views. Every price is simulated (`simulated: true`).
 */

const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const idParam = z.object({ id: z.string().min(1).max(80) });
const reason = z.string().trim().min(3).max(500);

export const TRUST_NISA_REFUSALS = ['not_designated', 'purchase_fee', 'trust_fee', 'monthly_distribution', 'short_term', 'leveraged'] as const;
export const TRUST_ORDER_STATUSES = ['pending', 'filled', 'paid', 'cancelled', 'failed'] as const;
export const TRUST_SORTS = ['assets', 'return', 'plans'] as const;

export const trustNames = z.object({ ja: z.string(), en: z.string(), zhHant: z.string(), ko: z.string() });
export type TrustNames = z.infer<typeof trustNames>;

export const distributionRule = z.object({
  months: z.array(int),
  day: int,
  kind: z.enum(['fixed', 'yield']),
  per10k: int.optional(),
  ppm: int.optional(),
});

/** Returns over the windows, ppm of the start NAV (total return, distributions reinvested); null: the fund is younger. */
export const trustReturns = z.object({ m1: int.nullable(), m6: int.nullable(), y1: int.nullable(), y3: int.nullable(), inception: int.nullable() });

export const trustFundView = z.object({
  id: z.string(),
  code: z.string(),
  names: trustNames,
  category: z.enum(TRUST_CATEGORIES),
  /** The index it tracks (instrument code), null for other funds. */
  benchmark: z.string().nullable(),
  /** The basket as shown on the key facts page: instrument code or 'bond', weight ppm. */
  basket: z.array(z.object({ kind: z.enum(['instrument', 'bond']), code: z.string().nullable(), weightPpm: int, yieldPpm: int.nullable() })),
  risk: int,
  trustFeePpm: int,
  purchaseFeePpm: int,
  retentionPpm: int,
  distribution: distributionRule.nullable(),
  reinvest: z.boolean(),
  leveraged: z.boolean(),
  foreignAssets: z.boolean(),
  designatedIndex: z.boolean(),
  termEnd: isoDate.nullable(),
  inception: isoDate,
  settleDays: int,
  status: z.enum(['open', 'suspended']),
  statusReason: z.string().nullable(),
  /** 基準価額 per 10,000口 at the last strike, and its date (null before the first strike). */
  nav: int,
  navDate: isoDate.nullable(),
  /** Change from the previous strike, yen per 10,000口 (0 before two strikes). */
  change: int,
  /** 純資産総額 (yen) and 総口数 after the last strike. */
  assets: int,
  units: int,
  returns: trustReturns,
  /** Active 積立 plans on the fund. */
  planCount: int,
  /** Why it may not be bought in each NISA frame (null: it may). つみたて also needs a plan. */
  eligibility: z.object({ nisa_growth: z.enum(TRUST_NISA_REFUSALS).nullable(), nisa_tsumitate: z.enum(TRUST_NISA_REFUSALS).nullable() }),
  simulated: z.literal(true),
});
export type TrustFundView = z.infer<typeof trustFundView>;

export const trustNavPoint = z.object({ date: isoDate, nav: int, tr: int, distribution: int });
export type TrustNavPoint = z.infer<typeof trustNavPoint>;

export const trustDetail = z.object({
  fund: trustFundView,
  /** Every strike since inception, oldest first (the client cuts 1M / 6M / 1Y / 3Y). */
  history: z.array(trustNavPoint),
});
export type TrustDetail = z.infer<typeof trustDetail>;

export const trustOrderBody = z.object({
  fundId: z.string().min(1).max(80),
  side: z.enum(['buy', 'sell']),
  account: z.enum(ACCOUNT_TYPES),
  /** buy: 'amount' (金額指定, total incl. fee) or 'units' (口数指定); sell: 'units' or 'all'. */
  mode: z.enum(['amount', 'units', 'all']),
  amount: int.min(1).max(100_000_000).optional(),
  units: int.min(1).max(1_000_000_000_000).optional(),
});
export type TrustOrderBody = z.infer<typeof trustOrderBody>;

export const trustOrderView = z.object({
  id: z.string(),
  fundId: z.string(),
  code: z.string(),
  names: trustNames,
  side: z.enum(['buy', 'sell']),
  account: z.enum(ACCOUNT_TYPES),
  mode: z.enum(['amount', 'units', 'all']),
  amount: int.nullable(),
  unitsAsked: int.nullable(),
  reserved: int,
  navDate: isoDate,
  status: z.enum(TRUST_ORDER_STATUSES),
  source: z.enum(['order', 'plan', 'reinvest']),
  planId: z.string().nullable(),
  orderedAt: int,
  /** Until when it may be cancelled (the cut-off of its nav date); null once it may not. */
  cancellableUntil: int.nullable(),
  nav: int.nullable(),
  units: int.nullable(),
  value: int.nullable(),
  fee: int.nullable(),
  retention: int.nullable(),
  /** Sell: value − 留保額 (before tax). */
  proceeds: int.nullable(),
  bookCost: int.nullable(),
  settleDate: isoDate.nullable(),
  tax: int.nullable(),
  paidAt: int.nullable(),
  reason: z.string().nullable(),
});
export type TrustOrderView = z.infer<typeof trustOrderView>;

export const trustPreviewQuery = z.object({
  fundId: z.string().min(1).max(80),
  side: z.enum(['buy', 'sell']),
  account: z.enum(ACCOUNT_TYPES),
  mode: z.enum(['amount', 'units', 'all']),
  amount: z.coerce.number().int().min(1).max(100_000_000).optional(),
  units: z.coerce.number().int().min(1).max(1_000_000_000_000).optional(),
});

/** The ticket's estimate at the last NAV (the order fills at the next, unknown NAV). */
export const trustPreview = z.object({
  navDate: isoDate,
  cancellableUntil: int,
  lastNav: int,
  /** Buy: units, value, fee, paid at the last NAV; reserved = what the order freezes now. */
  buy: z.object({ units: int, value: int, fee: int, paid: int, reserved: int }).nullable(),
  /** Sell: units, value, 留保額, proceeds at the last NAV; 受渡日; held units. */
  sell: z.object({ units: int, value: int, retention: int, proceeds: int, settleDate: isoDate, held: int }).nullable(),
  /** Cash free to buy now. */
  cash: int,
  /** The refusal the order would get now (id and params), null when it would be accepted. */
  refusal: z.object({ id: z.string(), params: z.record(z.string(), z.unknown()) }).nullable(),
});
export type TrustPreview = z.infer<typeof trustPreview>;

export const trustHoldingView = z.object({
  fundId: z.string(),
  code: z.string(),
  names: trustNames,
  account: z.enum(ACCOUNT_TYPES),
  units: int,
  nav: int,
  navDate: isoDate.nullable(),
  /** units × NAV ÷ 10,000, rounded down. */
  value: int,
  /** 個別元本 per 10,000口 (平均取得単価, without fees). */
  principalPer10k: int,
  /** 取得価額 (incl. fees) and 評価損益 = value − 取得価額. */
  bookCost: int,
  pnl: int,
  /** Units in 解約 orders not struck yet. */
  pendingSellUnits: int,
});
export type TrustHoldingView = z.infer<typeof trustHoldingView>;

export const trustListQuery = z.object({
  q: z.string().trim().max(60).optional(),
  category: z.enum(TRUST_CATEGORIES).optional(),
  /** 信託報酬 at most this, ppm. */
  maxFeePpm: z.coerce.number().int().min(0).max(100_000).optional(),
  risk: z.coerce.number().int().min(1).max(5).optional(),
  nisa: z.enum(['nisa_growth', 'nisa_tsumitate']).optional(),
  sort: z.enum(TRUST_SORTS).default('assets'),
});

export const trustsApi = {
  list: endpoint({
    method: 'get', path: 'trusts', tag: 'trusts', auth: 'user',
    summary: 'The investment-trust catalogue, filtered and ranked (by assets, 1-year return or 積立 plans)',
    query: trustListQuery, data: z.object({ items: z.array(trustFundView) }),
  }),
  detail: endpoint({
    method: 'get', path: 'trusts/funds/{id}', tag: 'trusts', auth: 'user',
    summary: 'One fund: its key facts and every 基準価額 since inception with the total-return line',
    params: idParam, data: trustDetail,
  }),
  preview: endpoint({
    method: 'get', path: 'trusts/preview', tag: 'trusts', auth: 'user',
    summary: 'Estimate a buy or 解約 at the last NAV: the NAV date it will take, units, fees, 留保額, 受渡日',
    query: trustPreviewQuery, data: trustPreview,
  }),
  place: endpoint({
    method: 'post', path: 'trusts/orders', tag: 'trusts', auth: 'user', idempotent: true,
    summary: 'Buy (by amount or units) or redeem (by units or all) at the next NAV; a buy reserves its cash',
    body: trustOrderBody, data: trustOrderView,
  }),
  cancel: endpoint({
    method: 'post', path: 'trusts/orders/{id}/cancel', tag: 'trusts', auth: 'user', idempotent: true,
    summary: 'Cancel a pending order until the 15:30 cut-off of its NAV date (a buy’s cash returns)',
    params: idParam, data: trustOrderView,
  }),
  orders: endpoint({
    method: 'get', path: 'trusts/orders', tag: 'trusts', auth: 'user',
    summary: 'My fund orders, newest first',
    query: z.object({ open: z.enum(['1', '0']).default('0'), cursor: z.string().max(80).optional(), limit: z.coerce.number().int().min(1).max(100).default(30) }),
    data: z.object({ items: z.array(trustOrderView), next: z.string().nullable() }),
  }),
  holdings: endpoint({
    method: 'get', path: 'trusts/holdings', tag: 'trusts', auth: 'user',
    summary: 'My fund holdings per fund and account type, valued at the last NAV',
    data: z.object({ items: z.array(trustHoldingView) }),
  }),
};

export const trustAdminFund = trustFundView.extend({
  /** The last business day struck, and the oldest business day whose strike is due but not done (null: up to date). */
  lastStruck: isoDate.nullable(),
  strikeDue: isoDate.nullable(),
  lastStruckAt: int.nullable(),
  /** Pending orders and their total reserved yen. */
  pendingOrders: int,
  pendingReserved: int,
});
export type TrustAdminFund = z.infer<typeof trustAdminFund>;

export const trustNavRow = z.object({
  date: isoDate, nav: int, tr: int, grossAssets: int, fee: int, days: int, distribution: int, assets: int, units: int, struckAt: int,
});
export type TrustNavRow = z.infer<typeof trustNavRow>;

/** Fee bounds an admin may set (ppm): 信託報酬 ≤ 3 %, 購入時手数料 ≤ 3.3 %, 留保額 ≤ 0.5 %. */
export const TRUST_FEE_BOUNDS = { trustFeePpm: 30_000, purchaseFeePpm: 33_000, retentionPpm: 5_000 } as const;

export const trustsAdminApi = {
  funds: endpoint({
    method: 'get', path: 'admin/trusts', tag: 'admin', auth: 'admin',
    summary: 'The fund catalogue with each fund’s NAV strike status and pending orders',
    data: z.object({ items: z.array(trustAdminFund) }),
  }),
  navs: endpoint({
    method: 'get', path: 'admin/trusts/{id}/navs', tag: 'admin', auth: 'admin',
    summary: 'A fund’s last 30 strikes with the figures each was struck from',
    params: idParam, data: z.object({ items: z.array(trustNavRow) }),
  }),
  update: endpoint({
    method: 'post', path: 'admin/trusts/{id}', tag: 'admin', auth: 'admin',
    summary: 'Change a fund’s fees or designated-index flag within bounds, with a reason (audited; fees apply from the next strike)',
    params: idParam,
    body: z.object({
      trustFeePpm: int.min(0).max(TRUST_FEE_BOUNDS.trustFeePpm).optional(),
      purchaseFeePpm: int.min(0).max(TRUST_FEE_BOUNDS.purchaseFeePpm).optional(),
      retentionPpm: int.min(0).max(TRUST_FEE_BOUNDS.retentionPpm).optional(),
      designatedIndex: z.boolean().optional(),
      reason,
    }),
    data: trustAdminFund,
  }),
  status: endpoint({
    method: 'post', path: 'admin/trusts/{id}/status', tag: 'admin', auth: 'admin',
    summary: 'Suspend or reopen a fund for new orders and plan runs, with a reason (audited)',
    params: idParam, body: z.object({ status: z.enum(['open', 'suspended']), reason }), data: trustAdminFund,
  }),
};
