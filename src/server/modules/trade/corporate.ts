/**
 * Corporate actions on positions (docs/decisions/009-trading-money-conventions.md, docs/domain.md
 * "Corporate actions"). On a split's ex-date every open position and open order has its shares
 * multiplied and its prices divided: the cost, the margin and so the value stay the same, and the
 * event is journaled (without money) and shown on the position; a 貸株 row on the position follows
 * it in the same transaction (SettleDeps.onSplit, the lending area's hook). On a dividend's ex-date
 * holders of record (bought before the ex-date, still held) are credited: a cash long the dividend
 * less 20.315% withheld (配当金; nothing withheld in a NISA account), a margin long the 配当落調整金
 * (the net amount of a taxable holding); a short pays the whole dividend.
 *
 * A row records in `actions_through` the last ex-date reflected in it, so each action applies
 * exactly once, whether the job runs at midnight, after an outage, or a close gets there first. Work
 * due before an ex-date (yesterday's fills, expiries and auction closes, done late after an outage)
 * is done on the row as it was, first: the action waits for it (hasWorkBefore), and the trading
 * job brings a row up to date before acting on it at an instant on or after the ex-date.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { lockWallet, Postings } from '../../ledger';
import { jstDate, jstMs, roundToTick, type IsoDate, type TickTable } from '../../../shared/market';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import { dividendTax, contractValue } from '../../../shared/domain/trade-money';
import type { Direction } from '../../../shared/domain/position';
import { isNisa } from '../../../shared/domain/account-type';
import type { Currency } from '../../../shared/money';
import type { CorporateAction, MarketDataSource } from '../../market';
import { closeSide, openSide, tradable } from './market';
import { settleDeps } from './context';
import type { TradeCtx } from './deps';
import { postFor, type SettleDeps } from './settle';
import { addAlert, liveStockLoan, lockPosition, type PositionRow } from './repo';
import { applySplitRow, markIdleThrough, markReflected, rowsBehind } from './corporate-repo';
import type { Logger } from '../../logger';

/** Rows a corporate action can touch: open orders and every position still held. */
export const OPEN_STATUSES = ['pending', 'in_progress', 'holding', 'closing'] as const;
const HELD = new Set<string>(['in_progress', 'holding', 'closing']);

export interface CorporateReport {
  splits: number;
  dividends: number;
  errors: number;
}

/** The Tokyo date up to which a row already reflects corporate actions. */
export function reflectedThrough(pos: Pick<PositionRow, 'actions_through' | 'buy_time' | 'placed_at'>): IsoDate {
  return pos.actions_through ?? jstDate(pos.buy_time ?? pos.placed_at);
}

/** The actions a row still has to take, oldest first: ex-date after what it reflects, on or before today. */
export function dueActions(actions: readonly CorporateAction[], pos: Pick<PositionRow, 'actions_through' | 'buy_time' | 'placed_at'>, today: IsoDate): CorporateAction[] {
  const from = reflectedThrough(pos);
  return actions.filter((a) => a.exDate > from && a.exDate <= today);
}

/**
 * The row still has work due before `start` (an order that filled or expired at yesterday's close, a
 * day trade closed in yesterday's auction…) that the trading job has not done yet. That work happens
 * at yesterday's prices on the row as it was, so the action waits until it is done.
 */
export function hasWorkBefore(pos: PositionRow, start: number): boolean {
  const due = (t: number | null) => t !== null && t < start;
  if (pos.status === 'pending') return due(pos.fill_at) || due(pos.expires_at) || due(pos.auto_close_at);
  if (pos.status === 'closing') return due(pos.close_fill_at) || due(pos.close_expires_at) || due(pos.auto_close_at);
  if (pos.status === 'holding') return due(pos.auto_close_at);
  return false;
}

/**
 * A price of an order ÷ ratio, on the grid and never on the worse side of what the user asked for:
 * a buy rounds down, a sell up. The quotient goes to a whole unit in that same direction first
 * (rounding it to the nearest could cross a one-unit tick the wrong way, and a buy limit above the
 * old one ÷ ratio would fill for more than the order reserved). A stop's trigger rounds as the
 * limit of its side: reached, it is an order of that side, so it never waits for a worse price.
 */
function splitPrice(price: number, ratio: number, table: TickTable, side: 'buy' | 'sell'): number {
  return side === 'buy' ? roundToTick(Math.floor(price / ratio), table, 'down') : roundToTick(Math.ceil(price / ratio), table, 'up');
}

/** The close an IFD order carries (`then_close`, JSON of shared/api/trade.ts thenClose), its prices split as the close request's. */
function splitThenClose(json: string, ratio: number, table: TickTable, side: 'buy' | 'sell'): string {
  const body = JSON.parse(json) as Record<string, unknown>;
  for (const k of ['price', 'trigger', 'stop'] as const) {
    const p = body[k];
    if (typeof p === 'number') body[k] = splitPrice(p, ratio, table, side);
  }
  return JSON.stringify(body);
}

/**
 * A 1:ratio split applied to a row: shares × ratio, every per-share price of the row ÷ ratio (the
 * order's limit and stop, the close request's limit, stop and OCO stop, an IFD's carried close);
 * cost, margin and reservation unchanged.
 */
export function splitRow(pos: PositionRow, ratio: number, table: TickTable): Partial<PositionRow> {
  const open = openSide(pos.direction as Direction);
  const close = closeSide(pos.direction as Direction);
  const price = (p: number | null, side: 'buy' | 'sell') => (p === null ? null : splitPrice(p, ratio, table, side));
  return {
    quantity: pos.quantity * ratio,
    lots: pos.lots === null ? null : pos.lots * ratio,
    // For display only: P/L is computed from the cost (contract_value), which a split does not change.
    buy_price: pos.buy_price === null ? null : Math.max(1, Math.round(pos.buy_price / ratio)),
    limit_price: price(pos.limit_price, open),
    trigger_price: price(pos.trigger_price, open),
    close_limit_price: price(pos.close_limit_price, close),
    close_trigger_price: price(pos.close_trigger_price, close),
    close_stop_price: price(pos.close_stop_price, close),
    then_close: pos.then_close === null ? null : splitThenClose(pos.then_close, ratio, table, close),
  };
}

/**
 * What a dividend pays (+) or costs (−) a held row, and under which entry kind. A margin long's
 * 配当落調整金 is the dividend less the tax a holder would have had withheld; a short pays it whole.
 * A cash holding's dividend is withheld at source in a 特定 or 一般 account alike; in a NISA account
 * nothing is withheld (received by 株式数比例配分方式, which this simulation assumes every NISA user
 * chose: docs/domain.md "Account types and NISA").
 */
export function dividendFor(pos: Pick<PositionRow, 'direction' | 'leverage_x10' | 'quantity' | 'price_scale' | 'account_type'>, perShare: number) {
  const gross = contractValue(perShare, pos.quantity, pos.price_scale);
  if (pos.direction === 'down') return { kind: 'adjustment_paid' as const, gross, withheld: 0, net: -gross };
  if (pos.leverage_x10 > 10) return { kind: 'adjustment_received' as const, gross, withheld: 0, net: gross - dividendTax(gross) };
  const withheld = isNisa(pos.account_type) ? 0 : dividendTax(gross);
  return { kind: 'dividend' as const, gross, withheld, net: gross - withheld };
}

/**
 * Brings one locked row up to `today`: applies its due actions in ex-date order and records how far
 * it got. Returns the row as it now is. Callers: the job below, and a close that gets there first.
 */
export async function applyDueActions(trx: Transaction<DB>, deps: SettleDeps, market: MarketDataSource, pos: PositionRow, at: number): Promise<{ row: PositionRow; splits: number; dividends: number }> {
  const today = jstDate(at);
  if (!(OPEN_STATUSES as readonly string[]).includes(pos.status) || reflectedThrough(pos) >= today) return { row: pos, splits: 0, dividends: 0 };
  let row = pos;
  let splits = 0;
  let dividends = 0;
  for (const a of dueActions(market.corporateActions(pos.code), pos, today)) {
    if (hasWorkBefore(row, jstMs(a.exDate, 0))) return { row, splits, dividends };
    if (a.kind === 'split') {
      const patch = splitRow(row, a.ratio, tradable(market, pos.code).tickTable);
      await applySplitRow(trx, row.id, patch, a.exDate, at);
      const params = { ratio: a.ratio, sharesBefore: row.quantity, sharesAfter: patch.quantity!, exDate: a.exDate };
      await deps.ledger.post(trx, {
        kind: 'stock_split', userId: row.user_id, refType: 'position', refId: row.id, event: true, postings: [], taxAccount: row.account_type,
        memo: encodeMemo({ id: 'memo_split', params: { code: row.code, ...params } }),
      });
      await addAlert(trx, row, { kind: 'split', params, at });
      // Shares lent out (貸株) follow their position in this same transaction.
      if (HELD.has(row.status)) await deps.onSplit?.(trx, { positionId: row.id, userId: row.user_id, code: row.code, ratio: a.ratio, exDate: a.exDate, at });
      row = { ...row, ...patch, actions_through: a.exDate };
      splits++;
    } else {
      await markReflected(trx, row.id, a.exDate, at);
      if (HELD.has(row.status)) {
        await payDividend(trx, deps, row, a, at);
        dividends++;
      }
      row = { ...row, actions_through: a.exDate };
    }
  }
  if (reflectedThrough(row) < today) {
    await markReflected(trx, row.id, today);
    row = { ...row, actions_through: today };
  }
  return { row, splits, dividends };
}

async function payDividend(trx: Transaction<DB>, deps: SettleDeps, pos: PositionRow, a: Extract<CorporateAction, { kind: 'dividend' }>, at: number): Promise<void> {
  const d = dividendFor(pos, a.amount);
  const currency = pos.currency as Currency;
  const p = new Postings(pos.user_id, currency, await lockWallet(trx, deps.caps, pos.user_id, currency));
  // Shares lent out (貸株: docs/domain.md "Loans and stock lending") receive 配当金相当額 from the
  // house in place of the dividend: the whole amount, 雑所得 (not withheld, not netted with gains).
  const lent = d.kind === 'dividend' && d.gross > 0 ? await liveStockLoan(trx, pos.id) : undefined;
  if (lent) {
    p.house('lending_fee_expense', -d.gross);
    p.credit('cash', d.gross);
    const memo = { id: 'memo_dividend_substitute' as const, params: { code: pos.code, shares: pos.quantity, perShare: a.amount, priceScale: pos.price_scale, exDate: a.exDate } };
    await postFor(trx, deps, 'dividend_substitute', pos, memo, p, at);
    await addAlert(trx, pos, { kind: 'dividend', params: { perShare: a.amount, priceScale: pos.price_scale, amount: d.gross, exDate: a.exDate, kind: 'dividend_substitute' }, at });
    return;
  }
  if (d.net > 0) {
    // A dividend is paid gross with the tax withheld; an adjustment is paid net (no tax is withheld on it).
    p.house('dividend_clearing', -(d.net + d.withheld)).house('tax_payable', d.withheld);
    p.credit('cash', d.net);
  } else if (d.net < 0) {
    p.house('dividend_clearing', d.gross);
    p.owe(d.gross);
  }
  const common = { code: pos.code, shares: pos.quantity, perShare: a.amount, priceScale: pos.price_scale, exDate: a.exDate };
  if (p.list.length > 0) {
    if (d.kind === 'dividend') await postFor(trx, deps, 'dividend', pos, { id: 'memo_dividend', params: common }, p, at);
    else {
      const memo = { id: 'memo_dividend_adjustment' as const, params: { ...common, direction: pos.direction === 'down' ? ('down' as const) : ('up' as const) } };
      await postFor(trx, deps, 'dividend_adjustment', pos, memo, p, at);
    }
  }
  await addAlert(trx, pos, { kind: 'dividend', params: { perShare: a.amount, priceScale: pos.price_scale, amount: d.net, exDate: a.exDate, kind: d.kind }, at });
}

/** The job: every open row that has not been brought up to today, one transaction per row. */
export class CorporateActionsJob {
  constructor(
    private readonly ctx: TradeCtx,
    private readonly logger: Logger,
  ) {}

  async run(now: number): Promise<CorporateReport> {
    const report: CorporateReport = { splits: 0, dividends: 0, errors: 0 };
    const today = jstDate(now);
    const db = this.ctx.database.db;
    const rows = await rowsBehind(db, OPEN_STATUSES, today);
    const byCode = new Map<string, typeof rows>();
    for (const r of rows) byCode.set(r.code, [...(byCode.get(r.code) ?? []), r]);
    for (const [code, list] of byCode) {
      const actions = this.actionsOf(code);
      const idle = list.filter((r) => dueActions(actions, r, today).length === 0);
      // Rows with nothing due only move their mark, in one statement per code (per batch).
      await markIdleThrough(db, idle.map((r) => r.id), today);
      for (const r of list.filter((x) => !idle.includes(x))) {
        try {
          await this.ctx.ledger.transact(async (trx) => {
            const pos = await lockPosition(trx, this.ctx.database.caps, r.id);
            if (!pos) return;
            const done = await applyDueActions(trx, settleDeps(this.ctx), this.ctx.market, pos, now);
            report.splits += done.splits;
            report.dividends += done.dividends;
          });
        } catch (err) {
          report.errors++;
          this.logger.warn({ err, position: r.id }, 'corporate action failed');
        }
      }
    }
    return report;
  }

  private actionsOf(code: string): CorporateAction[] {
    try {
      return this.ctx.market.corporateActions(code);
    } catch {
      return []; // an instrument the source no longer knows has no actions to apply
    }
  }
}
