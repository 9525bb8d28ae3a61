/**
 * Block trades (docs/domain.md): admins publish offers (instrument, price, minimum shares, shares
 * available, lock days, window); a purchase is a cash position that can be sold only after its
 * lock of `lockDays` trading days (and after T+N).
 */
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { AuthUser } from '../../auth/principal';
import { assertNoShortfall, moneyCommand } from '../../ledger';
import { invalid, notFound, ruleBroken } from '../../errors';
import type { MarketDataSource } from '../../market';
import type { AuditLog } from '../../platform/audit';
import {
  addTradingDays, isOnTick, jstDate, LOT_SIZE, offerBase, offerPriceBand, tickSize, withinOfferBand, type OfferBand,
} from '../../../shared/market';
import type { BlockOfferView, createOfferBody } from '../../../shared/api/block';
import type { PositionView } from '../../../shared/api/trade';
import { priceLimitsOf, tradableStock, type Tradable, type TradeCtx, type TradingService } from '../trade';
import { currentOffers, endWindow, findOffer, insertOffer, pageOffers, takeShares } from './repo';
import { offerView } from './view';

export class BlockService {
  constructor(
    private readonly ctx: TradeCtx,
    private readonly audit: AuditLog,
    private readonly trading: TradingService,
  ) {}

  async create(admin: AuthUser, body: z.infer<typeof createOfferBody>): Promise<BlockOfferView> {
    const inst = tradableStock(this.ctx.market, body.code);
    const min = await this.ctx.config.get('blockMinShares');
    if (body.minShares < min) throw invalid('invalid_request', { field: 'minShares', min });
    for (const field of ['minShares', 'sharesAvailable'] as const) {
      if (body[field] % LOT_SIZE !== 0) throw invalid('invalid_request', { field, lot: LOT_SIZE });
    }
    if (!isOnTick(body.price, inst.tickTable)) throw invalid('invalid_request', { field: 'price', tick: tickSize(body.price, inst.tickTable) });
    const now = this.ctx.clock.now();
    const band = offerBand(this.ctx.market, inst, now);
    if (!withinOfferBand(body.price, band)) {
      throw ruleBroken('block_price_out_of_range', { lower: band.lower, upper: band.upper, prevClose: band.base });
    }
    const row = {
      id: uuidv7(), code: inst.code, price: body.price, price_scale: inst.priceScale, min_shares: body.minShares,
      shares_total: body.sharesAvailable, shares_available: body.sharesAvailable, lock_days: body.lockDays,
      window_from: body.from, window_to: body.to, created_by: admin.id, created_at: now,
    };
    await this.ctx.database.db.transaction().execute(async (trx) => {
      await insertOffer(trx, row);
      const { reason, ...detail } = body;
      await this.audit.record(trx, { adminId: admin.id, action: 'block.offer.create', target: row.id, reason, detail });
    });
    return offerView(row, this.ctx.market, now);
  }

  /** Ends an offer's window now; purchases already made stand. */
  async close(admin: AuthUser, id: string, reason: string): Promise<BlockOfferView> {
    const now = this.ctx.clock.now();
    const row = await this.ctx.database.db.transaction().execute(async (trx) => {
      const offer = await findOffer(trx, id);
      if (!offer) throw notFound('product_not_found');
      const to = Math.max(offer.window_from, Math.min(offer.window_to, now));
      await endWindow(trx, id, to);
      await this.audit.record(trx, { adminId: admin.id, action: 'block.offer.close', target: id, reason, detail: { from: offer.window_to, to } });
      return { ...offer, window_to: to };
    });
    return offerView(row, this.ctx.market, now);
  }

  async adminList(cursor: string | undefined, limit: number) {
    const now = this.ctx.clock.now();
    const page = await pageOffers(this.ctx.database.db, cursor, limit);
    return { items: page.rows.map((r) => offerView(r, this.ctx.market, now)), next: page.next, now };
  }

  async offers(): Promise<{ items: BlockOfferView[] }> {
    const now = this.ctx.clock.now();
    return { items: (await currentOffers(this.ctx.database.db, now)).map((r) => offerView(r, this.ctx.market, now)) };
  }

  orders(userId: string, cursor: string | undefined, limit: number) {
    return this.trading.list(userId, { businessType: 'block', cursor, limit });
  }

  buy(user: AuthUser, id: string, shares: number, key: string): Promise<PositionView> {
    return moneyCommand(this.ctx.ledger, {
      scope: user.id, key, op: 'block.buy', request: { id, shares }, clock: this.ctx.clock,
      guard: () => this.ctx.accounts.assertCanTrade(user),
      prepare: () => this.ctx.config.values(),
      run: async ({ trx, now, prepared: cfg }) => {
        const offer = await findOffer(trx, id);
        if (!offer) throw notFound('product_not_found');
        if (now < offer.window_from || now >= offer.window_to) {
          throw ruleBroken('block_trade_closed', { from: offer.window_from, to: offer.window_to });
        }
        if (shares < offer.min_shares) throw invalid('invalid_request', { field: 'shares', min: offer.min_shares });
        if (shares % LOT_SIZE !== 0) throw invalid('invalid_request', { field: 'shares', lot: LOT_SIZE });
        const inst = tradableStock(this.ctx.market, offer.code);
        // Cash first, then the offer: the same lock order as every other trading command.
        await assertNoShortfall(trx, this.ctx.database.caps, user.id, 'JPY');
        if (!(await takeShares(trx, id, shares))) {
          const left = await findOffer(trx, id);
          throw ruleBroken('fundraising_insufficient', { available: left?.shares_available ?? 0 });
        }
        const lockedUntil = offer.lock_days > 0 ? addTradingDays(jstDate(now), offer.lock_days) : null;
        return this.trading.openBlockPurchase(trx, {
          ownerId: user.id, offerId: offer.id, code: inst.code, shares, price: offer.price, priceScale: offer.price_scale, lockedUntil,
        }, now, cfg);
      },
    });
  }
}

/**
 * The prices an offer may have now (docs/domain.md "Block trades"): inside the current trading day's
 * price limits and within ±10% of that day's base price (the previous close; before 9:00 the quote
 * still shows yesterday, so its price is today's base, as for orders), both on the tick grid (the
 * 10% edges round inwards). The rule is shared with public offerings and placements
 * (src/shared/market/offer-band.ts).
 */
export function offerBand(market: MarketDataSource, inst: Tradable, now: number): OfferBand {
  const { quote, limits } = priceLimitsOf(market, inst.code, now);
  return offerPriceBand(offerBase(quote, now), limits, inst.tickTable, 'both');
}
