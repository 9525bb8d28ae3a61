import type { AccountType } from '../../../shared/domain/account-type';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../auth/principal';
import type { Holdings, HoldingsProvider } from '../module';
import { notFound } from '../../errors';
import type { PositionView } from '../../../shared/api/trade';
import type { ConfigValues } from '../../../shared/domain/config-items';
import type { CloseReason } from '../../../shared/domain/position';
import type { OrderOwner, TradeCtx } from './deps';
import { placeForOwner, placeOrder, type OrderBody } from './orders';
import { cancelOrder, cancelPendingOrders, closeAtMarket, closePosition, type CloseBody, type MarketClose } from './closing';
import { deliverAllotment, openBlockPurchase, type Allotment, type BlockPurchase } from './cash-positions';
import { amendOrder, type AmendBody } from './amend';
import { fundsHoldings, readHoldings } from './holdings';
import { previewOrder } from './preview';
import { sellForOwner, sellHolding, sellableOf, type SellBody } from './sell';
import { previewClose, type ClosePreviewQuery } from './close-preview';
import { alertsFor, findPosition, listPositions } from './repo';
import { positionView, QuoteCache } from './view';

type Trx = Transaction<DB>;

/**
 * Trading use cases (docs/domain.md): the HTTP layer calls them for users; other areas call them
 * for their own owners (a strategy fund) and inside their own money commands (block, IPO, lending),
 * passing their transaction, so a purchase and its position commit together.
 */
export class TradingService implements HoldingsProvider {
  constructor(readonly ctx: TradeCtx) {}

  place(user: AuthUser, body: OrderBody, key: string): Promise<PositionView> {
    return placeOrder(this.ctx, user, body, key);
  }

  /** An order of an owner that is not a signed-in user (a strategy fund): no account-state guard. */
  placeForOwner(owner: OrderOwner, body: OrderBody, key: string): Promise<PositionView> {
    return placeForOwner(this.ctx, owner, body, key);
  }

  /** A block purchase as a cash position, paid from cash, inside the block command's transaction. */
  openBlockPurchase(trx: Trx, purchase: BlockPurchase, now: number, cfg: ConfigValues): Promise<PositionView> {
    return openBlockPurchase(this.ctx, trx, purchase, now, cfg);
  }

  /** A paid allotment delivered as a held cash position at its listing, in the listing's transaction. */
  deliverAllotment(trx: Trx, allotment: Allotment, at: number, cfg: ConfigValues): Promise<void> {
    return deliverAllotment(trx, allotment, at, cfg);
  }

  /** Closes a held position at the market for the system (the LTV forced sale), in the caller's transaction. */
  closeAtMarket(trx: Trx, positionId: string, reason: Exclude<CloseReason, 'user'>, at: number, cfg: ConfigValues): Promise<MarketClose | null> {
    return closeAtMarket(this.ctx, trx, positionId, reason, at, cfg);
  }

  /** Cancels every pending new order of a user who was just restricted (inside that transaction). */
  cancelPendingOf(trx: Trx, userId: string): Promise<number> {
    return cancelPendingOrders(this.ctx, trx, userId);
  }

  cancel(user: AuthUser, id: string, key: string): Promise<PositionView> {
    return cancelOrder(this.ctx, user, id, key);
  }

  amend(user: AuthUser, id: string, body: AmendBody, key: string): Promise<PositionView> {
    return amendOrder(this.ctx, user, id, body, key);
  }

  close(user: AuthUser, id: string, body: CloseBody, key: string): Promise<PositionView> {
    return closePosition(this.ctx, user, id, body, key);
  }

  /** 現物売: closes whole cash positions of the stock, oldest first (docs/decisions/011-selling-a-holding.md). */
  sell(user: AuthUser, body: SellBody, key: string) {
    return sellHolding(this.ctx, user, body, key);
  }

  /** 現物売 for an owner that is not a signed-in user (a strategy fund): no account-state guard. */
  sellForOwner(owner: OrderOwner, body: SellBody, key: string) {
    return sellForOwner(this.ctx, owner, body, key);
  }

  sellable(userId: string, code: string, account?: AccountType) {
    return sellableOf(this.ctx, userId, code, account);
  }

  preview(userId: string, query: Parameters<typeof previewOrder>[2]) {
    return previewOrder(this.ctx, userId, query);
  }

  closePreview(userId: string, id: string, query: ClosePreviewQuery) {
    return previewClose(this.ctx, userId, id, query);
  }

  async list(userId: string, opts: { statuses?: string[]; businessType?: string; cursor?: string; limit: number }) {
    const db = this.ctx.database.db;
    const page = await listPositions(db, userId, opts);
    const alerts = await alertsFor(db, page.rows.map((r) => r.id));
    const quotes = new QuoteCache(this.ctx.market, this.ctx.clock.now());
    return { items: page.rows.map((r) => positionView(r, alerts.get(r.id) ?? [], quotes)), next: page.next };
  }

  async get(userId: string, id: string): Promise<PositionView> {
    const db = this.ctx.database.db;
    const row = await findPosition(db, userId, id);
    if (!row) throw notFound('order_not_found');
    const alerts = await alertsFor(db, [id]);
    return positionView(row, alerts.get(id) ?? [], new QuoteCache(this.ctx.market, this.ctx.clock.now()));
  }

  holdingsView(userId: string) {
    return readHoldings(this.ctx, userId);
  }

  /** Live value of everything held and the net result of everything closed (funds summary). */
  holdings(userId: string, now: number): Promise<Holdings> {
    return fundsHoldings(this.ctx, userId, now);
  }
}
