/**
 * The trading work the scheduler runs (src/server/jobs): auction fills, day-order expiry,
 * day-trade auto-close, block-lock ends, limit fills, interest and the maintenance check. Every
 * item runs in its own transaction on a locked row and re-checks the row's status, so a run that
 * overlaps a user command, or another instance's run, never applies anything twice.
 *
 * Price-driven work looks at the quote of `now` and, before it, at the 1-minute bars that ended
 * since the last run (kept in `job_state`), so a limit price or a maintenance level crossed while
 * the job was not running (a gap between runs, the server down) still acts, at that minute.
 *
 * A run reads only rows that can act: those whose due time has passed and those whose price trigger
 * (limit, stop, maintenance floor) the price reached, through indexes (trigger-sql.ts,
 * docs/decisions/019-flat-with-data.md); the rules decide on them exactly as on every row.
 */
import { jobMark, setJobMark } from '../../platform/job-marks';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { jstDate, jstMs, sessionBounds, tradingDaysInRange, type TickTable } from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { nextStatus, type Direction } from '../../../shared/domain/position';
import { DomainError } from '../../errors';
import type { Logger } from '../../logger';
import type { MarketDataSource } from '../../market';
import { isTradingNow, openSide, quoteAt } from './market';
import { settleDeps } from './context';
import type { TradeCtx } from './deps';
import { chargeInterest, fillPending, releasePending, settleClose } from './settle';
import { applyDueActions } from './corporate';
import {
  addAlert, dueRows, interestDueRows, liveCodes, lockPosition, markMarginCall, markTriggered, transition, triggeredRows,
  type PositionRow, type PriceRange,
} from './repo';
import { QuoteCache } from './view';
import { termsOf } from './terms';
import { limitMet } from './order-terms';
import { barsEndedIn, catchUpFrom, closingAuctionFill, continuousMinuteEndsIn, decide, firstBarAction, type DayBar, type PricedAction } from './engine-rules';

export type EventKind = 'fill' | 'close_fill' | 'expire' | 'close_expire' | 'auto_close' | 'unlock';
/** Same instant: fills before expiry before the day-trade close (a 15:30 fill is then auto-closed). */
const PRIORITY: Record<EventKind, number> = { fill: 0, close_fill: 1, expire: 2, close_expire: 3, auto_close: 4, unlock: 5 };

export interface TimedEvent {
  t: number;
  kind: EventKind;
  id: string;
}

export interface EngineReport {
  filled: number;
  closed: number;
  expired: number;
  autoClosed: number;
  unlocked: number;
  interestCharged: number;
  marginCalls: number;
  forcedClosed: number;
  /** Stop orders and stop closes whose trigger was reached without filling at once. */
  triggered: number;
  errors: number;
}

export function emptyReport(): EngineReport {
  return { filled: 0, closed: 0, expired: 0, autoClosed: 0, unlocked: 0, interestCharged: 0, marginCalls: 0, forcedClosed: 0, triggered: 0, errors: 0 };
}

/** The instants at which something is due for each row, in time order. */
export function timedEvents(rows: PositionRow[], now: number): TimedEvent[] {
  const out: TimedEvent[] = [];
  const add = (t: number | null, kind: EventKind, id: string) => {
    if (t !== null && t <= now) out.push({ t, kind, id });
  };
  for (const r of rows) {
    if (r.status === 'pending') {
      add(r.fill_at, 'fill', r.id);
      add(r.expires_at, 'expire', r.id);
    }
    if (r.status === 'closing') {
      add(r.close_fill_at, 'close_fill', r.id);
      add(r.close_expires_at, 'close_expire', r.id);
    }
    if (r.status === 'pending' || r.status === 'holding' || r.status === 'closing') add(r.auto_close_at, 'auto_close', r.id);
    if (r.status === 'in_progress' && r.locked_until) add(jstMs(r.locked_until, 0), 'unlock', r.id);
  }
  return out.sort((a, b) => a.t - b.t || PRIORITY[a.kind] - PRIORITY[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const BARS_SEEN = 'trade.bars';

/**
 * A row has at most a fill, a margin call a day and a close in the (at most three-day) window;
 * the cap only stops a faulty rule from looping.
 */
const MAX_EVENTS_PER_ROW = 8;

export class TradingEngine {
  constructor(
    private readonly ctx: TradeCtx,
    private readonly logger: Logger,
  ) {}

  async run(now: number): Promise<EngineReport> {
    const cfg = await this.ctx.config.values();
    const report = emptyReport();
    const today = jstDate(now);
    // Timed work and the minutes before it interleave in time order: the minutes up to an
    // instant, then what is due at it (a limit reached at 10:05 fills before the 15:30 expiry).
    let cursor = catchUpFrom(now, await this.barsSeen());
    const minutes = new MinuteBook(this.ctx.market, cursor, now);
    let failed = 0;
    const { db, caps } = this.ctx.database;
    // The stocks with live rows, read once per run: the run's own work never adds a stock (a fill
    // or a close keeps the row's code), and a stock first ordered during the run is the next run's.
    let codes: Promise<string[]> | undefined;
    const live = () => (codes ??= liveCodes(db));
    const catchUp = async (to: number) => {
      if (to <= cursor) return;
      failed += await this.catchUp(minutes, cursor, to, cfg, report, live);
      cursor = to;
    };
    for (const ev of timedEvents(await dueRows(db, caps.dialect, now, today), now)) {
      await catchUp(ev.t);
      await this.step(report, () => this.timed(ev, cfg, report));
    }
    await catchUp(now);
    if (isTradingNow(now)) {
      // Only rows whose trigger the live price has reached (trigger-sql.ts); `decide` then rules
      // on each exactly as on every row before (docs/decisions/019-flat-with-data.md).
      const quotes = new QuoteCache(this.ctx.market, now);
      const ranges: PriceRange[] = [];
      for (const code of await live()) {
        const q = quotes.get(code);
        if (q) ranges.push({ code, low: Math.min(q.price, q.ask ?? q.price), high: Math.max(q.price, q.bid ?? q.price) });
      }
      for (const row of await triggeredRows(db, caps.dialect, ranges)) {
        await this.step(report, () => this.priced(row, now, quotes, cfg, report));
      }
    }
    // After a failed item the same minutes are looked at again next run (each row's own start
    // keeps what was already applied from applying twice).
    if (failed === 0) await this.markBarsSeen(now);
    for (const row of await interestDueRows(db, today)) {
      await this.step(report, () =>
        this.ctx.ledger.transact(async (trx) => {
          const pos = await lockPosition(trx, this.ctx.database.caps, row.id);
          if (pos && pos.interest_from && pos.interest_from < today && (pos.status === 'holding' || pos.status === 'closing')) {
            if ((await chargeInterest(trx, settleDeps(this.ctx), pos, today, now, cfg)) > 0) report.interestCharged++;
          }
        }),
      );
    }
    return report;
  }

  /** One item; a failure is logged and counted, and the rest of the run goes on. False when it failed. */
  private async step(report: EngineReport, fn: () => Promise<unknown>): Promise<boolean> {
    try {
      await fn();
      return true;
    } catch (err) {
      report.errors++;
      this.logger.warn({ err }, 'trading job item failed');
      return false;
    }
  }

  private async timed(ev: TimedEvent, cfg: ConfigValues, report: EngineReport): Promise<void> {
    const deps = settleDeps(this.ctx);
    try {
      await this.ctx.ledger.transact(async (trx) => {
        const locked = await lockPosition(trx, this.ctx.database.caps, ev.id);
        if (!locked) return;
        const pos = await this.bringUp(trx, locked, ev.t);
        const price = () => quoteAt(this.ctx.market, pos.code, ev.t).price;
        if (ev.kind === 'fill' && pos.status === 'pending') {
          // A 寄付 / 引け limit executes only if the auction price meets it; otherwise it lapses now.
          const p = price();
          if (pos.price_type === 'limit' && pos.limit_price !== null && !limitMet(openSide(pos.direction as Direction), pos.limit_price, p)) {
            await this.expire(trx, pos, ev.t);
            report.expired++;
          } else {
            await fillPending(trx, deps, pos, p, ev.t, cfg);
            report.filled++;
          }
        } else if (ev.kind === 'close_fill' && pos.status === 'closing') {
          await settleClose(trx, deps, pos, price(), ev.t, 'user', cfg);
          report.closed++;
        } else if ((ev.kind === 'expire' && pos.status === 'pending') || (ev.kind === 'close_expire' && pos.status === 'closing')) {
          const auction = closingAuctionFill(pos, price());
          if (auction !== null && pos.status === 'pending') {
            await fillPending(trx, deps, pos, auction, ev.t, cfg);
            report.filled++;
          } else if (auction !== null) {
            await settleClose(trx, deps, pos, auction, ev.t, 'user', cfg);
            report.closed++;
          } else {
            await this.expire(trx, pos, ev.t);
            report.expired++;
          }
        } else if (ev.kind === 'auto_close' && (pos.status === 'holding' || pos.status === 'closing')) {
          // Day trades close at the closing auction's single price (docs/tse-rules.md: match at 15:30).
          const p = price();
          await settleClose(trx, deps, pos, p, ev.t, 'auto_close', cfg);
          await addAlert(trx, pos, { kind: 'auto_close', params: { price: p }, at: ev.t });
          report.autoClosed++;
        } else if (ev.kind === 'unlock' && pos.status === 'in_progress') {
          await transition(trx, pos.id, 'in_progress', { status: nextStatus('in_progress', 'unlock')!, updated_at: ev.t });
          report.unlocked++;
        }
      });
    } catch (err) {
      // An auction fill the reservation cannot pay for (or without a price) expires instead.
      if (ev.kind !== 'fill' || !(err instanceof DomainError) || err.kind !== 'rule') throw err;
      await this.ctx.ledger.transact(async (trx) => {
        const pos = await lockPosition(trx, this.ctx.database.caps, ev.id);
        if (pos?.status === 'pending') await this.expire(trx, pos, ev.t, { reason: err.messageId });
      });
      report.expired++;
    }
  }

  /** Day orders end at the close: a pending order is cancelled (funds back), a close request lapses. */
  private async expire(trx: Transaction<DB>, pos: PositionRow, at: number, params: Record<string, string> = {}): Promise<void> {
    if (pos.status === 'pending') await releasePending(trx, settleDeps(this.ctx), pos, 'expire', at);
    else {
      await transition(trx, pos.id, 'closing', {
        status: nextStatus('closing', 'expire')!, close_type: null, close_limit_price: null, close_fill_at: null, close_expires_at: null,
        close_trigger_price: null, close_triggered_at: null, close_stop_price: null, updated_at: at,
      });
    }
    await addAlert(trx, pos, { kind: 'expired', params, at });
  }

  /** Price-driven work at `now`, decided on the row read and decided again on the locked row. */
  private async priced(row: PositionRow, now: number, quotes: QuoteCache, cfg: ConfigValues, report: EngineReport): Promise<void> {
    const q = quotes.get(row.code);
    if (!q || !decide(row, q, now, cfg)) return;
    await this.ctx.ledger.transact(async (trx) => {
      const locked = await lockPosition(trx, this.ctx.database.caps, row.id);
      const pos = locked ? await this.bringUp(trx, locked, now) : undefined;
      const action = pos ? decide(pos, q, now, cfg) : null;
      if (pos && action) await this.apply(trx, pos, action, now, cfg, report);
    });
  }

  /**
   * The locked row with the corporate actions due by `at` applied (docs/decisions/
   * 009-trading-money-conventions.md): a row whose earlier work kept the corporate-actions job
   * waiting is adjusted here before anything is decided on it at a price of the ex-date or later.
   */
  private async bringUp(trx: Transaction<DB>, pos: PositionRow, at: number): Promise<PositionRow> {
    const done = await applyDueActions(trx, settleDeps(this.ctx), this.ctx.market, pos, at);
    if (done.splits + done.dividends === 0) return pos;
    return (await lockPosition(trx, this.ctx.database.caps, pos.id)) ?? pos;
  }

  /** The live rows' events in the minutes that ended in (from, to]; returns how many rows failed. */
  private async catchUp(minutes: MinuteBook, from: number, to: number, cfg: ConfigValues, report: EngineReport, live: () => Promise<string[]>): Promise<number> {
    if (!continuousMinuteEndsIn(from, to)) return 0;
    let failed = 0;
    const db = this.ctx.database.db;
    // Each stock's range over those minutes picks the rows whose trigger it reached (trigger-sql.ts).
    const ranges: PriceRange[] = [];
    for (const code of await live()) {
      const bars = barsOf(minutes, code, from, to);
      if (bars.length) ranges.push({ code, low: Math.min(...bars.map((b) => b.low)), high: Math.max(...bars.map((b) => b.high)) });
    }
    for (const row of await triggeredRows(db, this.ctx.database.caps.dialect, ranges)) {
      const bars = barsOf(minutes, row.code, from, to);
      if (bars.length === 0) continue;
      if (!(await this.step(report, () => this.replay(row, bars, minutes.get(row.code)!.table, cfg, report)))) failed++;
    }
    return failed;
  }

  /** One row's events in `bars`, in time order: each found on the row read, re-found on the locked row. */
  private async replay(row: PositionRow, bars: DayBar[], table: TickTable, cfg: ConfigValues, report: EngineReport): Promise<void> {
    let pos: PositionRow | undefined = row;
    for (let n = 0; pos && n < MAX_EVENTS_PER_ROW && firstBarAction(pos, bars, cfg, table); n++) {
      pos = await this.ctx.ledger.transact(async (trx) => {
        let locked = await lockPosition(trx, this.ctx.database.caps, row.id);
        let found = locked ? firstBarAction(locked, bars, cfg, table) : null;
        if (locked && found) {
          // Adjusted for an ex-date first, the row starts again from now: earlier minutes no longer compare.
          const current = await this.bringUp(trx, locked, found.at);
          if (current !== locked) found = firstBarAction((locked = current), bars, cfg, table);
        }
        if (!locked || !found) return undefined;
        await this.apply(trx, locked, found.action, found.at, cfg, report);
        return lockPosition(trx, this.ctx.database.caps, row.id);
      });
    }
  }

  /** Applies a price-driven action at instant `at` (now, or the start of a minute caught up on). */
  private async apply(trx: Transaction<DB>, pos: PositionRow, action: PricedAction, at: number, cfg: ConfigValues, report: EngineReport): Promise<void> {
    const deps = settleDeps(this.ctx);
    const terms = termsOf(pos, cfg);
    if (action.kind === 'fill') {
      await fillPending(trx, deps, pos, action.price, at, cfg);
      report.filled++;
    } else if (action.kind === 'close') {
      await settleClose(trx, deps, pos, action.price, at, 'user', cfg);
      report.closed++;
    } else if (action.kind === 'forced_close') {
      await settleClose(trx, deps, pos, action.price, at, 'forced_close', cfg);
      await addAlert(trx, pos, { kind: 'forced_close', params: { ratioBp: action.ratioBp, floorBp: terms.forcedCloseRatioBp, price: action.price }, at });
      report.forcedClosed++;
    } else if (action.kind === 'trigger') {
      // From now on the order waits as the limit it carries (updated_at moves its catch-up start here).
      await markTriggered(trx, pos.id, action.leg, at);
      report.triggered++;
    } else {
      // One margin call per position per day, stored so the position shows it.
      await markMarginCall(trx, pos.id, at);
      await addAlert(trx, pos, { kind: 'margin_call', params: { ratioBp: action.ratioBp, thresholdBp: terms.maintenanceRatioBp }, at });
      report.marginCalls++;
    }
  }

  private jobState() {
    return this.ctx.database.db;
  }

  /** The instant the last completed run looked at the minutes up to; null before the first. */
  private async barsSeen(): Promise<number | null> {
    return jobMark(this.jobState(), BARS_SEEN);
  }

  private async markBarsSeen(now: number): Promise<void> {
    await setJobMark(this.jobState(), BARS_SEEN, now);
  }
}

/** A stock's continuous-trading minutes that ended in (from, to]. */
function barsOf(minutes: MinuteBook, code: string, from: number, to: number): DayBar[] {
  const day = minutes.get(code);
  return day ? barsEndedIn(day.bars, from, to) : [];
}

/**
 * The 1-minute bars of a run's window (from, now], per stock, with each day's price limits (read
 * off that day's quote) and the tick table: what the catch-up rules need, fetched once per run.
 */
class MinuteBook {
  private readonly cache = new Map<string, { bars: DayBar[]; table: TickTable } | null>();
  private readonly days: string[];

  constructor(
    private readonly market: MarketDataSource,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.days = from < to ? tradingDaysInRange(jstDate(from), jstDate(to)) : [];
  }

  get(code: string): { bars: DayBar[]; table: TickTable } | null {
    if (!this.cache.has(code)) this.cache.set(code, this.load(code));
    return this.cache.get(code)!;
  }

  private load(code: string): { bars: DayBar[]; table: TickTable } | null {
    const table = this.market.instrument(code)?.tickTable;
    if (!table) return null;
    const bars: DayBar[] = [];
    for (const day of this.days) {
      try {
        const limits = this.market.quote(code, sessionBounds(day).open).limits;
        for (const b of barsEndedIn(this.market.minuteBars(code, day), this.from, this.to)) {
          bars.push({ t: b.t, open: b.open, high: b.high, low: b.low, close: b.close, limits });
        }
      } catch (err) {
        if (!(err instanceof RangeError)) throw err; // outside the simulated horizon: no minutes
      }
    }
    return { bars, table };
  }
}
