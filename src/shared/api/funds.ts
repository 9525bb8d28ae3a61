import { z } from 'zod';
import { endpoint } from './endpoint';
import { CURRENCY_CODES } from '../money';
import { ENTRY_KINDS, MEMO_IDS, RECORD_TYPES, type EntryKind } from '../domain/ledger-kinds';

export { RECORD_TYPES };

const int = z.number().int();

export const currencyBalance = z.object({
  currency: z.string(),
  cash: int,
  frozen: int,
  margin: int,
  /** ≤ 0: what the user owes. */
  loan: int,
  total: int,
});

export const fundsSummary = z.object({
  currency: z.string(),
  /** Ledger equity (cash + frozen + margin + loan) + unrealized P/L of held positions. */
  totalAssets: int,
  /** Free cash. */
  available: int,
  frozen: int,
  margin: int,
  loan: int,
  /** Live value of held positions. */
  marketValue: int,
  unrealizedPnl: int,
  /** Net P/L of closed positions (after fees, interest and tax). */
  realizedPnl: int,
  profit: int,
  balances: z.array(currencyBalance),
});

export const RECORD_LINE_TYPES = ['principal', 'reserve', 'pnl', 'fee', 'interest', 'tax', 'loan', 'grant', 'other'] as const;

export const fundsRecord = z.object({
  id: z.string(),
  /** The ledger entry kind (src/shared/domain/ledger-kinds.ts): trade_open, trade_close, … */
  kind: z.enum(Object.keys(ENTRY_KINDS) as [EntryKind, ...EntryKind[]]),
  type: z.enum(['trade', 'grant', 'other']),
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
