/**
 * Strategy funds (docs/domain.md "Strategy funds", docs/decisions/016-strategy-funds.md).
 *
 * A fund is a ledger owner `fund:<id>` with its own cash and positions. It trades only through the
 * trading service (the same orders, fills, fees, tax and settlement as a customer's), as a
 * non-login principal whose users row exists so its positions can be stored. Each trading day:
 *  - during the continuous session, once: the rule turns past closes into target weights and the
 *    fund sells (whole positions, oldest first) and buys (market orders, whole lots) toward them;
 *  - after the close (15:30): the NAV strike — the management fee is taken (in units, at each
 *    holding's own rate), NAV = (cash + positions at the close − accrued fees) × 10,000 ÷ units,
 *    then redemptions are paid and reserved subscriptions become units at that NAV.
 */
import { uuidv7 } from 'uuidv7';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { AuthUser } from '../../auth/principal';
import type { AuditLog } from '../../platform/audit';
import type { MarketDataSource } from '../../market';
import { lockCash, moneyCommand, Postings, type Ledger } from '../../ledger';
import { conflict, invalid, notFound, ruleBroken } from '../../errors';
import type { AccountService } from '../account';
import type { Holdings } from '../module';
import type { TradingService } from '../trade';
import {
  addDays, dayNumber, isContinuousTrading, isTradingDay, jstDate, jstMs, LOT_SIZE, prevTradingDay, sessionAt, type IsoDate,
} from '../../../shared/market';
import { contractValue } from '../../../shared/domain/trade-money';
import { encodeMemo, type EntryKind, type Memo } from '../../../shared/domain/ledger-kinds';
import {
  NAV_START, type createStrategyBody, type StrategyDetail, type StrategyHolding, type StrategyHoldingStatus, type StrategyKind,
  type StrategyRule, type StrategyStatus, type StrategySummary,
} from '../../../shared/api/strategies';
import { DEFAULT_FUNDS, type FundDefinition } from './defaults';
import {
  bpOf, cashBufferBp, costOf, feeUnitsFor, investedWeights, minInvestable, navOf, payoutOf, ruleCodes, sharesToSell, shareOut, targetShares,
  targetWeights, unitsFor, winRate, type Params, type Prices, type Weights,
} from './rules';
import * as repo from './repo';
import { withStrategyTables, type FundRow, type HoldingRow, type NavRow, type SDB } from './tables';

type Trx = Transaction<DB>;
const JPY = 'JPY' as const;
const HELD = ['holding', 'in_progress', 'closing'] as const;
/** The strike's instant on a trading day: the closing auction's match (docs/tse-rules.md). */
const strikeAt = (d: IsoDate) => jstMs(d, 15, 30);

export const fundOwner = (id: string) => `fund:${id}`;

export interface StrategyReport {
  rebalanced: number;
  orders: number;
  struck: number;
  subscribed: number;
  redeemed: number;
  terminated: number;
  errors: number;
}

export class StrategyService {
  private defaultsReady = false;

  constructor(
    private readonly database: Database,
    /** The market clock: fund trading and strikes follow the market's day. */
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly audit: AuditLog,
    private readonly accounts: AccountService,
    private readonly trading: TradingService,
    private readonly market: MarketDataSource,
    private readonly logger: Logger,
  ) {}

  private get db(): SDB {
    return withStrategyTables(this.database.db);
  }

  // ---------------------------------------------------------------- funds

  /**
   * Creates the default funds once (empty: no seed capital, history from today). Each fund's
   * owner row in `users` lets the trading engine store its positions; it cannot sign in (no
   * phone number, an unusable password hash).
   */
  async ensureDefaults(): Promise<void> {
    if (this.defaultsReady) return;
    const now = this.clock.now();
    const existing = new Set((await this.db.selectFrom('strategy_fund').select('id').execute()).map((r) => r.id));
    for (const def of DEFAULT_FUNDS) {
      if (existing.has(def.id)) continue;
      // Another instance may be creating the same default fund right now: the first one wins.
      await this.ledger.transact(async (trx) => {
        await this.insertFund(trx, def, now, { ifAbsent: true });
      });
    }
    this.defaultsReady = true;
  }

  private async insertFund(trx: Trx, def: FundDefinition & { followUntil?: string | null }, now: number, opts: { ifAbsent?: boolean } = {}): Promise<FundRow> {
    const today = jstDate(now);
    const owner = fundOwner(def.id);
    await trx
      .insertInto('users')
      .values({
        id: owner, phone: owner, password_hash: '!', invite_code: owner.toUpperCase(), state: 'active', is_admin: 0, created_at: now, updated_at: now,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row: FundRow = {
      id: def.id, kind: def.kind, name: def.name, rule: def.rule, params_json: JSON.stringify(def.params), model: def.model,
      status: 'active', min_amount: def.minAmount, lock_days: def.lockDays, fee_bp: def.feeBp,
      follow_until: def.followUntil ?? (def.followDays !== null ? addDays(today, def.followDays) : null),
      started_on: today, units: 0, fee_accrued: 0, rebalanced_on: null, ended_on: null, created_at: now, updated_at: now,
    };
    const insert = withStrategyTables(trx).insertInto('strategy_fund').values(row);
    await (opts.ifAbsent ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
    return row;
  }

  private async fund(id: string, db: SDB = this.db): Promise<FundRow> {
    const row = await db.selectFrom('strategy_fund').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('strategy_not_found');
    return row;
  }

  private async lockFund(trx: Trx, id: string): Promise<FundRow> {
    let q = withStrategyTables(trx).selectFrom('strategy_fund').selectAll().where('id', '=', id);
    if (this.database.caps.rowLocks) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) throw notFound('strategy_not_found');
    return row;
  }

  /** Reads change nothing: the default funds are created by the first job run (or a first subscription to one). */
  async list(kind?: StrategyKind): Promise<{ items: StrategySummary[] }> {
    let q = this.db.selectFrom('strategy_fund').selectAll().where('status', '!=', 'terminated').orderBy('created_at').orderBy('id');
    if (kind) q = q.where('kind', '=', kind);
    const rows = await q.execute();
    return { items: await Promise.all(rows.map((r) => this.summary(r))) };
  }

  async adminList(): Promise<{ items: StrategySummary[] }> {
    const rows = await this.db.selectFrom('strategy_fund').selectAll().orderBy('created_at').orderBy('id').execute();
    return { items: await Promise.all(rows.map((r) => this.summary(r))) };
  }

  private async navRows(fundId: string): Promise<NavRow[]> {
    return this.db.selectFrom('strategy_nav').selectAll().where('fund_id', '=', fundId).orderBy('date').execute();
  }

  /** Every figure from the NAV rows, the holdings register and the fund's closed positions. */
  private async summary(f: FundRow, navs?: NavRow[]): Promise<StrategySummary> {
    const rows = navs ?? (await this.navRows(f.id));
    const last = rows.at(-1);
    const prev = rows.at(-2);
    const nav = last?.nav ?? NAV_START;
    const closed = await this.db
      .selectFrom('trade_position')
      .select(['pnl', 'open_fee', 'close_fee', 'interest', 'tax'])
      .where('user_id', '=', fundOwner(f.id))
      .where('status', 'in', ['closed', 'ended'])
      .execute();
    const results = closed.map((r) => (r.pnl ?? 0) - r.open_fee - r.close_fee - r.interest - r.tax);
    const follow = await this.db
      .selectFrom('strategy_holding')
      .select(['amount', 'payout', 'status'])
      .where('fund_id', '=', f.id)
      .where('subscribed_on', 'is not', null)
      .execute();
    const ended = follow.filter((h) => (h.status === 'redeemed' || h.status === 'terminated') && h.payout !== null);
    const paidIn = ended.reduce((a, h) => a + h.amount, 0);
    const paidOut = ended.reduce((a, h) => a + (h.payout ?? 0), 0);
    return {
      id: f.id, kind: f.kind as StrategyKind, name: f.name, rule: f.rule as StrategyRule, params: JSON.parse(f.params_json) as Params,
      model: f.model, status: f.status as StrategyStatus, minAmount: f.min_amount, lockDays: f.lock_days, feeBp: f.fee_bp,
      followUntil: f.follow_until, startedOn: f.started_on, nav, navDate: last?.date ?? null,
      aum: last ? last.cash + last.positions_value - last.fee_accrued : 0,
      units: f.units,
      winRate: winRate(results),
      followAmount: follow.reduce((a, h) => a + h.amount, 0),
      dailyProfit: last && prev ? last.nav - prev.nav : null,
      dailyProfitBp: last && prev ? bpOf(last.nav - prev.nav, prev.nav) : null,
      totalProfit: nav - NAV_START,
      totalProfitBp: bpOf(nav - NAV_START, NAV_START) ?? 0,
      maturityReturnBp: ended.length ? bpOf(paidOut - paidIn, paidIn) : null,
      maturityCount: ended.length,
      ...(await this.investableTerms(this.db, f, this.clock.now())),
    };
  }

  async detail(id: string): Promise<StrategyDetail> {
    const f = await this.fund(id);
    const navs = await this.navRows(id);
    const owner = fundOwner(id);
    const held = await this.db.selectFrom('trade_position').selectAll().where('user_id', '=', owner).where('status', 'in', HELD).execute();
    const now = this.clock.now();
    const byCode = new Map<string, { shares: number; scale: number }>();
    for (const p of held) {
      const e = byCode.get(p.code) ?? { shares: 0, scale: p.price_scale };
      e.shares += p.quantity;
      byCode.set(p.code, e);
    }
    const holdings = [...byCode].map(([code, e]) => {
      const price = this.priceNow(code, now);
      return { code, name: this.market.instrument(code)?.nameJa ?? code, shares: e.shares, price, priceScale: e.scale, value: contractValue(price, e.shares, e.scale) };
    });
    const positions = await this.db
      .selectFrom('trade_position')
      .selectAll()
      .where('user_id', '=', owner)
      .where('buy_time', 'is not', null)
      .orderBy('buy_time', 'desc')
      .limit(40)
      .execute();
    const trades: StrategyDetail['trades'] = [];
    for (const p of positions) {
      const name = this.market.instrument(p.code)?.nameJa ?? p.code;
      trades.push({ at: p.buy_time!, code: p.code, name, side: 'buy', shares: p.quantity, price: p.buy_price!, priceScale: p.price_scale, pnl: null });
      if (p.sell_time !== null && p.sell_price !== null) {
        const pnl = (p.pnl ?? 0) - p.open_fee - p.close_fee - p.interest - p.tax;
        trades.push({ at: p.sell_time, code: p.code, name, side: 'sell', shares: p.quantity, price: p.sell_price, priceScale: p.price_scale, pnl });
      }
    }
    trades.sort((a, b) => b.at - a.at);
    return {
      fund: await this.summary(f, navs),
      history: navs.map((n) => ({
        date: n.date, nav: n.nav, netAssets: n.cash + n.positions_value - n.fee_accrued, cash: n.cash, positionsValue: n.positions_value,
        feeAccrued: n.fee_accrued, units: n.units, fee: n.fee,
      })),
      holdings,
      trades: trades.slice(0, 40),
    };
  }

  private priceNow(code: string, at: number): number {
    try {
      return this.market.quote(code, at).price;
    } catch {
      return 0;
    }
  }

  /** Prices at `at` of the stocks among `codes` (an index, or a code without a quote, is left out). */
  private pricesAt(codes: Iterable<string>, at: number): Map<string, { price: number; scale: number }> {
    const prices = new Map<string, { price: number; scale: number }>();
    for (const c of codes) {
      const inst = this.market.instrument(c);
      if (!inst || inst.kind !== 'stock') continue;
      const price = this.priceNow(c, at);
      if (price > 0) prices.set(c, { price, scale: inst.priceScale });
    }
    return prices;
  }

  // ---------------------------------------------------------------- what a fund can invest

  /** The fund's minimum investable size at the prices of `at` (rules.ts minInvestable). */
  private minInvestableOf(f: FundRow, at: number): number {
    const params = JSON.parse(f.params_json) as Params;
    const prices: Prices = this.pricesAt(ruleCodes(params), at);
    return minInvestable(investedWeights(f.rule as StrategyRule, params, prices), prices, cashBufferBp(params));
  }

  /**
   * The net assets the fund will invest once what was asked is struck: its money and its shares at
   * `at`, less accrued fees, plus reserved subscriptions, less asked redemptions at the last NAV.
   */
  private async assetsAhead(db: SDB, f: FundRow, at: number): Promise<number> {
    const { money, held } = await this.fundBook(db, f.id);
    let value = 0;
    for (const p of held) value += contractValue(this.priceNow(p.code, at), p.quantity, p.price_scale);
    const nav = (await this.latestNav(f.id, db))?.nav ?? NAV_START;
    const leaving = (await repo.redeemingUnits(db, f.id)).reduce((a, u) => a + payoutOf(u, nav), 0);
    const coming = await repo.pendingAmount(db, f.id);
    return money.cash + money.frozen + money.unsettled + money.shortfall + value - f.fee_accrued + coming - leaving;
  }

  /** The least a subscription may be now: the fund's minimum amount, or what brings the fund to its minimum investable size. */
  private async investableTerms(db: SDB, f: FundRow, at: number): Promise<{ minInvestable: number; minSubscription: number }> {
    const min = this.minInvestableOf(f, at);
    return { minInvestable: min, minSubscription: Math.max(f.min_amount, min - (await this.assetsAhead(db, f, at))) };
  }

  // ---------------------------------------------------------------- holdings

  private holdingView(h: HoldingRow, f: Pick<FundRow, 'name' | 'kind'>, nav: number, today: IsoDate): StrategyHolding {
    const ended = h.status === 'redeemed' || h.status === 'terminated';
    return {
      id: h.id, fundId: h.fund_id, fundName: f.name, kind: f.kind as StrategyKind, status: h.status as StrategyHoldingStatus,
      amount: h.amount, units: h.units, feeBp: h.fee_bp, requestedAt: h.requested_at, subscribedOn: h.subscribed_on,
      strikeNav: h.strike_nav, lockedUntil: h.locked_until,
      value: ended ? (h.payout ?? 0) : h.status === 'pending' ? h.amount : payoutOf(h.units, nav),
      nav, payout: h.payout, endedOn: h.ended_on,
      redeemable: h.status === 'holding' && h.locked_until !== null && today >= h.locked_until,
    };
  }

  async holdings(userId: string): Promise<{ items: StrategyHolding[] }> {
    const rows = await this.db.selectFrom('strategy_holding').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(200).execute();
    const funds = new Map<string, FundRow>();
    const navs = new Map<string, number>();
    for (const id of new Set(rows.map((r) => r.fund_id))) {
      funds.set(id, await this.fund(id));
      navs.set(id, (await this.latestNav(id))?.nav ?? NAV_START);
    }
    const today = jstDate(this.clock.now());
    return { items: rows.map((h) => this.holdingView(h, funds.get(h.fund_id)!, navs.get(h.fund_id)!, today)) };
  }

  /**
   * What the user's units add to `funds/summary`. Units are outside the user's ledger (the money
   * is the fund's), so their whole value at the latest NAV is what total assets lack: it is given
   * as the gross figure total assets add to the ledger equity. Pending subscriptions are still the
   * user's frozen money in the ledger and add nothing here.
   */
  async holdingsOf(userId: string): Promise<Holdings> {
    const rows = await this.db.selectFrom('strategy_holding').selectAll().where('user_id', '=', userId).where('status', '!=', 'pending').execute();
    const out: Holdings = { marketValue: 0, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl: 0 };
    const navs = new Map<string, number>();
    for (const h of rows) {
      if (h.status === 'redeemed' || h.status === 'terminated') {
        out.realizedPnl += (h.payout ?? 0) - h.amount;
        continue;
      }
      if (!navs.has(h.fund_id)) navs.set(h.fund_id, (await this.latestNav(h.fund_id))?.nav ?? NAV_START);
      const value = payoutOf(h.units, navs.get(h.fund_id)!);
      out.marketValue += value;
      out.unrealizedGrossPnl += value;
      out.unrealizedPnl += value - h.amount;
    }
    return out;
  }

  /**
   * The units' value at the end of each given day (funds/history's past points): holdings struck on
   * or before the day and not yet paid out by its end, at their fund's NAV of that day (the last
   * strike on or before it). Past days use the units held now: the fee units taken since (a few
   * hundredths of a percent a month) are not added back.
   */
  async dayEndValues(userId: string, days: readonly IsoDate[]): Promise<number[]> {
    const out = days.map(() => 0);
    if (!days.length) return out;
    const rows = await this.db
      .selectFrom('strategy_holding')
      .select(['fund_id', 'units', 'subscribed_on', 'ended_on'])
      .where('user_id', '=', userId)
      .where('subscribed_on', 'is not', null)
      .execute();
    const navs = new Map<string, NavRow[]>();
    for (const id of new Set(rows.map((r) => r.fund_id))) navs.set(id, await this.navRows(id));
    days.forEach((day, i) => {
      for (const h of rows) {
        if (h.subscribed_on! > day || (h.ended_on !== null && h.ended_on <= day)) continue;
        const nav = navs.get(h.fund_id)!.filter((n) => n.date <= day).at(-1)?.nav;
        if (nav !== undefined) out[i]! += payoutOf(h.units, nav);
      }
    });
    return out;
  }

  private latestNav(fundId: string, db: SDB = this.db): Promise<NavRow | undefined> {
    return db.selectFrom('strategy_nav').selectAll().where('fund_id', '=', fundId).orderBy('date', 'desc').limit(1).executeTakeFirst();
  }

  /** Reserves `amount` (user cash → frozen) until the next NAV strike (docs/domain.md "Strategy funds"). */
  subscribe(user: AuthUser, fundId: string, amount: number, key: string): Promise<StrategyHolding> {
    return moneyCommand(this.ledger, {
      scope: user.id, key, op: 'strategies.subscribe', request: { fundId, amount }, clock: this.clock,
      guard: async () => {
        this.accounts.assertCanTrade(user);
        // A default fund exists before anyone can subscribe to it, even before the first job run.
        if (DEFAULT_FUNDS.some((d) => d.id === fundId)) await this.ensureDefaults();
      },
      run: async ({ trx, now }) => {
        await lockCash(trx, this.database.caps, user.id, JPY);
        const f = await this.fund(fundId, withStrategyTables(trx));
        const today = jstDate(now);
        if (f.status !== 'active') throw ruleBroken('strategy_not_open');
        if (f.follow_until !== null && today > f.follow_until) throw ruleBroken('follow_time_exceeded', { date: f.follow_until });
        if (amount < f.min_amount) throw ruleBroken('strategy_below_minimum', { amount: f.min_amount });
        // A fund takes only money its rule can invest: after this subscription it must reach its
        // minimum investable size (one lot of each name at its weight), else nothing changes.
        const terms = await this.investableTerms(withStrategyTables(trx), f, now);
        if (amount < terms.minSubscription) {
          throw ruleBroken('strategy_below_investable', { amount: terms.minSubscription, min: terms.minInvestable, currency: JPY });
        }
        const h: HoldingRow = {
          id: uuidv7(), fund_id: f.id, user_id: user.id, status: 'pending', amount, units: 0, fee_bp: f.fee_bp, fee_carry: 0, requested_at: now,
          subscribed_on: null, strike_nav: null, locked_until: null, redeem_requested_at: null, payout: null, ended_on: null, updated_at: now,
        };
        await withStrategyTables(trx).insertInto('strategy_holding').values(h).execute();
        // Settled cash only (never unsettled proceeds): the ledger refuses an overdraft (balance_insufficient).
        const p = new Postings(user.id, JPY).own('cash', -amount).own('frozen', amount);
        await this.post(trx, 'strategy_subscribe', user.id, h.id, { id: 'memo_strategy_subscribe', params: { fund: f.name, amount } }, p);
        const nav = (await this.latestNav(f.id, withStrategyTables(trx)))?.nav ?? NAV_START;
        return this.holdingView(h, f, nav, today);
      },
    });
  }

  /** Asks to redeem a whole holding after its lock: paid at the next NAV strike. */
  redeem(user: AuthUser, holdingId: string, key: string): Promise<StrategyHolding> {
    return moneyCommand(this.ledger, {
      scope: user.id, key, op: 'strategies.redeem', request: { holdingId }, clock: this.clock,
      guard: () => this.accounts.assertCanClose(user),
      // No money moves here (the payout is posted at the strike), so the user's cash is not locked:
      // the strike locks a holding row before its holder's cash, and this takes only the holding row.
      run: async ({ trx, now }) => {
        const sdb = withStrategyTables(trx);
        const h = await sdb.selectFrom('strategy_holding').selectAll().where('id', '=', holdingId).where('user_id', '=', user.id).executeTakeFirst();
        if (!h) throw notFound('strategy_not_found');
        const today = jstDate(now);
        if (h.status !== 'holding') throw conflict('strategy_holding_state_invalid', { status: h.status });
        if (h.locked_until !== null && today < h.locked_until) throw ruleBroken('strategy_locked', { date: h.locked_until });
        const res = await sdb
          .updateTable('strategy_holding')
          .set({ status: 'redeeming', redeem_requested_at: now, updated_at: now })
          .where('id', '=', h.id)
          .where('status', '=', 'holding')
          .executeTakeFirst();
        if (res.numUpdatedRows !== 1n) throw conflict('strategy_holding_state_invalid', { status: h.status });
        const f = await this.fund(h.fund_id, sdb);
        const nav = (await this.latestNav(f.id, sdb))?.nav ?? NAV_START;
        return this.holdingView({ ...h, status: 'redeeming', redeem_requested_at: now, updated_at: now }, f, nav, today);
      },
    });
  }

  private async post(trx: Trx, kind: EntryKind, userId: string, refId: string, memo: Memo, p: Postings): Promise<void> {
    await this.ledger.post(trx, { kind, userId, refType: 'strategy', refId, memo: encodeMemo(memo), postings: p.list });
  }

  // ---------------------------------------------------------------- admin

  async create(admin: AuthUser, body: z.infer<typeof createStrategyBody>): Promise<StrategySummary> {
    if ((body.kind === 'follow') !== (body.rule === 'follow_model')) throw invalid('invalid_request', { field: 'rule' });
    if (body.kind === 'follow' && (!body.model || !body.followUntil)) throw invalid('invalid_request', { field: body.model ? 'followUntil' : 'model' });
    const def = DEFAULT_FUNDS.find((d) => d.rule === body.rule)!;
    const params = body.params ?? def.params;
    const now = this.clock.now();
    const row = await this.ledger.transact(async (trx) => {
      const exists = await withStrategyTables(trx).selectFrom('strategy_fund').select('id').where('id', '=', body.id).executeTakeFirst();
      if (exists) throw conflict('invalid_request', { field: 'id' });
      const r = await this.insertFund(
        trx,
        {
          id: body.id, kind: body.kind, name: body.name, rule: body.rule, params, model: body.model ?? null, minAmount: body.minAmount,
          lockDays: body.lockDays, feeBp: body.feeBp, followDays: null, followUntil: body.followUntil ?? null,
        },
        now,
      );
      await this.audit.record(trx, { adminId: admin.id, action: 'strategy.create', target: r.id, reason: body.reason, detail: { ...body, params } });
      return r;
    });
    return this.summary(row);
  }

  async pause(admin: AuthUser, id: string, paused: boolean, reason: string): Promise<StrategySummary> {
    const row = await this.ledger.transact(async (trx) => {
      const f = await this.lockFund(trx, id);
      const from = paused ? 'active' : 'paused';
      if (f.status !== from) throw conflict('order_state_invalid', { status: f.status });
      const to = paused ? 'paused' : 'active';
      await withStrategyTables(trx).updateTable('strategy_fund').set({ status: to, updated_at: this.clock.now() }).where('id', '=', id).execute();
      await this.audit.record(trx, { adminId: admin.id, action: paused ? 'strategy.pause' : 'strategy.resume', target: id, reason, detail: { from, to } });
      return { ...f, status: to };
    });
    return this.summary(row);
  }

  /** Termination: the fund sells everything at the next session and pays every holder at the final NAV. */
  async terminate(admin: AuthUser, id: string, reason: string): Promise<StrategySummary> {
    const row = await this.ledger.transact(async (trx) => {
      const f = await this.lockFund(trx, id);
      if (f.status === 'terminating' || f.status === 'terminated') throw conflict('order_state_invalid', { status: f.status });
      await withStrategyTables(trx).updateTable('strategy_fund').set({ status: 'terminating', updated_at: this.clock.now() }).where('id', '=', id).execute();
      await this.audit.record(trx, { adminId: admin.id, action: 'strategy.terminate', target: id, reason, detail: { from: f.status } });
      return { ...f, status: 'terminating' };
    });
    return this.summary(row);
  }

  /** A new fee applies to new subscriptions only: each holding keeps the rate it subscribed at. */
  async setFee(admin: AuthUser, id: string, feeBp: number, reason: string): Promise<StrategySummary> {
    const row = await this.ledger.transact(async (trx) => {
      const f = await this.lockFund(trx, id);
      if (f.status === 'terminating' || f.status === 'terminated') throw conflict('order_state_invalid', { status: f.status });
      await withStrategyTables(trx).updateTable('strategy_fund').set({ fee_bp: feeBp, updated_at: this.clock.now() }).where('id', '=', id).execute();
      await this.audit.record(trx, { adminId: admin.id, action: 'strategy.fee', target: id, reason, detail: { from: f.fee_bp, to: feeBp } });
      return { ...f, fee_bp: feeBp };
    });
    return this.summary(row);
  }

  // ---------------------------------------------------------------- the daily work

  async run(now: number): Promise<StrategyReport> {
    await this.ensureDefaults();
    const report: StrategyReport = { rebalanced: 0, orders: 0, struck: 0, subscribed: 0, redeemed: 0, terminated: 0, errors: 0 };
    const funds = await this.db.selectFrom('strategy_fund').selectAll().where('status', '!=', 'terminated').orderBy('id').execute();
    const today = jstDate(now);
    const trading = isTradingDay(today) && isContinuousTrading(sessionAt(now));
    for (const f of funds) {
      try {
        if (trading && (f.status === 'active' || f.status === 'terminating') && (f.rebalanced_on === null || f.rebalanced_on < today)) {
          report.orders += await this.rebalance(f, now);
          report.rebalanced++;
        }
        const day = strikeDay(now);
        const last = await this.latestNav(f.id);
        if (day >= f.started_on && (!last || last.date < day)) {
          const r = await this.strike(f.id, day, now);
          report.struck++;
          report.subscribed += r.subscribed;
          report.redeemed += r.redeemed;
          report.terminated += r.terminated ? 1 : 0;
        }
      } catch (err) {
        report.errors++;
        this.logger.warn({ err, fund: f.id }, 'strategy fund work failed');
      }
    }
    return report;
  }

  /** The fund's money in the ledger (cash, reserved, unsettled, shortfall) and its held positions. */
  private async fundBook(sdb: SDB, fundId: string) {
    const db = sdb as unknown as Kysely<DB>;
    const owner = fundOwner(fundId);
    const sheet = (await this.ledger.balances(owner, db)).JPY ?? {};
    const money = { cash: sheet.cash ?? 0, frozen: sheet.frozen ?? 0, unsettled: sheet.unsettled ?? 0, shortfall: sheet.shortfall ?? 0 };
    const held = await db.selectFrom('trade_position').selectAll().where('user_id', '=', owner).where('status', 'in', HELD).execute();
    return { money, held };
  }

  private closeOf(code: string, day: IsoDate): number {
    return this.market.dailyBars(code, day, day)[0]?.close ?? this.priceNow(code, strikeAt(day));
  }

  /** Past closes (up to the last trading day before today) of the codes a rule looks at. */
  private closes(codes: readonly string[], today: IsoDate): Map<string, number[]> {
    const out = new Map<string, number[]>();
    const to = prevTradingDay(today);
    const from = addDays(to, -60);
    for (const c of codes) {
      try {
        out.set(c, this.market.dailyBars(c, from, to).map((b) => b.close));
      } catch {
        // outside the simulated horizon or unknown: the rule sees no history for it
      }
    }
    return out;
  }

  private fundUser(fundId: string): AuthUser {
    return { id: fundOwner(fundId), phone: '', state: 'active', isAdmin: false, sessionId: `strategy:${fundId}` };
  }

  /**
   * Once per trading day in the continuous session: sell toward the targets first, then buy with
   * what the fund may invest (net assets less pending redemptions at the last NAV, accrued fees and
   * a cash buffer). Orders go through the trading service with keys made of the fund, the day and
   * the code, so a repeated run places nothing twice. Returns the number of orders placed.
   */
  private async rebalance(f: FundRow, now: number): Promise<number> {
    const today = jstDate(now);
    const params = JSON.parse(f.params_json) as Params;
    const { money, held } = await this.fundBook(this.db, f.id);
    const shares = new Map<string, number>();
    for (const p of held) shares.set(p.code, (shares.get(p.code) ?? 0) + p.quantity);
    const codesSeen = new Set<string>([...shares.keys(), ...ruleCodes(params)]);
    const prices = this.pricesAt(codesSeen, now);
    let positionsValue = 0;
    for (const [c, n] of shares) positionsValue += contractValue(prices.get(c)?.price ?? 0, n, prices.get(c)?.scale ?? 1);
    const liquid = money.cash + money.unsettled + money.frozen + money.shortfall;
    const net = liquid + positionsValue - f.fee_accrued;
    const lastNav = (await this.latestNav(f.id))?.nav ?? NAV_START;
    const redeeming = await repo.redeemingUnits(this.db, f.id);
    const owed = redeeming.reduce((a, u) => a + payoutOf(u, lastNav), 0) + f.fee_accrued;
    const buffer = Math.floor((net * cashBufferBp(params)) / 10_000);
    const investable = Math.max(0, net - owed - buffer);
    // Every unit leaving and nobody coming in: nobody stays to own shares, so the fund sells them
    // all and the last redemption takes everything that is left (strike, payFlows).
    const everyoneLeaves = f.units > 0 && redeeming.reduce((a, u) => a + u, 0) === f.units && (await repo.pendingAmount(this.db, f.id)) === 0;

    let weights: Weights | null;
    if (f.status === 'terminating' || everyoneLeaves) weights = new Map();
    else {
      weights = targetWeights({ rule: f.rule as StrategyRule, params, closes: this.closes([...codesSeen], today), invested: shares.size > 0 });
      // Keep what is held (no signal) unless money is owed: then scale the holdings down to what may be invested.
      if (weights === null && owed > money.cash + money.unsettled && positionsValue > 0) {
        weights = new Map([...shares].map(([c, n]) => [c, Math.floor((contractValue(prices.get(c)?.price ?? 0, n, prices.get(c)?.scale ?? 1) * 10_000) / positionsValue)]));
      }
    }
    const fundUser = this.fundUser(f.id);
    let orders = 0;
    if (weights !== null) {
      const targets = targetShares(investable, weights, prices);
      for (const [code, have] of shares) {
        const target = targets.get(code) ?? 0;
        if (have <= target) continue;
        const steps = (await this.trading.sellable(fundUser.id, code)).steps;
        const n = sharesToSell(have, target, steps);
        if (n <= 0) continue;
        await this.safely(f, code, () => this.trading.sell(fundUser, { code, shares: n, type: 'market', validity: 'day' }, `strategy:${f.id}:${today}:sell:${code}`));
        shares.set(code, have - n);
        orders++;
      }
      const cashLeft = (await this.fundBook(this.db, f.id)).money;
      let spendable = cashLeft.cash + cashLeft.unsettled - owed - buffer;
      for (const [code, target] of [...targets].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const have = shares.get(code) ?? 0;
        const q = prices.get(code);
        if (target <= have || !q) continue;
        const lotYen = Math.ceil((q.price * LOT_SIZE) / q.scale);
        const lots = Math.min((target - have) / LOT_SIZE, Math.floor(spendable / lotYen));
        if (lots <= 0) continue;
        const ok = await this.safely(f, code, () =>
          this.trading.place(
            fundUser,
            { code, direction: 'up', type: 'market', lots, leverage: 1, dayTrade: false, validity: 'day' },
            `strategy:${f.id}:${today}:buy:${code}`,
          ),
        );
        if (ok) {
          spendable -= lots * lotYen;
          orders++;
        }
      }
    }
    await this.db.updateTable('strategy_fund').set({ rebalanced_on: today, updated_at: now }).where('id', '=', f.id).execute();
    return orders;
  }

  /** One order of the fund; a refusal (price limit, no quote…) is logged and the rest goes on. */
  private async safely(f: FundRow, code: string, fn: () => Promise<unknown>): Promise<boolean> {
    try {
      await fn();
      return true;
    } catch (err) {
      this.logger.warn({ err, fund: f.id, code }, 'strategy fund order refused');
      return false;
    }
  }

  /**
   * The NAV strike of `day` (after its close), in one transaction with the fund row locked:
   *  1. net before fee = cash + reserved + unsettled + shortfall + Σ shares × close − accrued fees;
   *  2. the fee (takeFee): each holding's units for the calendar days since the last strike;
   *  3. NAV = floor(net × 10,000 ÷ units), recorded with the figures it came from;
   *  4. the flows at this NAV (payFlows).
   */
  private async strike(fundId: string, day: IsoDate, now: number) {
    return this.ledger.transact(async (trx) => {
      const sdb = withStrategyTables(trx);
      const f = await this.lockFund(trx, fundId);
      const done = await sdb.selectFrom('strategy_nav').select('date').where('fund_id', '=', fundId).where('date', '>=', day).executeTakeFirst();
      if (done || f.status === 'terminated') return { subscribed: 0, redeemed: 0, terminated: false };
      const { money, held } = await this.fundBook(sdb, fundId);
      let positionsValue = 0;
      for (const p of held) positionsValue += contractValue(this.closeOf(p.code, day), p.quantity, p.price_scale);
      const last = await this.latestNav(fundId, sdb);
      const active = await sdb
        .selectFrom('strategy_holding')
        .selectAll()
        .where('fund_id', '=', fundId)
        .where('status', 'in', ['holding', 'redeeming'])
        .orderBy('id')
        .execute();
      const fee = await this.takeFee(trx, { f, day, now, money, positionsValue, active, lastNav: last });
      const liquid = money.cash + money.frozen + money.unsettled + money.shortfall;
      const nav = navOf(liquid + positionsValue - fee.accrued, fee.units, last?.nav ?? NAV_START);
      const navRow: NavRow = {
        fund_id: fundId, date: day, nav, units: fee.units, cash: liquid, positions_value: positionsValue, fee_accrued: fee.accrued, fee: fee.yen,
        subscribed: 0, redeemed: 0, created_at: now,
      };
      const strike: Strike = { trx, f, day, now, money, navRow, units: fee.units, held: held.length, active };
      const out = await this.payFlows(strike);
      await sdb.insertInto('strategy_nav').values(navRow).execute();
      await sdb.updateTable('strategy_fund').set({ units: strike.units, fee_accrued: fee.accrued, updated_at: now }).where('id', '=', fundId).execute();
      return out;
    });
  }

  /**
   * Step 2 of the strike: each holding gives up its fee units for the calendar days since the last
   * strike, at its own rate, on the share of the fund in shares (rules.ts feeUnitsFor: cash is
   * never charged); their value at the pre-fee NAV is owed to the house and paid from the fund's
   * cash as far as it goes (the rest stays accrued). Updates `money` and the holdings in place.
   */
  private async takeFee(trx: Trx, s: Omit<Strike, 'trx' | 'navRow' | 'held' | 'units'> & { positionsValue: number; lastNav?: NavRow }) {
    const { f, money, active } = s;
    if (f.units <= 0) return { units: f.units, yen: 0, accrued: f.fee_accrued };
    const gross = money.cash + money.frozen + money.unsettled + money.shortfall + s.positionsValue - f.fee_accrued;
    const days = s.lastNav ? dayNumber(s.day) - dayNumber(s.lastNav.date as IsoDate) : 0;
    let feeUnits = 0;
    for (const h of active) {
      const fee = feeUnitsFor({ units: h.units, feeBp: h.fee_bp, carry: h.fee_carry }, days, { part: s.positionsValue, whole: gross });
      if (fee.units === 0 && fee.carry === h.fee_carry) continue;
      feeUnits += fee.units;
      h.units -= fee.units;
      h.fee_carry = fee.carry;
      await repo.setHoldingFee(withStrategyTables(trx), h.id, h.units, h.fee_carry, s.now);
    }
    const yen = payoutOf(feeUnits, navOf(gross, f.units, s.lastNav?.nav ?? NAV_START));
    const payable = Math.min(f.fee_accrued + yen, Math.max(0, money.cash) + Math.max(0, money.unsettled));
    if (payable > 0) {
      const owner = fundOwner(f.id);
      const p = new Postings(owner, JPY, money);
      const fromUnsettled = p.spend(payable);
      p.house('fee_income', payable);
      await this.post(trx, 'strategy_fee', owner, f.id, { id: 'memo_strategy_fee', params: { fund: f.name, date: s.day, units: feeUnits } }, p);
      money.unsettled -= fromUnsettled;
      money.cash -= payable - fromUnsettled;
    }
    return { units: f.units - feeUnits, yen, accrued: f.fee_accrued + yen - payable };
  }

  /**
   * Step 4 of the strike, at its NAV. A terminating fund with nothing left in the market pays every
   * holder all that is left and returns reserved subscriptions; so does the last redemption (every
   * holding leaves, nobody comes in) once the fund has sold everything: nothing stays behind that
   * nobody owns. Otherwise redemptions asked before the close are paid (when the fund's cash covers
   * them: else they wait for the next strike, the fund sells meanwhile) and subscriptions asked
   * before the close become units at this NAV.
   */
  private async payFlows(s: Strike) {
    const out = { subscribed: 0, redeemed: 0, terminated: false };
    const cutoff = strikeAt(s.day);
    const pending = await withStrategyTables(s.trx)
      .selectFrom('strategy_holding')
      .selectAll()
      .where('fund_id', '=', s.f.id)
      .where('status', '=', 'pending')
      .where('requested_at', '<=', cutoff)
      .orderBy('id')
      .execute();
    const due = (h: HoldingRow) => h.status === 'redeeming' && h.redeem_requested_at !== null && h.redeem_requested_at <= cutoff;
    if (s.f.status === 'terminating' && s.held === 0) {
      out.redeemed = await this.payAll(s, 'terminated');
      await this.endFund(s);
      out.terminated = true;
      return out;
    }
    // An active fund sells everything for its last redemption (rebalance) and pays it the day it has;
    // a paused one does not trade, so its redemptions are paid at the NAV as before.
    const lastOut = s.f.status !== 'terminating' && s.active.length > 0 && pending.length === 0 && s.active.every(due);
    if (lastOut && (s.held === 0 || s.f.status === 'active')) {
      if (s.held === 0) out.redeemed = await this.payAll(s, 'redeemed');
      return out;
    }
    for (const h of s.active) if (due(h) && (await this.pay(s, h, 'redeemed', payoutOf(h.units, s.navRow.nav)))) out.redeemed++;
    if (s.f.status === 'terminating') return out;
    for (const h of pending) await this.strikeSubscription(s, h);
    out.subscribed = pending.length;
    return out;
  }

  /** Every holding gets its share of all that is left (rules.ts shareOut: the last takes the remaining yen). */
  private async payAll(s: Strike, status: 'redeemed' | 'terminated'): Promise<number> {
    const left = Math.max(0, s.navRow.cash - s.navRow.fee_accrued);
    const shares = shareOut(left, s.active.map((h) => h.units));
    let paid = 0;
    for (const [i, h] of s.active.entries()) if (await this.pay(s, h, status, shares[i]!)) paid++;
    return paid;
  }

  /** Pays a holding out of the fund's cash (fund → user cash) and ends it; false when the cash does not cover it. */
  private async pay(s: Strike, h: HoldingRow, status: 'redeemed' | 'terminated', payout: number): Promise<boolean> {
    const { money, navRow, f } = s;
    if (payout > money.cash + money.unsettled) return false;
    await lockCash(s.trx, this.database.caps, h.user_id, JPY);
    const owner = fundOwner(f.id);
    const p = new Postings(owner, JPY, money);
    const fromUnsettled = p.spend(payout);
    money.unsettled -= fromUnsettled;
    money.cash -= payout - fromUnsettled;
    if (payout > 0) {
      p.list.push({ owner: h.user_id, currency: JPY, kind: 'cash', amount: payout });
      const memo: Memo = { id: 'memo_strategy_redemption', params: { fund: f.name, units: h.units, nav: navRow.nav, date: s.day } };
      await this.post(s.trx, 'strategy_redemption', h.user_id, h.id, memo, p);
    }
    await withStrategyTables(s.trx)
      .updateTable('strategy_holding')
      .set({ status, payout, ended_on: s.day, updated_at: s.now })
      .where('id', '=', h.id)
      .execute();
    s.units -= h.units;
    navRow.redeemed += payout;
    return true;
  }

  /** A reserved subscription becomes units at the strike's NAV (the rest of its amount returns to the user). */
  private async strikeSubscription(s: Strike, h: HoldingRow): Promise<void> {
    const { navRow, f } = s;
    const got = unitsFor(h.amount, navRow.nav);
    const cost = costOf(got, navRow.nav);
    await lockCash(s.trx, this.database.caps, h.user_id, JPY);
    const p = new Postings(h.user_id, JPY).own('frozen', -h.amount).own('cash', h.amount - cost);
    p.list.push({ owner: fundOwner(f.id), currency: JPY, kind: 'cash', amount: cost });
    const memo: Memo = { id: 'memo_strategy_subscription', params: { fund: f.name, units: got, nav: navRow.nav, date: s.day, amount: cost } };
    await this.post(s.trx, 'strategy_subscription', h.user_id, h.id, memo, p);
    await withStrategyTables(s.trx)
      .updateTable('strategy_holding')
      .set({ status: 'holding', units: got, amount: cost, subscribed_on: s.day, strike_nav: navRow.nav, locked_until: addDays(s.day, f.lock_days), updated_at: s.now })
      .where('id', '=', h.id)
      .execute();
    s.units += got;
    navRow.subscribed += cost;
  }

  /** Termination's end: reserved subscriptions return to their users and the fund is terminated. */
  private async endFund(s: Strike): Promise<void> {
    const sdb = withStrategyTables(s.trx);
    const late = await sdb.selectFrom('strategy_holding').selectAll().where('fund_id', '=', s.f.id).where('status', '=', 'pending').execute();
    for (const h of late) {
      await lockCash(s.trx, this.database.caps, h.user_id, JPY);
      const p = new Postings(h.user_id, JPY).own('frozen', -h.amount).own('cash', h.amount);
      await this.post(s.trx, 'strategy_refund', h.user_id, h.id, { id: 'memo_strategy_refund', params: { fund: s.f.name, amount: h.amount } }, p);
      await sdb.updateTable('strategy_holding').set({ status: 'terminated', payout: h.amount, ended_on: s.day, updated_at: s.now }).where('id', '=', h.id).execute();
    }
    await sdb.updateTable('strategy_fund').set({ status: 'terminated', ended_on: s.day }).where('id', '=', s.f.id).execute();
  }
}

/** One NAV strike's state, shared by its steps (the fund's money and the NAV row change as they run). */
interface Strike {
  trx: Trx;
  f: FundRow;
  day: IsoDate;
  now: number;
  money: { cash: number; frozen: number; unsettled: number; shortfall: number };
  /** The NAV's figures, as recorded (flows add to its subscribed and redeemed). */
  navRow: NavRow;
  /** Units outstanding as the flows are applied. */
  units: number;
  /** Positions the fund still holds. */
  held: number;
  active: HoldingRow[];
}

/** The trading day whose NAV is due at `now`: today after the close, else the last trading day before. */
export function strikeDay(now: number): IsoDate {
  const today = jstDate(now);
  if (isTradingDay(today) && now >= strikeAt(today)) return today;
  return prevTradingDay(today);
}
