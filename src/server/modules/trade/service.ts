import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../auth/principal';
import type { Holdings, HoldingsProvider } from '../module';
import { notFound } from '../../errors';
import type { PositionView } from '../../../shared/api/trade';
import type { TradeCtx } from './context';
import { placeOrder, type OrderBody } from './orders';
import { cancelOrder, cancelPendingOrders, closePosition, type CloseBody } from './closing';
import { amendOrder, type AmendBody } from './amend';
import { fundsHoldings, readHoldings } from './holdings';
import { previewOrder } from './preview';
import { sellHolding, sellableOf, type SellBody } from './sell';
import { agreeToMargin, marginAgreementOf } from './margin-agreement';
import { previewClose, type ClosePreviewQuery } from './close-preview';
import { alertsFor, findPosition, listPositions } from './repo';
import { positionView, QuoteCache } from './view';


/** Trading use cases (docs/domain.md); the HTTP layer and the block module call these. */
export class TradingService implements HoldingsProvider {
  constructor(readonly ctx: TradeCtx) {}

  place(user: AuthUser, body: OrderBody, key: string): Promise<PositionView> {
    return placeOrder(this.ctx, user, body, key);
  }

  /** Cancels every pending new order of a user who was just restricted (inside that transaction). */
  cancelPendingOf(trx: Transaction<DB>, userId: string): Promise<number> {
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

  sellable(userId: string, code: string) {
    return sellableOf(this.ctx, userId, code);
  }

  marginAgreement(userId: string) {
    return marginAgreementOf(this.ctx, userId);
  }

  agreeToMargin(userId: string, version: number) {
    return agreeToMargin(this.ctx, userId, version);
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
