/**
 * Strategy funds, the customer's use cases (docs/domain.md "Strategy funds",
 * docs/decisions/016-strategy-funds.md): the funds and their figures, subscribing (cash reserved
 * until the next NAV strike) and asking to redeem (paid at a strike), the user's holdings and what
 * they add to `funds/summary` and `funds/history`. The admin's use cases are in admin.ts, the daily
 * work (rebalance, NAV strike) in jobs.ts.
 */
import { uuidv7 } from 'uuidv7';
import type { AuthUser } from '../../auth/principal';
import { lockCash, moneyCommand, Postings } from '../../ledger';
import { conflict, notFound, ruleBroken } from '../../errors';
import type { AccountService } from '../account';
import type { Holdings } from '../module';
import { contractValue } from '../../../shared/domain/trade-money';
import { jstDate, type IsoDate } from '../../../shared/market';
import type { StrategyDetail, StrategyHolding, StrategyKind, StrategySummary } from '../../../shared/api/strategies';
import { DEFAULT_FUNDS } from './defaults';
import type { StrategyCtx, StrategyFunds, Trx } from './funds';
import * as fundRepo from './fund-repo';
import * as holdingRepo from './holding-repo';
import * as navRepo from './nav-repo';
import * as positionRepo from './position-repo';
import { namesOf, priceNow } from './prices';
import { followOpen, fundOwner, payoutOf } from './rules';
import { fundMemoNames, historyView, holdingView, sharesByCode, tradesView } from './view';
import type { FundRow } from './fund-repo';
import type { HoldingRow } from './holding-repo';
import type { NavRow } from './nav-repo';

const JPY = 'JPY' as const;

export class StrategyService {
  constructor(
    private readonly ctx: StrategyCtx,
    private readonly funds: StrategyFunds,
    private readonly accounts: AccountService,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Reads change nothing: the default funds are created by the first job run (or a first subscription to one). */
  async list(kind?: StrategyKind): Promise<{ items: StrategySummary[] }> {
    const rows = await fundRepo.openFunds(this.db, kind);
    return { items: await Promise.all(rows.map((r) => this.funds.summary(r))) };
  }

  async detail(id: string): Promise<StrategyDetail> {
    const f = await this.funds.get(id);
    const navs = await navRepo.navRows(this.db, id);
    const owner = fundOwner(id);
    const held = await positionRepo.heldPositions(this.db, owner);
    const now = this.ctx.clock.now();
    const holdings = [...sharesByCode(held)].map(([code, e]) => {
      const price = priceNow(this.ctx.market, code, now);
      return { code, ...namesOf(this.ctx.market, code), shares: e.shares, price, priceScale: e.scale, value: contractValue(price, e.shares, e.scale) };
    });
    const trades = tradesView(await positionRepo.recentPositions(this.db, owner, 40), (code) => namesOf(this.ctx.market, code));
    const modelHistory = (await this.funds.tracks.of(f, jstDate(now))).points;
    return { fund: await this.funds.summary(f, navs), history: historyView(navs), modelHistory, holdings, trades: trades.slice(0, 40) };
  }

  async holdings(userId: string): Promise<{ items: StrategyHolding[] }> {
    const rows = await holdingRepo.holdingsOfUser(this.db, userId, 200);
    const funds = new Map<string, FundRow>();
    const navs = new Map<string, number>();
    for (const id of new Set(rows.map((r) => r.fund_id))) {
      funds.set(id, await this.funds.get(id));
      navs.set(id, await this.funds.navNow(id));
    }
    const today = jstDate(this.ctx.clock.now());
    return { items: rows.map((h) => holdingView(h, funds.get(h.fund_id)!, navs.get(h.fund_id)!, today)) };
  }

  /**
   * What the user's units add to `funds/summary`. Units are outside the user's ledger (the money
   * is the fund's), so their whole value at the latest NAV is what total assets lack: it is given
   * as the gross figure total assets add to the ledger equity. Pending subscriptions are still the
   * user's frozen money in the ledger and add nothing here.
   */
  async holdingsOf(userId: string): Promise<Holdings> {
    const rows = await holdingRepo.struckHoldingsOfUser(this.db, userId);
    const out: Holdings = { marketValue: 0, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl: 0 };
    const navs = new Map<string, number>();
    for (const h of rows) {
      if (h.status === 'redeemed' || h.status === 'terminated') {
        out.realizedPnl += (h.payout ?? 0) - h.amount;
        continue;
      }
      if (!navs.has(h.fund_id)) navs.set(h.fund_id, await this.funds.navNow(h.fund_id));
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
    const rows = await holdingRepo.unitsOverTime(this.db, userId);
    const navs = new Map<string, NavRow[]>();
    for (const id of new Set(rows.map((r) => r.fund_id))) navs.set(id, await navRepo.navRows(this.db, id));
    days.forEach((day, i) => {
      for (const h of rows) {
        if (h.subscribed_on! > day || (h.ended_on !== null && h.ended_on <= day)) continue;
        const nav = navs.get(h.fund_id)!.filter((n) => n.date <= day).at(-1)?.nav;
        if (nav !== undefined) out[i]! += payoutOf(h.units, nav);
      }
    });
    return out;
  }

  /** Reserves `amount` (user cash → frozen) until the next NAV strike (docs/domain.md "Strategy funds"). */
  subscribe(user: AuthUser, fundId: string, amount: number, key: string): Promise<StrategyHolding> {
    return moneyCommand(this.ctx.ledger, {
      scope: user.id, key, op: 'strategies.subscribe', request: { fundId, amount }, clock: this.ctx.clock,
      guard: async () => {
        this.accounts.assertCanTrade(user);
        // A default fund exists before anyone can subscribe to it, even before the first job run.
        if (DEFAULT_FUNDS.some((d) => d.id === fundId)) await this.funds.ensureDefaults();
      },
      run: ({ trx, now }) => this.reserve(trx, user, fundId, amount, now),
    });
  }

  private async reserve(trx: Trx, user: AuthUser, fundId: string, amount: number, now: number): Promise<StrategyHolding> {
    await lockCash(trx, this.ctx.database.caps, user.id, JPY);
    const f = await this.funds.get(fundId, trx);
    const today = jstDate(now);
    await this.assertTakes(trx, f, amount, now);
    const h = newHolding(f, user.id, amount, now);
    await holdingRepo.insertHolding(trx, h);
    // Settled cash only (never unsettled proceeds): the ledger refuses an overdraft (balance_insufficient).
    const p = new Postings(user.id, JPY).own('cash', -amount).own('frozen', amount);
    await this.funds.post(trx, 'strategy_subscribe', user.id, h.id, { id: 'memo_strategy_subscribe', params: { fund: f.name, ...fundMemoNames(f), amount } }, p);
    return holdingView(h, f, await this.funds.navNow(f.id, trx), today);
  }

  /** Whether the fund takes `amount` now: open, within its follow period, at least its minimum. */
  private async assertTakes(trx: Trx, f: FundRow, amount: number, now: number): Promise<void> {
    const today = jstDate(now);
    if (f.status !== 'active') throw ruleBroken('strategy_not_open');
    if (f.follow_until !== null && !followOpen(f.follow_until, today)) throw ruleBroken('follow_time_exceeded', { date: f.follow_until });
    if (amount < f.min_amount) throw ruleBroken('strategy_below_minimum', { amount: f.min_amount });
    // A fund takes only money its rule can invest: after this subscription it must reach its
    // minimum investable size (one lot of each name at its weight), else nothing changes.
    const terms = await this.funds.investableTerms(trx, f, now);
    if (amount < terms.minSubscription) {
      throw ruleBroken('strategy_below_investable', { amount: terms.minSubscription, min: terms.minInvestable, currency: JPY });
    }
  }

  /** Asks to redeem a whole holding after its lock: paid at the next NAV strike. */
  redeem(user: AuthUser, holdingId: string, key: string): Promise<StrategyHolding> {
    return moneyCommand(this.ctx.ledger, {
      scope: user.id, key, op: 'strategies.redeem', request: { holdingId }, clock: this.ctx.clock,
      guard: () => this.accounts.assertCanClose(user),
      // No money moves here (the payout is posted at the strike), so the user's cash is not locked:
      // the strike locks a holding row before its holder's cash, and this takes only the holding row.
      run: ({ trx, now }) => this.askRedemption(trx, user, holdingId, now),
    });
  }

  private async askRedemption(trx: Trx, user: AuthUser, holdingId: string, now: number): Promise<StrategyHolding> {
    const h = await holdingRepo.findUserHolding(trx, holdingId, user.id);
    if (!h) throw notFound('strategy_not_found');
    const today = jstDate(now);
    if (h.status !== 'holding') throw conflict('strategy_holding_state_invalid', { status: h.status });
    if (h.locked_until !== null && today < h.locked_until) throw ruleBroken('strategy_locked', { date: h.locked_until });
    if (!(await holdingRepo.markRedeeming(trx, h.id, now))) throw conflict('strategy_holding_state_invalid', { status: h.status });
    const f = await this.funds.get(h.fund_id, trx);
    const nav = await this.funds.navNow(f.id, trx);
    return holdingView({ ...h, status: 'redeeming', redeem_requested_at: now, updated_at: now }, f, nav, today);
  }
}

/** A subscription's row: pending, its amount reserved, at the fund's fee rate of today. */
function newHolding(f: FundRow, userId: string, amount: number, now: number): HoldingRow {
  return {
    id: uuidv7(), fund_id: f.id, user_id: userId, status: 'pending', amount, units: 0, fee_bp: f.fee_bp, fee_carry: 0, requested_at: now,
    subscribed_on: null, strike_nav: null, locked_until: null, redeem_requested_at: null, payout: null, ended_on: null, updated_at: now,
  };
}
