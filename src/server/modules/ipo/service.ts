/**
 * IPO and offerings (docs/domain.md "IPO"; docs/decisions/014-ipo-draw.md). Money only ever moves
 * between the user's own accounts, and only money the user has: an application reserves cash →
 * frozen at the top of the provisional range; pricing, a loss, a partial win, a waiver or a lapse
 * return frozen → cash; the payment of a purchased allotment moves frozen → margin (the principal
 * of the cash position the listing opens). No step can leave the user owing anything.
 */
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { AuthUser } from '../../auth/principal';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';

type Trx = Transaction<DB>;
import { assertNoShortfall, lockWallet, moneyCommand, noteShortfall, Postings } from '../../ledger';
import { conflict, invalid, notFound, ruleBroken } from '../../errors';
import type { AuditLog } from '../../platform/audit';
import type { Logger } from '../../logger';
import { isOnTick, isTradingDay, LOT_SIZE, offerBase, offerPriceBand, tickSize, withinOfferBand, type TickTable } from '../../../shared/market';
import { encodeMemo, type Memo, type OfferingNames } from '../../../shared/domain/ledger-kinds';
import { DRAW_ALGORITHM, DRAW_ALGORITHM_V1, entryId, runDraw, seedCommitment, sortApplications, type DrawKind } from '../../../shared/domain/ipo-draw';
import type { ApplicationStatus, ApplicationView, createOfferingBody, DrawView, OfferingKind, OfferingStatus, OfferingView } from '../../../shared/api/ipo';
import type { Segment } from '../../../shared/market';
import { priceLimitsOf, type TradeCtx, type TradingService } from '../trade';
import * as repo from './repo';
import { awaitingListingLine, ipoRangeTop, issuePrice, listingInstant, offeringStatus, openingPrice, reserveFor } from './rules';
import type { Holdings, HoldingsProvider } from '../module';

/** What applying needs of the kyc module (its index.ts): a verified identity or `real_name_required`. */
export interface VerifiedGuard {
  requireVerified(userId: string): Promise<unknown>;
}

/**
 * Where a draw result for one application is decided (won or not won): the messaging area hooks
 * its "IPO draw result" message here (docs/domain.md "IPO").
 */
/**
 * Work another area does for each draw result, in the transaction that records it (the messaging
 * area writes the user's 当選 / 落選 message there, so the message exists exactly when the result does).
 */
export type DrawResultListener = (
  trx: Executor,
  result: { userId: string; applicationId: string; offeringId: string; code: string; name: string; nameEn: string; nameZhHant: string | null; nameKo: string | null; wonLots: number; at: number },
) => Promise<unknown>;

export interface IpoJobReport {
  priced: number;
  drawn: number;
  paid: number;
  listed: number;
}

const CURRENCY = 'JPY' as const;
/** New IPO stocks use the "other" tick table (not TOPIX500 members). */
const NEW_TICK_TABLE: TickTable = 'other';

/** The names an IPO memo carries: before the listing no instrument names the stock in the records. */
function memoNames(o: repo.OfferingRow): OfferingNames {
  return {
    nameJa: o.name_ja, nameEn: o.name_en,
    ...(o.name_zh_hant ? { nameZhHant: o.name_zh_hant } : {}), ...(o.name_ko ? { nameKo: o.name_ko } : {}),
  };
}

function randomSeed(): string {
  const b = new Uint8Array(32);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export class IpoService implements HoldingsProvider {
  /** Codes of listed IPOs already handed to the market source in this process. */
  private readonly registered = new Set<string>();
  private readonly drawListeners: DrawResultListener[] = [];

  constructor(
    private readonly ctx: TradeCtx,
    private readonly trading: TradingService,
    private readonly audit: AuditLog,
    private readonly identity: VerifiedGuard,
    private readonly logger?: Logger,
  ) {}

  onDrawResult(listener: DrawResultListener): void {
    this.drawListeners.push(listener);
  }

  private get db() {
    return this.ctx.database.db;
  }

  private tickTableOf(o: repo.OfferingRow): TickTable {
    return this.ctx.market.instrument(o.code)?.tickTable ?? NEW_TICK_TABLE;
  }

  // ---- views -----------------------------------------------------------------------------------

  private marketPrice(o: repo.OfferingRow, now: number): number | null {
    if (o.kind === 'ipo' && o.listed_at === null) return null;
    if (!this.ctx.market.instrument(o.code)) return null;
    try {
      return this.ctx.market.quote(o.code, now).price;
    } catch {
      return null;
    }
  }

  private async offeringViews(rows: repo.OfferingRow[], userId: string | null): Promise<OfferingView[]> {
    const now = this.ctx.clock.now();
    const stats = await repo.demand(this.db, rows.map((r) => r.id));
    const mine = userId ? await repo.applicationsOf(this.db, userId) : [];
    return rows.map((o) => {
      const d = stats.get(o.id) ?? { lots: 0, applicants: 0, winners: 0, wonLots: 0 };
      const market = this.marketPrice(o, now);
      const diff = market !== null && o.final_price !== null ? market - o.final_price : null;
      const winningRateBp =
        o.drawn_at === null ? null
        : o.kind === 'ipo' ? (d.applicants > 0 ? Math.floor((d.winners * 10_000) / d.applicants) : 0)
        : d.lots > 0 ? Math.floor((d.wonLots * 10_000) / d.lots) : 0;
      return {
        id: o.id, kind: o.kind as OfferingKind, code: o.code, name: o.name_ja, nameEn: o.name_en, nameZhHant: o.name_zh_hant, nameKo: o.name_ko, segment: o.segment as Segment, sponsor: o.sponsor,
        status: offeringStatus(o, now), priceScale: o.price_scale, priceLow: o.price_low, priceHigh: o.price_high, finalPrice: o.final_price,
        openPrice: o.open_price, marketPrice: market, priceDiff: diff,
        premiumBp: diff !== null && o.final_price ? Math.round((diff * 10_000) / o.final_price) : null,
        sharesOffered: o.shares_offered, minLots: o.min_lots, minFunds: o.min_funds, repeatMax: o.repeat_max,
        from: o.window_from, to: o.window_to, drawAt: o.draw_at, paymentDue: o.payment_due, listingDate: o.listing_date, distributionDate: o.listing_date,
        appliedLots: d.lots, applicants: d.applicants, winningRateBp,
        commitment: o.commitment, seed: o.drawn_at !== null ? o.seed : null,
        myApplications: mine.filter((a) => a.offering_id === o.id && a.status !== 'cancelled').length,
        createdAt: o.created_at,
      };
    });
  }

  private applicationView(a: repo.ApplicationRow, o: repo.OfferingRow): ApplicationView {
    const shares = a.lots * LOT_SIZE;
    const wonShares = a.won_lots === null ? null : a.won_lots * LOT_SIZE;
    return {
      id: a.id, offeringId: o.id, kind: o.kind as OfferingKind, code: o.code, name: o.name_ja, nameEn: o.name_en, nameZhHant: o.name_zh_hant, nameKo: o.name_ko,
      status: a.status as ApplicationStatus, priceScale: o.price_scale, lots: a.lots, shares,
      reservePrice: a.reserve_price, amountSubscribed: reserveFor(a.lots, a.reserve_price, o.price_scale), remainingAmount: a.reserved,
      wonLots: a.won_lots, wonShares,
      amountWon: a.won_lots === null || o.final_price === null ? null : reserveFor(a.won_lots, o.final_price, o.price_scale),
      finalPrice: o.final_price, drawAt: o.draw_at, paymentDue: o.payment_due, listingDate: o.listing_date,
      positionId: a.position_id, createdAt: a.created_at, updatedAt: a.updated_at,
    };
  }

  async list(userId: string, filter: { status?: OfferingStatus; kind?: OfferingKind }): Promise<{ items: OfferingView[] }> {
    const rows = (await repo.allOfferings(this.db)).filter((o) => !filter.kind || o.kind === filter.kind);
    const items = await this.offeringViews(rows, userId);
    return { items: filter.status ? items.filter((i) => i.status === filter.status) : items };
  }

  /** Every offering, and the market clock's now: the back office's form dates its defaults from it. */
  async adminList(): Promise<{ items: OfferingView[]; now: number }> {
    const now = this.ctx.clock.now();
    return { items: await this.offeringViews(await repo.allOfferings(this.db), null), now };
  }

  async detail(userId: string, id: string): Promise<{ offering: OfferingView; applications: ApplicationView[]; available: number }> {
    const o = await repo.findOffering(this.db, id);
    if (!o) throw notFound('product_not_found');
    const [offering] = await this.offeringViews([o], userId);
    const apps = await repo.applicationsOf(this.db, userId, id);
    const b = (await this.ctx.ledger.balances(userId))[CURRENCY] ?? {};
    return { offering: offering!, applications: apps.map((a) => this.applicationView(a, o)), available: b.cash ?? 0 };
  }

  async applications(userId: string): Promise<{ items: ApplicationView[] }> {
    const apps = await repo.applicationsOf(this.db, userId);
    const offerings = new Map<string, repo.OfferingRow>();
    for (const a of apps) if (!offerings.has(a.offering_id)) offerings.set(a.offering_id, (await repo.findOffering(this.db, a.offering_id))!);
    return { items: apps.map((a) => this.applicationView(a, offerings.get(a.offering_id)!)) };
  }

  /**
   * funds/summary's holdings of this area: allotments paid for and awaiting listing (上場待ち). The
   * payment moved their money into margin, which total assets count already, so they add no P/L;
   * the market value counts them at what was paid (no price before the listing), as trading counts
   * a position without a price at its principal. The listing ends them as they become positions.
   */
  async holdings(userId: string): Promise<Holdings> {
    const paid = await repo.paidUndelivered(this.db, userId);
    const lines = paid.map(({ a, o }) => awaitingListingLine({ application: a, offering: o }));
    lines.sort((x, y) => (x.listingDate < y.listingDate ? -1 : x.listingDate > y.listingDate ? 1 : 0));
    const marketValue = lines.reduce((sum, l) => sum + l.amount, 0);
    return { marketValue, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl: 0, awaitingListing: lines };
  }

  /**
   * The draw's public record: anyone signed in can re-run it (the browser does, on /home/ipo/sgjlDetail).
   * Applications are named by their per-draw entry ids only, never by application id; the algorithm is
   * the one the draw ran (v1 for draws before v2: its entries in their recorded application-id order).
   */
  async draw(id: string): Promise<DrawView> {
    const o = await repo.findOffering(this.db, id);
    if (!o) throw notFound('product_not_found');
    const live = await repo.liveApplications(this.db, id);
    const drawn = o.drawn_at !== null;
    const algorithm = o.draw_algorithm ?? DRAW_ALGORITHM;
    const named = sortApplications(live).map((a) => ({ id: entryId(o.id, a.id), units: a.lots, won: a.won_lots ?? 0 }));
    const entries = algorithm === DRAW_ALGORITHM_V1 ? named : sortApplications(named);
    return {
      offeringId: o.id, kind: o.kind as OfferingKind, algorithm, commitment: o.commitment,
      seed: drawn ? o.seed : null, units: o.shares_offered / LOT_SIZE, drawAt: o.draw_at, drawnAt: o.drawn_at,
      applications: entries.map((e) => ({ id: e.id, units: e.units })),
      results: drawn ? entries.map((e) => ({ id: e.id, units: e.won })) : null,
    };
  }

  // ---- admin -----------------------------------------------------------------------------------

  create(admin: AuthUser, body: z.infer<typeof createOfferingBody>, key: string): Promise<{ offering: OfferingView }> {
    return moneyCommand(this.ctx.ledger, {
      scope: `admin:${admin.id}`, key, op: 'admin.ipo.create', request: body, clock: this.ctx.clock,
      prepare: () => this.ctx.config.values(),
      run: async ({ trx, now, prepared: cfg }) => {
        const existing = this.ctx.market.instrument(body.code);
        let table: TickTable = NEW_TICK_TABLE;
        let priceScale = 10;
        if (body.kind === 'ipo') {
          if (existing || (await repo.offeringByCode(trx, body.code))) throw invalid('invalid_request', { field: 'code' });
        } else {
          if (!existing || existing.kind !== 'stock') throw notFound('product_not_found');
          table = existing.tickTable ?? NEW_TICK_TABLE;
          priceScale = existing.priceScale;
        }
        if (body.priceLow > body.priceHigh) throw invalid('invalid_request', { field: 'priceLow' });
        for (const field of ['priceLow', 'priceHigh'] as const) {
          if (!isOnTick(body[field], table)) throw invalid('invalid_request', { field, tick: tickSize(body[field], table) });
        }
        this.checkPrices(body, table, priceScale, now);
        if (body.sharesOffered % LOT_SIZE !== 0) throw invalid('invalid_request', { field: 'sharesOffered', lot: LOT_SIZE });
        if (!isTradingDay(body.listingDate)) throw invalid('invalid_request', { field: 'listingDate' });
        const listingAt = listingInstant(body.listingDate);
        // The lifecycle in order: window, draw, payment due, listing.
        if (!(body.from < body.to)) throw invalid('invalid_request', { field: 'to' });
        if (!(body.to <= body.drawAt)) throw invalid('invalid_request', { field: 'drawAt' });
        if (!(body.drawAt < body.paymentDue)) throw invalid('invalid_request', { field: 'paymentDue' });
        if (!(body.paymentDue <= listingAt)) throw invalid('invalid_request', { field: 'listingDate' });
        const seed = randomSeed();
        const row: repo.OfferingRow = {
          id: uuidv7(), kind: body.kind, code: body.code, name_ja: body.name, name_en: body.nameEn, name_zh_hant: body.nameZhHant || null, name_ko: body.nameKo || null, kana: body.kana, segment: body.segment,
          sponsor: body.sponsor, price_scale: priceScale, price_low: body.priceLow, price_high: body.priceHigh, final_price: null, open_price: null,
          shares_offered: body.sharesOffered, shares_outstanding: body.sharesOutstanding ?? body.sharesOffered * 4,
          min_lots: body.minLots ?? Math.max(1, Math.ceil(cfg.ipoMinShares / LOT_SIZE)), min_funds: body.minFunds ?? cfg.ipoMinFunds, repeat_max: body.repeatMax ?? cfg.ipoRepeatMax,
          window_from: body.from, window_to: body.to, draw_at: body.drawAt, payment_due: body.paymentDue,
          listing_date: body.listingDate, listing_at: listingAt, seed, commitment: seedCommitment(seed),
          priced_at: null, drawn_at: null, draw_algorithm: null, paid_at: null, listed_at: null, created_by: admin.id, created_at: now,
        };
        await repo.insertOffering(trx, row);
        const { reason, ...detail } = body;
        await this.audit.record(trx, { adminId: admin.id, action: 'ipo.offering.create', target: row.id, reason, detail: { ...detail, commitment: row.commitment } });
        const [offering] = await this.offeringViewsIn(trx, row);
        return { offering: offering! };
      },
    });
  }

  /**
   * The offering's prices against the market (docs/domain.md "IPO and offerings"; "What Kabuto never builds": never
   * priced away from the market). A PO or placement of a listed stock: both ends of the range inside
   * the day's price limits and between 90 % and 100 % of the previous close (the block offers' rule,
   * src/shared/market/offer-band.ts, on its discount side). An IPO (no market yet): a top at most
   * 25 % above the bottom. The price set at pricing is one end of the range, and no endpoint
   * changes an offering's prices after creation.
   */
  private checkPrices(body: { kind: OfferingKind; code: string; priceLow: number; priceHigh: number }, table: TickTable, priceScale: number, now: number): void {
    if (body.kind === 'ipo') {
      const top = ipoRangeTop(body.priceLow, table);
      if (body.priceHigh > top) throw ruleBroken('ipo_price_range_too_wide', { field: 'priceHigh', lower: body.priceLow, upper: top, priceScale });
      return;
    }
    const { quote, limits } = priceLimitsOf(this.ctx.market, body.code, now);
    const band = offerPriceBand(offerBase(quote, now), limits, table, 'discount');
    for (const field of ['priceLow', 'priceHigh'] as const) {
      if (!withinOfferBand(body[field], band)) {
        throw ruleBroken('offering_price_out_of_range', { field, lower: band.lower, upper: band.upper, prevClose: band.base, priceScale });
      }
    }
  }

  private async offeringViewsIn(_trx: Executor, row: repo.OfferingRow): Promise<OfferingView[]> {
    // A new offering has no applications yet.
    const now = this.ctx.clock.now();
    return [
      {
        id: row.id, kind: row.kind as OfferingKind, code: row.code, name: row.name_ja, nameEn: row.name_en, nameZhHant: row.name_zh_hant, nameKo: row.name_ko, segment: row.segment as Segment,
        sponsor: row.sponsor, status: offeringStatus(row, now), priceScale: row.price_scale, priceLow: row.price_low, priceHigh: row.price_high,
        finalPrice: null, openPrice: null, marketPrice: this.marketPrice(row, now), priceDiff: null, premiumBp: null,
        sharesOffered: row.shares_offered, minLots: row.min_lots, minFunds: row.min_funds, repeatMax: row.repeat_max,
        from: row.window_from, to: row.window_to, drawAt: row.draw_at, paymentDue: row.payment_due, listingDate: row.listing_date,
        distributionDate: row.listing_date, appliedLots: 0, applicants: 0, winningRateBp: null, commitment: row.commitment, seed: null,
        myApplications: 0, createdAt: row.created_at,
      },
    ];
  }

  // ---- the user's commands ---------------------------------------------------------------------

  apply(user: AuthUser, id: string, lots: number, key: string): Promise<{ application: ApplicationView }> {
    const userId = user.id;
    return moneyCommand(this.ctx.ledger, {
      scope: userId, key, op: 'ipo.apply', request: { id, lots }, clock: this.ctx.clock,
      guard: async () => {
        this.ctx.accounts.assertCanTrade(user);
        await this.identity.requireVerified(userId);
      },
      run: async ({ trx, now }) => {
        // The user's lock first: concurrent applications of one user queue here, so the repeat
        // limit and the funds are read after the previous one committed.
        const wallet = await lockWallet(trx, this.ctx.database.caps, userId, CURRENCY);
        const o = await repo.findOffering(trx, id);
        if (!o) throw notFound('product_not_found');
        if (now < o.window_from) throw ruleBroken('not_subscription_time', { from: o.window_from, to: o.window_to });
        if (now >= o.window_to) throw ruleBroken('ipo_channel_closed', { from: o.window_from, to: o.window_to });
        if (lots < o.min_lots) throw invalid('invalid_request', { field: 'lots', min: o.min_lots, minShares: o.min_lots * LOT_SIZE });
        if ((await repo.countLive(trx, userId, id)) >= o.repeat_max) throw ruleBroken('ipo_repeat_limit', { max: o.repeat_max });
        await assertNoShortfall(trx, this.ctx.database.caps, userId, CURRENCY);
        if (wallet.cash < o.min_funds) throw ruleBroken('fundraising_insufficient', { min: o.min_funds, available: wallet.cash });
        const amount = reserveFor(lots, o.price_high, o.price_scale);
        if (amount > wallet.cash) throw ruleBroken('balance_insufficient', { amount, available: wallet.cash, currency: CURRENCY });
        const row: repo.ApplicationRow = {
          id: uuidv7(), offering_id: o.id, user_id: userId, lots, status: 'subscribing', reserve_price: o.price_high, reserved: amount,
          won_lots: null, position_id: null, created_at: now, updated_at: now,
        };
        await repo.insertApplication(trx, row);
        await this.ctx.ledger.post(trx, {
          kind: 'ipo_reserve', userId, refType: 'ipo_application', refId: row.id,
          memo: encodeMemo({ id: 'memo_ipo_reserve', params: { code: o.code, ...memoNames(o), lots, amount } }),
          postings: new Postings(userId, CURRENCY, wallet).own('cash', -amount).own('frozen', amount).list,
        });
        return { application: this.applicationView(row, o) };
      },
    });
  }

  /** Returns `amount` of an application's reserve to cash (a shortfall is repaid first, as by any credit). */
  private async release(trx: Trx, a: repo.ApplicationRow, o: repo.OfferingRow, amount: number, why: string, at: number): Promise<void> {
    if (amount <= 0) return;
    const wallet = await lockWallet(trx, this.ctx.database.caps, a.user_id, CURRENCY);
    const p = new Postings(a.user_id, CURRENCY, wallet).own('frozen', -amount);
    p.credit('cash', amount);
    const memo: Memo = { id: 'memo_ipo_release', params: { code: o.code, ...memoNames(o), why, amount } };
    await this.ctx.ledger.post(trx, { kind: 'ipo_release', userId: a.user_id, refType: 'ipo_application', refId: a.id, memo: encodeMemo(memo), postings: p.list });
    await noteShortfall(trx, p, at);
  }

  private userStep(
    user: AuthUser, id: string, key: string, op: string,
    step: (trx: Trx, a: repo.ApplicationRow, o: repo.OfferingRow, now: number) => Promise<void>,
  ): Promise<{ application: ApplicationView }> {
    return moneyCommand(this.ctx.ledger, {
      scope: user.id, key, op, request: { id }, clock: this.ctx.clock,
      run: async ({ trx, now }) => {
        await lockWallet(trx, this.ctx.database.caps, user.id, CURRENCY);
        const a = await repo.ownApplication(trx, user.id, id);
        if (!a) throw notFound('order_not_found');
        const o = (await repo.findOffering(trx, a.offering_id))!;
        await step(trx, a, o, now);
        return { application: this.applicationView((await repo.findApplication(trx, id))!, o) };
      },
    });
  }

  /** While the window is open: the whole reserve returns. */
  cancel(user: AuthUser, id: string, key: string) {
    return this.userStep(user, id, key, 'ipo.cancel', async (trx, a, o, now) => {
      if (a.status !== 'subscribing') throw conflict('order_state_invalid', { status: a.status });
      if (now >= o.window_to) throw ruleBroken('ipo_channel_closed', { from: o.window_from, to: o.window_to });
      if (!(await repo.moveApplication(trx, a.id, 'subscribing', { status: 'cancelled', reserved: 0, updated_at: now }))) throw conflict('order_state_invalid', { status: a.status });
      await this.release(trx, a, o, a.reserved, 'cancel', now);
    });
  }

  /** A won allotment is purchased (購入申込): paid from its reserve on the payment due date. */
  purchase(user: AuthUser, id: string, key: string) {
    return this.userStep(user, id, key, 'ipo.purchase', async (trx, a, o, now) => {
      if (a.status !== 'won') throw conflict('order_state_invalid', { status: a.status });
      if (now >= o.payment_due) throw ruleBroken('ipo_channel_closed', { to: o.payment_due });
      if (!(await repo.moveApplication(trx, a.id, 'won', { status: 'payment_pending', updated_at: now }))) throw conflict('order_state_invalid', { status: a.status });
    });
  }

  /** Waiving (辞退) is free: before the due date the reserve returns whole. */
  waive(user: AuthUser, id: string, key: string) {
    return this.userStep(user, id, key, 'ipo.waive', async (trx, a, o, now) => {
      if (a.status !== 'won' && a.status !== 'payment_pending') throw conflict('order_state_invalid', { status: a.status });
      if (now >= o.payment_due) throw ruleBroken('ipo_channel_closed', { to: o.payment_due });
      if (!(await repo.moveApplication(trx, a.id, ['won', 'payment_pending'], { status: 'waived', reserved: 0, updated_at: now }))) {
        throw conflict('order_state_invalid', { status: a.status });
      }
      await this.release(trx, a, o, a.reserved, 'waived', now);
    });
  }

  // ---- due work (jobs) -------------------------------------------------------------------------

  /** Hands every listed IPO to the market source (at start and on each run; idempotent). */
  async restoreListings(): Promise<void> {
    if (!this.ctx.market.listNew) return;
    for (const o of await repo.listedIpos(this.db)) this.register(o);
  }

  private register(o: repo.OfferingRow): void {
    if (this.registered.has(o.code) || o.final_price === null || o.open_price === null || !this.ctx.market.listNew) return;
    this.ctx.market.listNew({
      instrument: {
        code: o.code, kind: 'stock', board: o.segment === 'prime' || o.segment === 'standard' ? 'listed' : 'otc', nameJa: o.name_ja, nameEn: o.name_en,
        kana: o.kana, priceScale: o.price_scale, qtyScale: 1, currency: 'JPY', sector: 'info_communication', segment: o.segment as Segment,
        tickTable: NEW_TICK_TABLE, nikkei225: false, sharesOutstanding: o.shares_outstanding, listedOn: o.listing_date, simulated: true,
      },
      listingDate: o.listing_date, offerPrice: o.final_price, openPrice: o.open_price,
    });
    this.registered.add(o.code);
  }

  async run(at: number): Promise<IpoJobReport> {
    const report: IpoJobReport = { priced: 0, drawn: 0, paid: 0, listed: 0 };
    await this.restoreListings();
    for (const o of await repo.dueOfferings(this.db, at)) {
      let row = o;
      if (row.priced_at === null) {
        await this.price(row, at);
        report.priced++;
        row = (await repo.findOffering(this.db, o.id))!;
      }
      if (row.drawn_at === null && row.draw_at <= at) {
        await this.drawNow(row, at);
        report.drawn++;
        row = (await repo.findOffering(this.db, o.id))!;
      }
      if (row.drawn_at !== null && row.paid_at === null && row.payment_due <= at) {
        await this.pay(row, at);
        report.paid++;
        row = (await repo.findOffering(this.db, o.id))!;
      }
      if (row.paid_at !== null && row.listed_at === null && row.listing_at <= at) {
        await this.list_(row, at);
        report.listed++;
      }
    }
    return report;
  }

  /** Window closed: the issue price from demand; each reserve shrinks to lots × issue price. */
  private async price(o: repo.OfferingRow, at: number): Promise<void> {
    if (o.final_price === null) {
      const live = await repo.liveApplications(this.db, o.id);
      const applied = live.reduce((s, a) => s + a.lots, 0);
      await repo.setOffering(this.db, o.id, { final_price: issuePrice(o.price_low, o.price_high, applied, o.shares_offered / LOT_SIZE) }, 'final_price');
    }
    const final = (await repo.findOffering(this.db, o.id))!.final_price!;
    for (const a of await repo.withStatus(this.db, o.id, 'subscribing')) {
      await this.ctx.database.db.transaction().execute(async (trx) => {
        const reserved = reserveFor(a.lots, final, o.price_scale);
        if (!(await repo.moveApplication(trx, a.id, 'subscribing', { status: 'awaiting_draw', reserve_price: final, reserved, updated_at: at }))) return;
        await this.release(trx, a, o, a.reserved - reserved, 'pricing', at);
      });
    }
    await repo.setOffering(this.db, o.id, { priced_at: at }, 'priced_at');
  }

  /** The draw (docs/decisions/014-ipo-draw.md); losers' and the unwon part of partial winners' reserves return. */
  private async drawNow(o: repo.OfferingRow, at: number): Promise<void> {
    const live = await repo.liveApplications(this.db, o.id);
    // kabuto-draw-v2: the applications by their entry ids (recorded with drawn_at below).
    const result = runDraw({ seed: o.seed, kind: o.kind as DrawKind, units: o.shares_offered / LOT_SIZE, applications: live.map((a) => ({ id: entryId(o.id, a.id), units: a.lots })) });
    const wonOf = new Map(result.won.map((w) => [w.id, w.units]));
    const final = o.final_price!;
    for (const a of live) {
      if (a.status !== 'awaiting_draw') continue;
      const won = wonOf.get(entryId(o.id, a.id)) ?? 0;
      await this.ctx.database.db.transaction().execute(async (trx) => {
        const reserved = reserveFor(won, final, o.price_scale);
        const status = won > 0 ? 'won' : 'not_won';
        if (!(await repo.moveApplication(trx, a.id, 'awaiting_draw', { status, won_lots: won, reserved, updated_at: at }))) return;
        await this.release(trx, a, o, a.reserved - reserved, won > 0 ? 'partial' : 'not_won', at);
        // The draw result event (won or not won): the messaging area's message, in this transaction.
        for (const l of this.drawListeners) await l(trx, { userId: a.user_id, applicationId: a.id, offeringId: o.id, code: o.code, name: o.name_ja, nameEn: o.name_en, nameZhHant: o.name_zh_hant, nameKo: o.name_ko, wonLots: won, at });
      });
    }
    await repo.setOffering(this.db, o.id, { drawn_at: at, draw_algorithm: DRAW_ALGORITHM }, 'drawn_at');
    this.logger?.info({ offering: o.id, code: o.code, numbersUsed: result.numbersUsed }, 'ipo draw');
  }

  /** Payment due: purchased allotments are paid (frozen → margin); unpurchased wins lapse (frozen → cash). */
  private async pay(o: repo.OfferingRow, at: number): Promise<void> {
    const final = o.final_price!;
    for (const a of await repo.withStatus(this.db, o.id, 'payment_pending')) {
      await this.ctx.database.db.transaction().execute(async (trx) => {
        const wallet = await lockWallet(trx, this.ctx.database.caps, a.user_id, CURRENCY);
        if (!(await repo.moveApplication(trx, a.id, 'payment_pending', { status: 'payment_made', reserved: 0, updated_at: at }))) return;
        const shares = (a.won_lots ?? 0) * LOT_SIZE;
        const principal = reserveFor(a.won_lots ?? 0, final, o.price_scale);
        // The reserve covers the price exactly (reserved = won lots × issue price since the draw).
        const p = new Postings(a.user_id, CURRENCY, wallet).own('frozen', -a.reserved).own('margin', principal);
        if (a.reserved > principal) p.credit('cash', a.reserved - principal);
        await this.ctx.ledger.post(trx, {
          kind: 'ipo_payment', userId: a.user_id, refType: 'ipo_application', refId: a.id,
          memo: encodeMemo({ id: 'memo_ipo_payment', params: { code: o.code, ...memoNames(o), shares, price: final, priceScale: o.price_scale } }), postings: p.list,
        });
      });
    }
    for (const a of await repo.withStatus(this.db, o.id, 'won')) {
      await this.ctx.database.db.transaction().execute(async (trx) => {
        if (!(await repo.moveApplication(trx, a.id, 'won', { status: 'payment_failed', reserved: 0, updated_at: at }))) return;
        await this.release(trx, a, o, a.reserved, 'lapsed', at);
      });
    }
    await repo.setOffering(this.db, o.id, { paid_at: at }, 'paid_at');
  }

  /** Listing: the stock trades (a new instrument for an IPO) and each paid allotment becomes a cash position. */
  private async list_(o: repo.OfferingRow, at: number): Promise<void> {
    const final = o.final_price!;
    let row = o;
    if (o.kind === 'ipo') {
      if (o.open_price === null) {
        const live = await repo.liveApplications(this.db, o.id);
        const applied = live.reduce((s, a) => s + a.lots, 0);
        await repo.setOffering(this.db, o.id, { open_price: openingPrice(final, applied, o.shares_offered / LOT_SIZE, NEW_TICK_TABLE) }, 'open_price');
      }
      row = (await repo.findOffering(this.db, o.id))!;
      this.register(row);
    }
    const cfg = await this.ctx.config.values();
    const table = this.tickTableOf(row);
    void table;
    for (const a of await repo.withStatus(this.db, o.id, 'payment_made')) {
      await this.ctx.database.db.transaction().execute(async (trx) => {
        const posId = uuidv7();
        if (!(await repo.moveApplication(trx, a.id, 'payment_made', { status: 'ended', position_id: posId, updated_at: at }))) return;
        // Paid at the payment due date (ipo_payment: frozen → margin): trade posts nothing for it.
        await this.trading.deliverAllotment(trx, {
          positionId: posId, ownerId: a.user_id, code: o.code, currency: CURRENCY, shares: (a.won_lots ?? 0) * LOT_SIZE,
          price: final, priceScale: o.price_scale, listingAt: o.listing_at, listingDate: o.listing_date,
        }, at, cfg);
      });
    }
    await repo.setOffering(this.db, o.id, { listed_at: at }, 'listed_at');
  }
}
