/**
 * Executions (約定): one 取引報告書 each (docs/domain.md "Documents and exports"). Stocks come from
 * the ledger entries (trade_open, trade_close, ipo_payment), never from position rows: a sale
 * splits a row and the split-off part copies the purchase time, so rows do not tell executions
 * apart; the entry's memo carries what was executed and its postings what was charged. Trusts come
 * from the struck trust orders. Ordered by executedAt, then source key.
 */
import type { Executor } from '../../db/executor';
import { decodeMemo } from '../../../shared/domain/ledger-kinds';
import type { Execution } from './facts';
import * as repo from './executions-repo';
import { accountOf, byExecution, entryLines, ipoExecution, isAfter, tradeExecution, trustExecution, type PositionFacts, type PostingLine, type TradeMemo } from './rules';

/** The instrument's names for a code (the market-data port's instrument lookup), as funds/records.ts takes it. */
export type InstrumentNames = (code: string) => { nameJa: string; nameEn: string } | undefined;

const nameOr = (names: InstrumentNames, code: string) => names(code) ?? { nameJa: code, nameEn: code };

/** Builds the executions of these entries (in no particular order); an entry whose position is gone is skipped. */
export async function fromEntries(db: Executor, entries: readonly repo.EntryRow[], names: InstrumentNames): Promise<Execution[]> {
  if (entries.length === 0) return [];
  const ids = entries.map((e) => e.id);
  const postings = await repo.postingsOf(db, ids);
  const byEntry = groupPostings(postings);
  const posIds = [...new Set(entries.filter((e) => e.ref_type === 'position' && e.ref_id).map((e) => e.ref_id!))];
  const positions = new Map((await repo.positionsByIds(db, posIds)).map((p) => [p.id, p]));
  const settles = new Map((await repo.settlementsOf(db, posIds)).map((s) => [s.position_id, s.settles_on]));
  const appIds = entries.filter((e) => e.kind === 'ipo_payment' && e.ref_id).map((e) => e.ref_id!);
  const apps = new Map((await repo.ipoApplications(db, appIds)).map((a) => [a.id, a]));
  const out: Execution[] = [];
  for (const e of entries) {
    if (!e.user_id) continue;
    const memo = decodeMemo(e.memo);
    const params = memo.params as Partial<TradeMemo> & { nameJa?: string; nameEn?: string };
    if (typeof params.code !== 'string' || typeof params.shares !== 'number' || typeof params.price !== 'number') continue;
    const m = { code: params.code, shares: params.shares, price: params.price, priceScale: params.priceScale ?? 1, nameJa: params.nameJa, nameEn: params.nameEn };
    if (e.kind === 'ipo_payment') {
      const app = e.ref_id ? apps.get(e.ref_id) : undefined;
      // Delivered at the listing into the owner's taxable default (trade/cash-positions.ts); before it, that default.
      const account = app?.account_type ? accountOf(app.account_type) : (await repo.taxAccountOf(db, e.user_id)).specific ? 'specific' : 'general';
      out.push(ipoExecution({ entryId: e.id, userId: e.user_id, memo: m, createdAt: Number(e.created_at), account, listingDate: app?.listing_date ?? null, refId: app?.position_id ?? e.ref_id ?? e.id }, names(m.code)));
      continue;
    }
    const pos = e.ref_id ? positions.get(e.ref_id) : undefined;
    if (!pos) continue;
    const lines = entryLines(byEntry.get(e.id) ?? [], e.user_id);
    out.push(
      tradeExecution(
        {
          entryId: e.id, kind: e.kind as 'trade_open' | 'trade_close', userId: e.user_id, memoId: memo.id, memo: m, createdAt: Number(e.created_at),
          taxAccount: e.tax_account, lines, pos: positionFacts(pos), settlesOn: e.kind === 'trade_close' ? (settles.get(pos.id) ?? null) : null,
        },
        nameOr(names, m.code),
      ),
    );
  }
  return out;
}

/** The postings of each entry, amounts as numbers. */
export function groupPostings(rows: readonly { entry_id: string; owner: string; kind: string; amount: number }[]): Map<string, PostingLine[]> {
  const out = new Map<string, PostingLine[]>();
  for (const p of rows) {
    const list = out.get(p.entry_id) ?? [];
    list.push({ owner: p.owner, kind: p.kind, amount: Number(p.amount) });
    out.set(p.entry_id, list);
  }
  return out;
}

function positionFacts(p: Awaited<ReturnType<typeof repo.positionsByIds>>[number]): PositionFacts {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: p.id, direction: p.direction, leverage_x10: Number(p.leverage_x10), business_type: p.business_type, account_type: p.account_type,
    buy_time: n(p.buy_time), sell_time: n(p.sell_time), contract_value: n(p.contract_value), open_fee: Number(p.open_fee), close_fee: Number(p.close_fee),
    interest: Number(p.interest), book_cost: n(p.book_cost), pnl: n(p.pnl),
  };
}

/** The executions of struck trust orders. */
export function fromTrust(rows: readonly repo.TrustOrderRow[]): Execution[] {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return rows.map((o) =>
    trustExecution({
      ...o, nav: n(o.nav), units: n(o.units), value: n(o.value), fee: n(o.fee), retention: n(o.retention), book_cost: n(o.book_cost), tax: n(o.tax),
      filled_at: n(o.filled_at), ordered_at: Number(o.ordered_at),
    }),
  );
}

/**
 * Executions at or after `since` (ms) that have no document with their source key yet, up to
 * `limit`: the job issues them and asks again until none is left. A trust 解約 is pending from its
 * payout (its tax is known then), a buy from its strike.
 */
export async function pendingExecutions(db: Executor, since: number, limit: number, names: InstrumentNames): Promise<Execution[]> {
  const entries = await repo.undocumentedEntries(db, since, limit);
  const trusts = await repo.undocumentedTrustOrders(db, since, limit);
  const all = [...(await fromEntries(db, entries, names)), ...fromTrust(trusts)];
  return all.sort(byExecution).slice(0, limit);
}

/** One execution by its source key (`entry:<id>` or `trust:<id>`); null when there is none. */
export async function executionOf(db: Executor, sourceKey: string, names: InstrumentNames): Promise<Execution | null> {
  const [type, id] = splitKey(sourceKey);
  if (!id) return null;
  if (type === 'entry') return (await fromEntries(db, await repo.entriesByIds(db, [id]), names))[0] ?? null;
  if (type === 'trust') {
    const o = await repo.trustOrderById(db, id);
    return o ? fromTrust([o])[0]! : null;
  }
  return null;
}

function splitKey(key: string): [string, string | undefined] {
  const i = key.indexOf(':');
  return i < 0 ? [key, undefined] : [key.slice(0, i), key.slice(i + 1)];
}

/**
 * The user's executions whose execution time is in [from, to], after `after` (a page's last
 * executedAt and source key), up to `limit` (all without one), in the documents' order.
 */
export async function executionsOfUser(
  db: Executor,
  userId: string,
  opts: { from?: number; to?: number; after?: { at: number; key: string }; limit?: number },
  names: InstrumentNames,
): Promise<Execution[]> {
  const from = opts.after ? Math.max(opts.after.at + 1, opts.from ?? -Infinity) : opts.from;
  const range = { from: from === -Infinity ? undefined : from, to: opts.to, limit: opts.limit };
  const rows = [
    ...(await fromEntries(db, await repo.entriesOfUser(db, userId, range), names)),
    ...fromTrust(await repo.trustOrdersOfUser(db, userId, range)),
  ];
  // Executions at the same instant as the page's last one (the rows of one sale close together)
  // are read whole and kept after its source key.
  if (opts.after && (opts.from === undefined || opts.after.at >= opts.from) && (opts.to === undefined || opts.after.at <= opts.to)) {
    const same = { exactly: opts.after.at };
    const tied = [...(await fromEntries(db, await repo.entriesOfUser(db, userId, same), names)), ...fromTrust(await repo.trustOrdersOfUser(db, userId, same))];
    rows.push(...tied.filter((e) => isAfter(e, opts.after!)));
  }
  const sorted = rows.sort(byExecution);
  return opts.limit === undefined ? sorted : sorted.slice(0, opts.limit);
}
