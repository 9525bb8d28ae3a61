/**
 * The facts of the reports (docs/domain.md "Documents and exports"): the customer, a period's
 * 取引残高報告書 (its executions and the balances at its end), the 特定口座年間取引報告書 of a year,
 * the dividends paid, and the users each report is due to. Balances at an instant are the sums of
 * the postings made by then (the ledger's truth), holdings are the rows open then, valued at the
 * market's price at that instant (stocks) or the last NAV struck by then (funds).
 */
import type { Executor } from '../../db/executor';
import type { MarketDataSource } from '../../market';
import { addDays, jstDate, jstMs, type IsoDate } from '../../../shared/market';
import { SELL_KINDS } from '../../../shared/domain/documents';
import { decodeMemo } from '../../../shared/domain/ledger-kinds';
import { contractValue, pnlFromCost } from '../../../shared/domain/trade-money';
import { sellValue } from '../../../shared/domain/trust';
import type { AnnualDividend, AnnualFacts, BalanceFacts, Customer, DividendLine } from './facts';
import { executionsOfUser, fromEntries, fromTrust, groupPostings, type InstrumentNames } from './executions';
import * as execRepo from './executions-repo';
import * as repo from './report-repo';
import { accountOf, annualSale, annualTotals, byExecution, customerOfRow, dividendGross, dividendSplit, entryLines, yearOf } from './rules';

export interface ReportDeps {
  db: Executor;
  names: InstrumentNames;
  /** The market-data port: names and quote(code, at). */
  market: MarketDataSource;
}

const startOf = (date: IsoDate) => jstMs(date, 0);
const endOf = (date: IsoDate) => jstMs(addDays(date, 1), 0) - 1;

export async function customerOf(db: Executor, userId: string): Promise<Customer> {
  return customerOfRow(userId, await repo.approvedName(db, userId));
}

/** The price of `code` at `at`, or `fallback` where the market has none (an unknown code, outside its horizon). */
function priceAt(market: MarketDataSource, code: string, at: number, fallback: { price: number; priceScale: number }) {
  try {
    const q = market.quote(code, at);
    return { price: q.price, priceScale: q.priceScale };
  } catch {
    return fallback;
  }
}

const CASH_KINDS = ['cash', 'unsettled', 'frozen', 'margin'] as const;

async function cashAt(db: Executor, userId: string, asOf: number): Promise<BalanceFacts['cash']> {
  const rows = await repo.balancesAt(db, userId, CASH_KINDS, asOf);
  const currencies = [...new Set(['JPY', ...rows.map((r) => r.currency)])];
  const of = (currency: string, kind: string) => rows.find((r) => r.currency === currency && r.kind === kind)?.amount ?? 0;
  return currencies.map((currency) => ({
    currency, cash: of(currency, 'cash'), unsettled: of(currency, 'unsettled'), frozen: of(currency, 'frozen'), margin: of(currency, 'margin'),
  }));
}

type OpenRow = Awaited<ReturnType<typeof repo.positionsOpenAt>>[number];
const isCashRow = (p: OpenRow) => p.direction === 'up' && Number(p.leverage_x10) <= 10;

function securitiesAt(d: ReportDeps, rows: readonly OpenRow[], asOf: number): BalanceFacts['securities'] {
  const groups = new Map<string, { code: string; account: string; quantity: number; fallback: { price: number; priceScale: number } }>();
  for (const p of rows.filter(isCashRow)) {
    const key = `${p.code}\u0000${p.account_type}`;
    const g = groups.get(key) ?? { code: p.code, account: p.account_type, quantity: 0, fallback: { price: Number(p.buy_price ?? 0), priceScale: Number(p.price_scale) } };
    g.quantity += Number(p.quantity);
    groups.set(key, g);
  }
  return [...groups.values()]
    .filter((g) => g.quantity > 0)
    .map((g) => {
      const { price, priceScale } = priceAt(d.market, g.code, asOf, g.fallback);
      return {
        code: g.code, nameJa: d.names(g.code)?.nameJa ?? g.code, account: accountOf(g.account), quantity: g.quantity, price, priceScale,
        value: contractValue(price, g.quantity, priceScale),
      };
    })
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.account < b.account ? -1 : 1));
}

function marginAt(d: ReportDeps, rows: readonly OpenRow[], asOf: number): BalanceFacts['margin'] {
  return rows
    .filter((p) => !isCashRow(p))
    .map((p) => {
      const openPrice = Number(p.buy_price ?? 0);
      const { price, priceScale } = priceAt(d.market, p.code, asOf, { price: openPrice, priceScale: Number(p.price_scale) });
      const quantity = Number(p.quantity);
      const cost = Number(p.contract_value ?? 0);
      const direction = p.direction === 'down' ? 'down' : 'up';
      return {
        code: p.code, nameJa: d.names(p.code)?.nameJa ?? p.code, side: direction === 'up' ? ('buy' as const) : ('sell' as const), quantity,
        openedOn: jstDate(Number(p.buy_time)), openPrice, price, priceScale, contractValue: cost, valuation: pnlFromCost(direction, cost, price, quantity, priceScale),
      };
    });
}

async function trustsAt(db: Executor, userId: string, asOf: number): Promise<BalanceFacts['trusts']> {
  const held = new Map<string, { fundId: string; code: string; nameJa: string; account: string; units: number }>();
  for (const r of await repo.trustUnitsAt(db, userId, asOf)) {
    const key = `${r.fund_id}\u0000${r.account_type}`;
    const h = held.get(key) ?? { fundId: r.fund_id, code: r.code, nameJa: r.name_ja, account: r.account_type, units: 0 };
    h.units += r.side === 'sell' ? -r.units : r.units;
    held.set(key, h);
  }
  const out: BalanceFacts['trusts'] = [];
  for (const h of [...held.values()].filter((x) => x.units > 0)) {
    const nav = await repo.lastNavAt(db, h.fundId, asOf);
    out.push({ code: h.code, nameJa: h.nameJa, account: accountOf(h.account), units: h.units, nav: nav?.nav ?? 0, navDate: nav?.date ?? null, value: nav ? sellValue(h.units, nav.nav) : 0 });
  }
  return out.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.account < b.account ? -1 : 1));
}

/** 取引残高報告書: the executions of [from, to] (Tokyo dates, up to asOf) and the balances at `asOf`. */
export async function balanceFacts(d: ReportDeps, userId: string, from: IsoDate, to: IsoDate, asOf: number): Promise<BalanceFacts> {
  const executions = await executionsOfUser(d.db, userId, { from: startOf(from), to: Math.min(endOf(to), asOf) }, d.names);
  const open = await repo.positionsOpenAt(d.db, userId, asOf);
  return {
    customer: await customerOf(d.db, userId), from, to, asOf, executions, cash: await cashAt(d.db, userId, asOf),
    securities: securitiesAt(d, open, asOf), trusts: await trustsAt(d.db, userId, asOf), margin: marginAt(d, open, asOf),
  };
}

/**
 * 特定口座年間取引報告書 of `year`: the 特定 sales settled in it (stock sales, margin closes by 受渡日;
 * trust 解約 by their 受渡日) and the dividends and ordinary distributions paid into 特定 in it.
 */
export async function annualFacts(d: ReportDeps, userId: string, year: number, preview: boolean): Promise<AnnualFacts> {
  // A close settles up to a few business days after its trade (New Year holidays): read a window
  // around the year, then keep the closes whose 受渡日 falls in it.
  const closes = await execRepo.specificCloses(d.db, userId, startOf(`${year - 1}-12-01`), endOf(`${year + 1}-01-31`));
  const stock = (await fromEntries(d.db, closes, d.names)).filter((e) => e.account === 'specific' && SELL_KINDS.includes(e.kind) && yearOf(e.settlesOn) === year);
  const trust = fromTrust(await execRepo.specificTrustSales(d.db, userId, `${year}-01-01`, `${year}-12-31`));
  const sales = [...stock, ...trust].sort(byExecution).map((e) => annualSale(e, e.kind === 'margin_close_buy' ? e.cost : null));
  const dividends = await specificDividends(d, userId, year);
  return {
    customer: await customerOf(d.db, userId), year, withholding: (await execRepo.taxAccountOf(d.db, userId)).withholding, preview,
    sales, dividends, totals: annualTotals(sales, dividends),
  };
}

/** Dividends and 普通分配金 paid into 特定 in the year (配当等: not 配当金相当額, not 元本払戻金). */
async function specificDividends(d: ReportDeps, userId: string, year: number): Promise<AnnualDividend[]> {
  const lines = await paidLines(d.db, userId, ['dividend', 'trust_distribution'], { from: startOf(`${year}-01-01`), to: endOf(`${year}-12-31`), account: 'specific' }, d.names);
  return lines.map((l) => {
    const split = dividendSplit(l.gross, l.taxWithheld);
    return { sourceKey: l.sourceKey, paidOn: l.paidOn, kind: l.kind, code: l.code, nameJa: l.nameJa, gross: l.gross, national: split.national, local: split.local };
  });
}

const DIVIDEND_KINDS = ['dividend', 'dividend_substitute', 'trust_distribution', 'trust_capital_return'] as const;

/** Every dividend, 配当金相当額, 普通分配金 and 元本払戻金 paid to the user (every account), by paidAt. */
export async function dividendsOfUser(db: Executor, userId: string, opts: { from?: number; to?: number }, names: InstrumentNames): Promise<DividendLine[]> {
  return paidLines(db, userId, DIVIDEND_KINDS, opts, names);
}

async function paidLines(
  db: Executor,
  userId: string,
  kinds: readonly string[],
  range: { from?: number; to?: number; account?: string },
  names: InstrumentNames,
): Promise<DividendLine[]> {
  const entries = await repo.entriesOfKinds(db, userId, kinds, range);
  const postings = groupPostings(await execRepo.postingsOf(db, entries.map((e) => e.id)));
  return entries.map((e) => {
    const lines = entryLines(postings.get(e.id) ?? [], userId);
    const gross = dividendGross(lines);
    const p = decodeMemo(e.memo).params as Record<string, unknown>;
    const trust = e.kind === 'trust_distribution' || e.kind === 'trust_capital_return';
    const code = String((trust ? p.fundCode : p.code) ?? '');
    const quantity = Number((trust ? p.units : p.shares) ?? 0);
    const perShare = trust ? Number(p.per10k ?? (quantity > 0 ? Math.floor((gross * 10_000) / quantity) : 0)) : Number(p.perShare ?? 0);
    const name = trust ? { nameJa: String(p.fund ?? code), nameEn: String(p.fundEn ?? p.fund ?? code) } : (names(code) ?? { nameJa: code, nameEn: code });
    const paidAt = Number(e.created_at);
    return {
      sourceKey: `entry:${e.id}`, paidAt, paidOn: jstDate(paidAt), kind: trust ? 'trust' : 'stock', account: e.tax_account ? accountOf(e.tax_account) : null,
      code, nameJa: name.nameJa, nameEn: name.nameEn, quantity, perShare, priceScale: trust ? 1 : Number(p.priceScale ?? 1),
      gross, taxWithheld: lines.tax, net: gross - lines.tax,
    };
  });
}

/** Users with a ledger entry in [from, to] or a position or fund units held at `to`. */
export async function usersWithActivity(db: Executor, from: number, to: number): Promise<string[]> {
  const units = new Map<string, number>();
  for (const r of await repo.trustUnitsByUserAt(db, to)) {
    const key = `${r.user_id}\u0000${r.fund_id}\u0000${r.account_type}`;
    units.set(key, (units.get(key) ?? 0) + (r.side === 'sell' ? -r.units : r.units));
  }
  const holders = [...units].filter(([, u]) => u > 0).map(([k]) => k.split('\u0000')[0]!);
  const all = new Set([...(await repo.usersWithEntries(db, from, to)), ...(await repo.usersWithPositionsAt(db, to)), ...holders]);
  return [...all].sort();
}

/** Users with a 特定 sale settled or a dividend / ordinary distribution paid into 特定 in the year. */
export async function usersWithSpecificIncome(db: Executor, year: number): Promise<string[]> {
  const all = new Set([
    ...(await repo.usersWithSpecificSales(db, year)),
    ...(await repo.usersWithSpecificDividends(db, startOf(`${year}-01-01`), endOf(`${year}-12-31`))),
  ]);
  return [...all].sort();
}
