/**
 * 現物売 (docs/decisions/011-selling-a-holding.md): which cash positions can be sold now, in which
 * order (FIFO: oldest purchase first) and which share counts a sale may name. A position is never
 * split, so a sale is always a run of whole positions from the oldest; pure, no I/O.
 */
import type { MessageId } from '../../../shared/api/messages';
import type { MessageParams } from '../../../shared/api/envelope';
import { tPlusNApplies } from '../../../shared/domain/position';

export interface CashRow {
  id: string;
  status: string;
  direction: string;
  leverage_x10: number;
  day_trade: number;
  quantity: number;
  buy_time: number | null;
  locked_until: string | null;
  sellable_from: string | null;
}

/** A cash holding (1× long, not a day trade): what 保有証券 lists per stock. */
export function isCashHolding(r: CashRow): boolean {
  return r.direction === 'up' && r.leverage_x10 <= 10 && r.day_trade === 0;
}

/**
 * Sellable now (`today` a Tokyo date): held (a close request already placed is being sold), past a
 * block-trade lock and past T+N — the same rules a single close applies (closing.ts assertSellable).
 */
export function isSellable(r: CashRow, today: string): boolean {
  if (r.status === 'in_progress') {
    if (r.locked_until !== null && today < r.locked_until) return false;
  } else if (r.status !== 'holding') {
    return false;
  }
  const tPlusN = tPlusNApplies({ dayTrade: r.day_trade === 1, leverageX10: r.leverage_x10, direction: r.direction });
  return !(tPlusN && r.sellable_from !== null && today < r.sellable_from);
}

/** Oldest purchase first; the id (a time-ordered uuidv7) breaks ties and orders unfilled rows. */
export function fifoOrder<T extends Pick<CashRow, 'id' | 'buy_time'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.buy_time ?? Number.MAX_SAFE_INTEGER) - (b.buy_time ?? Number.MAX_SAFE_INTEGER) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The share counts a sale may name: the running sums of the positions, in FIFO order. */
export function fifoSteps(positions: readonly { quantity: number }[]): number[] {
  const out: number[] = [];
  let sum = 0;
  for (const p of positions) out.push((sum += p.quantity));
  return out;
}

export type SalePlan = { ok: true; count: number } | { ok: false; id: MessageId; params: MessageParams };

/**
 * How many of the FIFO-ordered sellable positions a sale of `shares` closes, or why it is refused:
 * more than is sellable (`sell_exceeds_holding`), or not a running sum of whole positions
 * (`sell_quantity_not_whole_positions`, with the nearest allowed counts below and above).
 */
export function planSale(shares: number, held: number, sellable: readonly { quantity: number }[]): SalePlan {
  const steps = fifoSteps(sellable);
  const max = steps[steps.length - 1] ?? 0;
  if (shares > max) return { ok: false, id: 'sell_exceeds_holding', params: { shares, held, sellable: max } };
  const i = steps.indexOf(shares);
  if (i >= 0) return { ok: true, count: i + 1 };
  const above = steps.find((s) => s > shares)!;
  const below = [...steps].reverse().find((s) => s < shares);
  return { ok: false, id: 'sell_quantity_not_whole_positions', params: below === undefined ? { shares, above } : { shares, below, above } };
}
