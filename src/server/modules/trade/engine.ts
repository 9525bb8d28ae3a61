/**
 * The trading work the scheduler runs (src/server/jobs): auction fills, day-order expiry,
 * day-trade auto-close, block-lock ends, limit fills, interest and the maintenance check. Every
 * item runs in its own transaction on a locked row and re-checks the row's status, so a run that
 * overlaps a user command, or another instance's run, never applies anything twice.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { jstDate, jstMs } from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { nextStatus } from '../../../shared/domain/position';
import { DomainError } from '../../errors';
import type { Logger } from '../../logger';
import { isTradingNow, quoteAt } from './market';
import { settleDeps, type TradeCtx } from './context';
import { chargeInterest, fillPending, releasePending, settleClose } from './settle';
import { addAlert, dueRows, interestDueRows, liveRows, lockPosition, transition, type PositionRow } from './repo';
import { QuoteCache } from './view';
import { closingAuctionFill, decide } from './engine-rules';

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
  errors: number;
}

export function emptyReport(): EngineReport {
  return { filled: 0, closed: 0, expired: 0, autoClosed: 0, unlocked: 0, interestCharged: 0, marginCalls: 0, forcedClosed: 0, errors: 0 };
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

export class TradingEngine {
  constructor(
    private readonly ctx: TradeCtx,
    private readonly logger: Logger,
  ) {}

  async run(now: number): Promise<EngineReport> {
    const cfg = await this.ctx.config.values();
    const report = emptyReport();
    const today = jstDate(now);
    for (const ev of timedEvents(await dueRows(this.ctx.database.db, now, today), now)) {
      await this.step(report, () => this.timed(ev, cfg, report));
    }
    if (isTradingNow(now)) {
      const quotes = new QuoteCache(this.ctx.market, now);
      for (const row of await liveRows(this.ctx.database.db)) {
        await this.step(report, () => this.priced(row, now, quotes, cfg, report));
      }
    }
    for (const row of await interestDueRows(this.ctx.database.db, today)) {
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

  /** One item; a failure is logged and counted, and the rest of the run goes on. */
  private async step(report: EngineReport, fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      report.errors++;
      this.logger.warn({ err }, 'trading job item failed');
    }
  }

  private async timed(ev: TimedEvent, cfg: ConfigValues, report: EngineReport): Promise<void> {
    const deps = settleDeps(this.ctx);
    try {
      await this.ctx.ledger.transact(async (trx) => {
        const pos = await lockPosition(trx, this.ctx.database.caps, ev.id);
        if (!pos) return;
        const price = () => quoteAt(this.ctx.market, pos.code, ev.t).price;
        if (ev.kind === 'fill' && pos.status === 'pending') {
          await fillPending(trx, deps, pos, price(), ev.t, cfg);
          report.filled++;
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
        status: nextStatus('closing', 'expire')!, close_type: null, close_limit_price: null, close_fill_at: null, close_expires_at: null, updated_at: at,
      });
    }
    await addAlert(trx, pos, { kind: 'expired', params, at });
  }

  /** Price-driven work at `now`, decided on the row read and decided again on the locked row. */
  private async priced(row: PositionRow, now: number, quotes: QuoteCache, cfg: ConfigValues, report: EngineReport): Promise<void> {
    const q = quotes.get(row.code);
    if (!q || !decide(row, q, now, cfg)) return;
    const deps = settleDeps(this.ctx);
    await this.ctx.ledger.transact(async (trx) => {
      const pos = await lockPosition(trx, this.ctx.database.caps, row.id);
      const action = pos ? decide(pos, q, now, cfg) : null;
      if (!pos || !action) return;
      if (action.kind === 'fill') {
        await fillPending(trx, deps, pos, action.price, now, cfg);
        report.filled++;
      } else if (action.kind === 'close') {
        await settleClose(trx, deps, pos, action.price, now, 'user', cfg);
        report.closed++;
      } else if (action.kind === 'forced_close') {
        await settleClose(trx, deps, pos, action.price, now, 'forced_close', cfg);
        await addAlert(trx, pos, { kind: 'forced_close', params: { ratioBp: action.ratioBp, floorBp: cfg.forcedCloseRatioBp, price: action.price }, at: now });
        report.forcedClosed++;
      } else {
        // One margin call per position per day, stored so the position shows it.
        await trx.updateTable('trade_position').set({ margin_call_at: now }).where('id', '=', pos.id).execute();
        await addAlert(trx, pos, { kind: 'margin_call', params: { ratioBp: action.ratioBp, thresholdBp: cfg.maintenanceRatioBp }, at: now });
        report.marginCalls++;
      }
    });
  }
}
