/**
 * Cash (現物) positions other areas open inside their own money command (one transaction): a block
 * purchase (docs/domain.md "Block trades") and an IPO or offering allotment delivered at its listing
 * (docs/domain.md "IPO and offerings"). The caller has locked the user's cash first; the row, its
 * money fields and its opening entry are made here, as an order's are.
 */
import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../../db/schema';
import { addTradingDays, type IsoDate } from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import type { PositionView } from '../../../shared/api/trade';
import { newPositionRow, settleDeps } from './context';
import type { TradeCtx } from './deps';
import { tradable } from './market';
import { openFields, postOpenFromCash, tradeMemo } from './settle';
import { insertPosition, type PositionRow } from './repo';
import { accountSettings } from './account-type-repo';
import { taxableDefault } from './account-rules';
import { positionView, QuoteCache } from './view';

type Trx = Transaction<DB>;

/**
 * The account a block purchase or an allotment is held in: the owner's taxable default (特定, or 一般
 * without one); never NISA, which only an order chooses (docs/domain.md "Account types and NISA").
 */
async function ownerAccount(trx: Trx, ownerId: string): Promise<'specific' | 'general'> {
  return taxableDefault(await accountSettings(trx, ownerId));
}

/** A purchase from a block offer, at the offer's price. */
export interface BlockPurchase {
  ownerId: string;
  offerId: string;
  code: string;
  shares: number;
  price: number;
  priceScale: number;
  /** The end of the offer's lock (sellable from then at the earliest), or null without one. */
  lockedUntil: IsoDate | null;
}

/**
 * Opens the purchase as a cash position, paid from cash at once (unsettled proceeds first) with the
 * fee; locked (in_progress) until `lockedUntil` and sellable from the later of the lock's end and T+N.
 */
export async function openBlockPurchase(ctx: TradeCtx, trx: Trx, b: BlockPurchase, now: number, cfg: ConfigValues): Promise<PositionView> {
  const inst = tradable(ctx.market, b.code);
  const base = newPositionRow({
    id: uuidv7(), user_id: b.ownerId, code: inst.code, business_type: 'block', direction: 'up', price_type: 'limit',
    status: b.lockedUntil ? 'in_progress' : 'holding', currency: inst.currency, price_scale: b.priceScale,
    quantity: b.shares, leverage_x10: 10, limit_price: b.price, placed_at: now, updated_at: now,
    locked_until: b.lockedUntil, block_offer_id: b.offerId, account_type: await ownerAccount(trx, b.ownerId),
  });
  const fields = openFields(base, b.price, now, cfg);
  const sellableFrom = b.lockedUntil && b.lockedUntil > fields.sellable_from ? b.lockedUntil : fields.sellable_from;
  const row: PositionRow = { ...base, ...fields, sellable_from: sellableFrom };
  await insertPosition(trx, row);
  await postOpenFromCash(trx, settleDeps(ctx), row, tradeMemo('memo_block_buy', row, b.price));
  return positionView(row, [], new QuoteCache(ctx.market, now));
}

/** An allotment paid for before its listing, delivered as a position at the listing. */
export interface Allotment {
  /** The position's id, chosen by the caller (it records it on the application first). */
  positionId: string;
  ownerId: string;
  code: string;
  currency: string;
  shares: number;
  /** The issue price the allotment was paid at. */
  price: number;
  priceScale: number;
  /** The listing's instant (the position's open) and day. */
  listingAt: number;
  listingDate: IsoDate;
}

/**
 * Delivers the allotment as a held cash position. It was paid at the payment due date (the IPO
 * area's own entry moved frozen → margin), so nothing is posted here: no fee, and sellable from the
 * listing date plus the usual T+N.
 */
export async function deliverAllotment(trx: Trx, a: Allotment, at: number, cfg: ConfigValues): Promise<void> {
  const base = newPositionRow({
    id: a.positionId, user_id: a.ownerId, code: a.code, business_type: 'stock', direction: 'up', price_type: 'limit', status: 'holding',
    currency: a.currency, price_scale: a.priceScale, quantity: a.shares, leverage_x10: 10, limit_price: a.price,
    placed_at: a.listingAt, updated_at: at, account_type: await ownerAccount(trx, a.ownerId),
  });
  const fields = openFields(base, a.price, a.listingAt, cfg);
  const pos: PositionRow = { ...base, ...fields, open_fee: 0, sellable_from: addTradingDays(a.listingDate, cfg.sellAfterDays) };
  await insertPosition(trx, pos);
}
