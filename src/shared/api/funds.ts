import { z } from 'zod';
import { endpoint } from './endpoint';
import { CURRENCY_CODES } from '../money';
import { ENTRY_KINDS, MEMO_IDS, RECORD_TYPES, type EntryKind } from '../domain/ledger-kinds';
import { ACCOUNT_TYPES } from '../domain/account-type';

export { RECORD_TYPES };

const int = z.number().int();

export const currencyBalance = z.object({
  currency: z.string(),
  /** Settled free cash. */
  cash: int,
  frozen: int,
  margin: int,
  /** Sale proceeds until settlement (T+2): usable to buy, not to withdraw. */
  unsettled: int,
  /** ≤ 0: what the user owes on a credit-line loan. */
  loan: int,
  /** ≤ 0: 不足金, a loss or charge beyond what the user held. */
  shortfall: int,
  total: int,
  /**
   * `total` in yen: the yen's own total, another currency's valued at the FX board's current MID rate
   * (exact integers, rounded toward zero; docs/domain.md "Currency exchange"). Part of totalAssets.
   */
  valueJpy: int,
});

/** Proceeds not yet settled, by settlement date. */
export const pendingSettlement = z.object({ settlesOn: z.string(), amount: int });

/**
 * 上場待ち: an offering's allotment paid for (ipo_payment) whose shares are not delivered yet. The
 * money paid is in `margin` already, so in totalAssets; the line explains it until the listing
 * (or a public offering's delivery date) opens the position. docs/domain.md "IPO".
 */
export const awaitingListingLine = z.object({
  applicationId: z.string(),
  code: z.string(),
  nameJa: z.string(),
  nameEn: z.string(),
  /** An IPO (the stock starts trading on listingDate); false for new shares of a listed stock (PO, placement). */
  newListing: z.boolean(),
  shares: int,
  /** The issue price (priceScale) and the yen paid: shares × price. */
  price: int,
  priceScale: int,
  amount: int,
  /** Tokyo date the shares are delivered (the listing date of an IPO). */
  listingDate: z.string(),
});
export type AwaitingListingLine = z.infer<typeof awaitingListingLine>;

export const fundsSummary = z.object({
  currency: z.string(),
  /**
   * Yen ledger equity (cash + frozen + margin + unsettled + loan + shortfall) + the gross
   * (price-difference) unrealized P/L of held positions + every other currency's balance valued in
   * yen at the FX board's mid (`balances[].valueJpy`).
   */
  totalAssets: int,
  /** Buying power: settled free cash + unsettled proceeds. */
  available: int,
  /** Settled free cash. */
  cash: int,
  /** Sale proceeds not yet settled (part of `available`, not withdrawable). */
  unsettled: int,
  /** What settles when (the sum may exceed `unsettled` when some proceeds were spent on new buys). */
  settlements: z.array(pendingSettlement),
  /** Settled free cash less any shortfall: what a withdrawal could take. */
  withdrawable: int,
  frozen: int,
  margin: int,
  loan: int,
  /** ≤ 0: 不足金 owed; new positions are refused while it is owed. */
  shortfall: int,
  /** When the shortfall is due (Tokyo date; late interest accrues after it), null without one. */
  shortfallDueOn: z.string().nullable(),
  /**
   * The shortfall is past its due date on the market's today, so late interest accrues. Decided on
   * the server, never from the device's clock (docs/decisions/023-one-clock.md); false without one.
   */
  shortfallOverdue: z.boolean(),
  /** Live value of held positions. */
  marketValue: int,
  /** Net of opening fees and interest charged so far (the closing fee is not paid yet). */
  unrealizedPnl: int,
  /**
   * What is over: closed positions' net P/L (after fees, interest and tax), fund holdings paid out
   * less their cost, and the yen flows no position carries — 配当金 net of the tax withheld,
   * 配当落調整金 received (margin long) or paid (short), 配当金相当額 and lending fees received, loan
   * and late interest charged (docs/domain.md "Profit").
   */
  realizedPnl: int,
  /**
   * realizedPnl + unrealizedPnl = totalAssets − net deposits, where net deposits = yen deposits +
   * grants (admin and demo funds count as money put in) − withdrawals paid. Exact for yen: foreign
   * balances' yen value (rate moves, exchange spreads, a USDT deposit) is in totalAssets and in
   * neither profit nor the yen net deposits (docs/domain.md "Profit").
   */
  profit: int,
  balances: z.array(currencyBalance),
  /** Allotments paid for and awaiting listing, by listing date (part of `margin`); absent from an older server. */
  awaitingListing: z.array(awaitingListingLine).optional(),
});

/** The periods of the asset chart (資産推移). */
export const HISTORY_RANGES = ['1m', '3m', '1y', 'all'] as const;

/**
 * 資産推移: total assets at each Tokyo day's end, from the ledger and the day's closes (how a day is
 * valued: docs/domain.md "Asset history"); the last point is today's, live.
 */
export const fundsHistory = z.object({
  currency: z.string(),
  range: z.enum(HISTORY_RANGES),
  asOf: int,
  /** Oldest first, one per calendar day from the range's start (or the first activity) to today. */
  points: z.array(z.object({ date: z.string(), totalAssets: int })),
  /** Today's (live) total assets: the same figure as funds/summary's. */
  totalAssets: int,
  /** Yesterday's end-of-day total assets. */
  previousTotal: int,
  /** Deposits, withdrawals and grants today (in +, out −): not a gain or a loss. */
  netFlows: int,
  /** 当日損益: totalAssets − previousTotal − netFlows. */
  dayChange: int,
  /** dayChange in basis points of what the day started with (previousTotal + money added today). */
  dayChangeBp: int,
});

export const RECORD_LINE_TYPES = ['principal', 'reserve', 'pnl', 'fee', 'interest', 'tax', 'dividend', 'shortfall', 'loan', 'grant', 'transfer', 'fx', 'trust', 'other'] as const;

export const fundsRecord = z.object({
  id: z.string(),
  /** The ledger entry kind (src/shared/domain/ledger-kinds.ts): trade_open, trade_close, … */
  kind: z.enum(Object.keys(ENTRY_KINDS) as [EntryKind, ...EntryKind[]]),
  /** The records tab the kind belongs to (src/shared/domain/ledger-kinds.ts); `other` is kept for older clients. */
  type: z.enum([...(RECORD_TYPES.filter((t) => t !== 'all') as Exclude<(typeof RECORD_TYPES)[number], 'all'>[]), 'other']),
  createdAt: int,
  /** A message id with its params (stock code, shares, price…), translated by the client. */
  memo: z.object({ id: z.enum(MEMO_IDS), params: z.record(z.string(), z.union([z.string(), z.number()])) }),
  refType: z.string().nullable(),
  refId: z.string().nullable(),
  /** The instrument of a trade record. */
  code: z.string().nullable(),
  /** The instrument's names, so the record reads "トヨタ自動車 (7203)" rather than a bare code. */
  nameJa: z.string().nullable(),
  nameEn: z.string().nullable(),
  currency: z.string(),
  /** Net change of the user's equity (0 for moves between the user's own accounts). */
  amount: int,
  /** Movements of the user's own accounts (cash, frozen, margin, loan). */
  postings: z.array(z.object({ currency: z.string(), kind: z.string(), amount: int })),
  /**
   * The entry explained line by line, each as its effect on the user's cash: principal locked or
   * returned, reserve, P/L, fee, interest, tax (+ refund), loan, grant. They sum to the cash change.
   */
  lines: z.array(z.object({ type: z.enum(RECORD_LINE_TYPES), amount: int })),
  /** The account type (口座区分) of the position or holding the record is about; null for the rest. */
  account: z.enum(ACCOUNT_TYPES).nullable(),
});

export const fundsApi = {
  summary: endpoint({
    method: 'get', path: 'funds/summary', tag: 'funds', auth: 'user',
    summary: 'Total assets, available, frozen, margin, profit and balances per currency',
    data: fundsSummary,
  }),
  records: endpoint({
    method: 'get', path: 'funds/records', tag: 'funds', auth: 'user',
    summary: 'Ledger records newest first, every fee and tax its own line',
    query: z.object({
      type: z.enum(RECORD_TYPES).default('all'),
      cursor: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ items: z.array(fundsRecord), next: z.string().nullable() }),
  }),
  history: endpoint({
    method: 'get', path: 'funds/history', tag: 'funds', auth: 'user',
    summary: '資産推移: total assets per Tokyo day (ledger equity + positions at the day’s close), today live, and 当日損益',
    query: z.object({ range: z.enum(HISTORY_RANGES).default('1m') }),
    data: fundsHistory,
  }),
};

export const fundsAdminApi = {
  grant: endpoint({
    method: 'post', path: 'admin/users/{id}/grant', tag: 'admin', auth: 'admin', idempotent: true,
    summary: 'Grant journaled test funds with a reason (audited, visible in the user’s records)',
    params: z.object({ id: z.string().min(1).max(64) }),
    body: z.object({
      currency: z.enum(CURRENCY_CODES as [string, ...string[]]),
      /** Minor units of the currency. */
      amount: z.number().int().positive().max(1_000_000_000_000),
      reason: z.string().trim().min(3).max(500),
    }),
    data: z.object({ entryId: z.string(), userId: z.string(), currency: z.string(), amount: int, cash: int }),
  }),
};
