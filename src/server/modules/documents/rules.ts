/**
 * Pure rules of the documents' facts (docs/domain.md "Documents and exports"): an execution (one
 * 取引報告書) from a ledger entry and its position or from a struck trust order, an entry's postings
 * read as fee / tax / interest lines (as funds/records.ts explains them), a dividend line, and the
 * annual report's rows and totals. No I/O, no clock.
 */
import type { AccountType } from '../../../shared/domain/account-type';
import { ACCOUNT_TYPES } from '../../../shared/domain/account-type';
import { consumptionTaxIn, splitWithholding, type ExecutionKind } from '../../../shared/domain/documents';
import { contractValue, NATIONAL_TAX_RATE } from '../../../shared/domain/trade-money';
import { UNITS_PER_NAV } from '../../../shared/domain/trust';
import { taxDown } from '../../../shared/money';
import { addTradingDays, jstDate, type IsoDate } from '../../../shared/market';
import type { AnnualDividend, AnnualFacts, AnnualSale, Customer, Execution } from './facts';

/** One posting of an entry with its account's owner and kind. */
export interface PostingLine {
  owner: string;
  kind: string;
  amount: number;
}

/** What an entry charged the user, read from the house side of its postings (funds/records.ts LINE_OF). */
export interface EntryLines {
  fee: number;
  tax: number;
  interest: number;
  /** The market counterparty's side, negated: the P/L a close settled (+ gain). */
  pnl: number;
  /** Σ the user's own postings (cash, unsettled, frozen, margin, shortfall…). */
  user: number;
}

const HOUSE = 'house';

/** fee_income → fee, tax_payable → tax, interest_income → interest, market_counterparty → P/L (negated). */
export function entryLines(postings: readonly PostingLine[], userId: string): EntryLines {
  const out: EntryLines = { fee: 0, tax: 0, interest: 0, pnl: 0, user: 0 };
  for (const p of postings) {
    if (p.owner === userId) out.user += p.amount;
    if (p.owner !== HOUSE) continue;
    if (p.kind === 'fee_income') out.fee += p.amount;
    else if (p.kind === 'tax_payable') out.tax += p.amount;
    else if (p.kind === 'interest_income') out.interest += p.amount;
    else if (p.kind === 'market_counterparty') out.pnl -= p.amount;
  }
  return out;
}

/** Japanese equities settle T+2 (trade/settle.ts settlementDate; docs/decisions/009). */
export function settlesOnOf(tradeDate: IsoDate): IsoDate {
  return addTradingDays(tradeDate, 2);
}

export function accountOf(a: string | null | undefined, fallback: AccountType = 'specific'): AccountType {
  return a && (ACCOUNT_TYPES as readonly string[]).includes(a) ? (a as AccountType) : fallback;
}

/** お客様番号: the user id's last 8 characters, upper case. */
export function customerNumber(userId: string): string {
  return userId.slice(-8).toUpperCase();
}

export function customerOfRow(userId: string, name: string | null): Customer {
  return { userId, number: customerNumber(userId), name: name && name.trim() !== '' ? name : null };
}

type Names = { nameJa: string; nameEn: string };

/** The trade memo's params (memo_buy, memo_close, memo_block_buy…: shared/domain/ledger-kinds.ts TradeParams). */
export interface TradeMemo {
  code: string;
  shares: number;
  price: number;
  priceScale: number;
}

/** The position row's fields an execution needs (trade_position). */
export interface PositionFacts {
  id: string;
  direction: string;
  leverage_x10: number;
  business_type: string;
  account_type: string;
  buy_time: number | null;
  sell_time: number | null;
  contract_value: number | null;
  open_fee: number;
  close_fee: number;
  interest: number;
  book_cost: number | null;
  pnl: number | null;
}

export interface TradeEntry {
  entryId: string;
  kind: 'trade_open' | 'trade_close';
  userId: string;
  memoId: string;
  memo: TradeMemo;
  createdAt: number;
  taxAccount: string | null;
  lines: EntryLines;
  pos: PositionFacts;
  /** trade_settlement.settles_on of the close, when it recorded proceeds. */
  settlesOn: IsoDate | null;
}

const isMargin = (p: Pick<PositionFacts, 'direction' | 'leverage_x10'>) => p.direction === 'down' || p.leverage_x10 > 10;

function tradeKind(e: TradeEntry): ExecutionKind {
  const long = e.pos.direction !== 'down';
  if (e.kind === 'trade_open') {
    if (e.memoId === 'memo_block_buy' || e.pos.business_type === 'block') return 'block_buy';
    if (!isMargin(e.pos)) return 'cash_buy';
    return long ? 'margin_open_buy' : 'margin_open_sell';
  }
  if (!isMargin(e.pos)) return 'cash_sell';
  return long ? 'margin_close_sell' : 'margin_close_buy';
}

/**
 * A close's 譲渡損益 as trade netted it (trade/settle.ts closeAmounts): a cash sale with its 取得費
 * (book_cost by 総平均法) gains value − 取得費 − closing fee − interest; any other close its P/L less
 * both fees and the whole interest.
 */
export function closeGain(pos: PositionFacts, value: number, pnl: number): number {
  if (pos.book_cost !== null) return value - pos.book_cost - pos.close_fee - pos.interest;
  return pnl - pos.open_fee - pos.close_fee - pos.interest;
}

/**
 * One execution of a `trade_open` or `trade_close` entry. Quantity and price from the memo (a row
 * split by a later sale or a stock split no longer holds them); fee, tax and interest from the
 * entry's postings (what the ledger charged at that execution); 受渡金額 what reached (−: left) the
 * user: a buy −(value + fee), a margin opening 0, a sale value − fee − tax − interest, a margin close
 * its 差金 P/L − fee − interest − tax.
 */
export function tradeExecution(e: TradeEntry, names: Names): Execution {
  const kind = tradeKind(e);
  const executedAt = (e.kind === 'trade_open' ? e.pos.buy_time : e.pos.sell_time) ?? e.createdAt;
  const tradeDate = jstDate(executedAt);
  const value = contractValue(e.memo.price, e.memo.shares, e.memo.priceScale);
  const { fee, tax, interest } = e.lines;
  const long = e.pos.direction !== 'down';
  const base = {
    sourceKey: `entry:${e.entryId}`, userId: e.userId, kind, account: accountOf(e.taxAccount ?? e.pos.account_type),
    executedAt, tradeDate, settlesOn: e.settlesOn ?? settlesOnOf(tradeDate), code: e.memo.code, nameJa: names.nameJa, nameEn: names.nameEn,
    quantity: e.memo.shares, unitPrice: e.memo.price, priceScale: e.memo.priceScale, perUnits: 1, contractValue: value,
    fee, consumptionTax: consumptionTaxIn(fee), retention: 0, refId: e.pos.id,
  };
  if (e.kind === 'trade_open') {
    const net = isMargin(e.pos) ? 0 : -(value + fee);
    return { ...base, interest: 0, borrowFee: 0, interestPaidBefore: 0, taxWithheld: 0, gain: null, cost: null, net };
  }
  const margin = isMargin(e.pos);
  const pnl = margin ? e.lines.pnl : (e.pos.pnl ?? e.lines.pnl);
  const net = margin ? e.lines.pnl - fee - interest - tax : value - fee - tax - interest;
  const cost = e.pos.book_cost ?? e.pos.contract_value ?? 0;
  // The position's whole interest (or 貸株料) is what the sale's 譲渡損益 deducts; the engine charged
  // most of it day by day, so only the close entry's part is in the 受渡金額.
  const whole = Math.max(e.pos.interest, interest);
  return {
    ...base, interest: long ? whole : 0, borrowFee: long ? 0 : whole, interestPaidBefore: whole - interest, taxWithheld: tax,
    gain: closeGain(e.pos, value, pnl), cost, net,
  };
}

/** An IPO allotment paid (`ipo_payment`): shares at the issue price, no fee; 受渡日 the listing date. */
export interface IpoEntry {
  entryId: string;
  userId: string;
  memo: TradeMemo & { nameJa?: string; nameEn?: string };
  createdAt: number;
  account: AccountType;
  listingDate: IsoDate | null;
  refId: string;
}

export function ipoExecution(e: IpoEntry, names: Names | undefined): Execution {
  const value = contractValue(e.memo.price, e.memo.shares, e.memo.priceScale);
  const tradeDate = jstDate(e.createdAt);
  return {
    sourceKey: `entry:${e.entryId}`, userId: e.userId, kind: 'ipo_allotment', account: e.account, executedAt: e.createdAt, tradeDate,
    settlesOn: e.listingDate ?? tradeDate, code: e.memo.code, nameJa: e.memo.nameJa ?? names?.nameJa ?? e.memo.code,
    nameEn: e.memo.nameEn ?? names?.nameEn ?? e.memo.code, quantity: e.memo.shares, unitPrice: e.memo.price, priceScale: e.memo.priceScale,
    perUnits: 1, contractValue: value, fee: 0, consumptionTax: 0, interest: 0, borrowFee: 0, interestPaidBefore: 0, retention: 0, taxWithheld: 0,
    gain: null, cost: null, net: -value, refId: e.refId,
  };
}

/** A struck trust order (trust_order joined with its fund). */
export interface TrustOrderFacts {
  id: string;
  user_id: string;
  side: string;
  account_type: string;
  nav_date: string;
  nav: number | null;
  units: number | null;
  value: number | null;
  fee: number | null;
  retention: number | null;
  book_cost: number | null;
  settle_date: string | null;
  tax: number | null;
  filled_at: number | null;
  ordered_at: number;
  code: string;
  name_ja: string;
  name_en: string;
}

/**
 * A trust buy (受渡金額 −(value + 購入時手数料), paid at the strike) or 解約 (value − 留保額 − tax,
 * on its 受渡日; the tax is known once paid: trusts/payout.ts). 約定日 = the NAV date.
 */
export function trustExecution(o: TrustOrderFacts): Execution {
  const value = o.value ?? 0;
  const fee = o.fee ?? 0;
  const retention = o.retention ?? 0;
  const tax = o.tax ?? 0;
  const sell = o.side === 'sell';
  const proceeds = value - retention;
  return {
    sourceKey: `trust:${o.id}`, userId: o.user_id, kind: sell ? 'trust_sell' : 'trust_buy', account: accountOf(o.account_type),
    executedAt: o.filled_at ?? o.ordered_at, tradeDate: o.nav_date, settlesOn: (sell ? o.settle_date : null) ?? o.nav_date,
    code: o.code, nameJa: o.name_ja, nameEn: o.name_en, quantity: o.units ?? 0, unitPrice: o.nav ?? 0, priceScale: 1, perUnits: UNITS_PER_NAV,
    contractValue: value, fee: sell ? 0 : fee, consumptionTax: sell ? 0 : consumptionTaxIn(fee), interest: 0, borrowFee: 0, interestPaidBefore: 0,
    retention: sell ? retention : 0, taxWithheld: sell ? tax : 0,
    gain: sell ? proceeds - (o.book_cost ?? 0) : null, cost: sell ? (o.book_cost ?? 0) : null,
    net: sell ? proceeds - tax : -(value + fee), refId: o.id,
  };
}

/** Executions in the documents' order: executedAt, then source key. */
export function byExecution(a: Execution, b: Execution): number {
  if (a.executedAt !== b.executedAt) return a.executedAt - b.executedAt;
  return a.sourceKey < b.sourceKey ? -1 : a.sourceKey > b.sourceKey ? 1 : 0;
}

/** (executedAt, sourceKey) strictly after `after`. */
export function isAfter(e: Pick<Execution, 'executedAt' | 'sourceKey'>, after: { at: number; key: string }): boolean {
  return e.executedAt > after.at || (e.executedAt === after.at && e.sourceKey > after.key);
}

/**
 * 譲渡の対価 of a sale (docs/domain.md "Documents and exports"): a cash sale or a long's close, its
 * contract value; a short's close, the opening sale's value; a trust 解約, value − 留保額. 取得費等 is
 * proceeds − gain, so 差引金額 = the gain trade netted, to the yen.
 */
export function annualSale(e: Execution, openingValue: number | null): AnnualSale {
  const proceeds =
    e.kind === 'trust_sell' ? e.contractValue - e.retention : e.kind === 'margin_close_buy' ? (openingValue ?? e.contractValue) : e.contractValue;
  const gain = e.gain ?? 0;
  return {
    sourceKey: e.sourceKey, tradeDate: e.tradeDate, settlesOn: e.settlesOn, kind: e.kind, code: e.code, nameJa: e.nameJa,
    quantity: e.quantity, proceeds, cost: proceeds - gain, gain, taxWithheld: e.taxWithheld,
  };
}

/** A dividend's withholding split: 所得税 = ⌊gross × 15.315 %⌋ when tax was withheld, 住民税 the rest of the entry's tax. */
export function dividendSplit(gross: number, tax: number): { national: number; local: number } {
  if (tax <= 0) return { national: 0, local: 0 };
  const national = Math.min(taxDown(gross, NATIONAL_TAX_RATE), tax);
  return { national, local: tax - national };
}

/** A paid dividend's gross from its entry: what reached the user plus the tax withheld. */
export function dividendGross(lines: Pick<EntryLines, 'user' | 'tax'>): number {
  return lines.user + lines.tax;
}

/**
 * The annual report's totals: each the sum of its rows, so ① − ② = ③ holds because each row's
 * cost is its proceeds − gain; withheld = Σ the sales' tax (what the ledger withheld, net of
 * refunds); 所得税 / 住民税 split from the year's net gain (splitWithholding).
 */
export function annualTotals(sales: readonly AnnualSale[], dividends: readonly AnnualDividend[]): AnnualFacts['totals'] {
  const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);
  const proceeds = sum(sales, (s) => s.proceeds);
  const cost = sum(sales, (s) => s.cost);
  const gain = sum(sales, (s) => s.gain);
  const withheld = sum(sales, (s) => s.taxWithheld);
  const split = withheld > 0 ? splitWithholding(Math.max(0, gain)) : { national: 0, local: 0 };
  return {
    proceeds, cost, gain, national: split.national, local: split.local, withheld,
    dividendGross: sum(dividends, (d) => d.gross), dividendNational: sum(dividends, (d) => d.national), dividendLocal: sum(dividends, (d) => d.local),
  };
}

/** The Tokyo year of a date. */
export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}
