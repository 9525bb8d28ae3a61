/**
 * The close dialog's estimate (issue 13 item 4): what closing a position at market or at a price
 * now would post: P/L, closing fee, interest, the year-netted tax (per account type) and what comes
 * back. The close computes the same with the same functions (settle.ts closeAmounts / closeReturn, tax.ts
 * yearTaxDelta; a cash holding's 取得費 by 総平均法, book-cost.ts), so the estimate differs from the
 * close only by the fill price. Read only: a split
 * or dividend due today that the job has not applied yet is applied by the close, not here.
 */
import type { z } from 'zod';
import { conflict, notFound } from '../../errors';
import { isContinuousTrading, sessionAt } from '../../../shared/market';
import { HELD_STATUSES, type Direction } from '../../../shared/domain/position';
import type { closePreview, closePreviewQuery } from '../../../shared/api/trade';
import type { TradeCtx } from './deps';
import { closeSide, marketPrice, quoteAt } from './market';
import { findPosition } from './repo';
import { closeAmounts, closeReturn, taxYearOf } from './settle';
import { readYearTax, withholdsTax, yearTaxDelta } from './tax';
import { previewSaleCost } from './book-cost';
import { ownCost } from './book-cost-rules';
import { isCashHolding } from './sell-rules';

export type ClosePreviewQuery = z.infer<typeof closePreviewQuery>;

export async function previewClose(ctx: TradeCtx, userId: string, id: string, query: ClosePreviewQuery): Promise<z.infer<typeof closePreview>> {
  const db = ctx.database.db;
  const pos = await findPosition(db, userId, id);
  // Someone else's position answers exactly like a missing one.
  if (!pos) throw notFound('order_not_found');
  if (!(HELD_STATUSES as readonly string[]).includes(pos.status) || pos.contract_value === null) {
    throw conflict('order_state_invalid', { status: pos.status });
  }
  const cfg = await ctx.config.values();
  const now = ctx.clock.now();
  const { price, source } = query.type === 'limit' ? { price: query.price!, source: 'limit' as const } : marketEstimate(ctx, pos.code, pos.direction as Direction, now);
  const book = isCashHolding(pos) ? await previewSaleCost(db, pos) : undefined;
  const saleCost = book?.cost;
  const a = closeAmounts(pos, price, now, cfg, saleCost);
  // The account's own year netting, withheld only where the close would withhold (tax.ts).
  const year = await readYearTax(db, userId, taxYearOf(a.settlesOn), pos.account_type);
  const tax = yearTaxDelta(await withholdsTax(db, userId, pos.account_type), year.netGain, year.withheld, a.gain);
  return {
    id: pos.id,
    price,
    priceSource: source,
    // From the 取得費 for a cash holding, as the position's view shows it (view.ts costShift).
    pnl: saleCost === undefined ? a.pnl : a.pnl + ownCost(pos) - saleCost,
    openFee: pos.open_fee,
    saleCost: saleCost ?? null,
    averageCost: book?.averageCost ?? null,
    closeFee: a.closeFee,
    interest: a.interest,
    interestNow: a.interestNow,
    tax,
    yearNetGain: year.netGain,
    yearTaxWithheld: year.withheld,
    netPnl: a.gain - tax,
    received: closeReturn(pos, a, tax),
    settlesOn: a.settlesOn,
  };
}

/**
 * A market close sells into the bid (a long) or buys the ask (a short) in continuous trading.
 * Outside it, it waits for an auction, and at a daily limit that side is empty: the last price is
 * then the best guess.
 */
function marketEstimate(ctx: TradeCtx, code: string, direction: Direction, now: number): { price: number; source: 'bid' | 'ask' | 'last' } {
  const q = quoteAt(ctx.market, code, now);
  const side = closeSide(direction);
  const live = isContinuousTrading(sessionAt(now)) ? marketPrice(side, q) : null;
  if (live === null) return { price: q.price, source: 'last' };
  return { price: live, source: side === 'sell' ? 'bid' : 'ask' };
}
