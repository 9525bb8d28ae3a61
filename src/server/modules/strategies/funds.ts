/**
 * What every part of the strategies area (the customer's use cases, the admin's, the daily work)
 * does with a fund: creating it (and the default funds), reading or locking its row, its money and
 * positions, its summary and what a subscription must be, and posting its ledger entries.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { MarketDataSource } from '../../market';
import type { Ledger, Postings } from '../../ledger';
import { notFound } from '../../errors';
import { addDays, jstDate } from '../../../shared/market';
import { contractValue } from '../../../shared/domain/trade-money';
import { encodeMemo, type EntryKind, type Memo } from '../../../shared/domain/ledger-kinds';
import { NAV_START, type StrategyRule, type StrategySummary } from '../../../shared/api/strategies';
import { DEFAULT_FUNDS, type FundDefinition } from './defaults';
import * as fundRepo from './fund-repo';
import * as holdingRepo from './holding-repo';
import * as navRepo from './nav-repo';
import * as positionRepo from './position-repo';
import { pricesAt, priceNow } from './prices';
import { cashBufferBp, fundOwner, investedWeights, liquidOf, minInvestable, netResult, payoutOf, ruleCodes, type FundMoney, type Params } from './rules';
import { summaryView, type InvestableTerms } from './view';
import { ModelTracks } from './model-tracks';
import type { FundRow } from './fund-repo';
import type { NavRow } from './nav-repo';

export type Trx = Transaction<DB>;

/** The collaborators every part of the area uses. */
export interface StrategyCtx {
  database: Database;
  /** The market clock: fund trading and strikes follow the market's day. */
  clock: Clock;
  ledger: Ledger;
  market: MarketDataSource;
}

/** A fund to create: a default's definition, or an admin's with its own follow-until date. */
export type NewFund = FundDefinition & { followUntil?: string | null };

export class StrategyFunds {
  private defaultsReady = false;
  /** The rules' model track records, kept for the day (model-tracks.ts). */
  readonly tracks: ModelTracks;

  constructor(private readonly ctx: StrategyCtx) {
    this.tracks = new ModelTracks(ctx.market);
  }

  private get db(): Executor {
    return this.ctx.database.db;
  }

  /** Creates the default funds once (empty: no seed capital, history from today). */
  async ensureDefaults(): Promise<void> {
    if (this.defaultsReady) return;
    const now = this.ctx.clock.now();
    const existing = new Set(await fundRepo.fundIds(this.db));
    for (const def of DEFAULT_FUNDS) {
      if (existing.has(def.id)) continue;
      // Another instance may be creating the same default fund right now: the first one wins.
      await this.ctx.ledger.transact(async (trx) => {
        await this.insert(trx, def, now, { ifAbsent: true });
      });
    }
    this.defaultsReady = true;
  }

  /** A new fund and its owner row in `users` (so the trading engine can store its positions). */
  async insert(trx: Trx, def: NewFund, now: number, opts: { ifAbsent?: boolean } = {}): Promise<FundRow> {
    const today = jstDate(now);
    const owner = fundOwner(def.id);
    await fundRepo.insertFundOwner(trx, owner, now);
    const row: FundRow = {
      id: def.id, kind: def.kind, name: def.name, name_en: def.nameEn || null, name_zh_hant: def.nameZhHant || null, name_ko: def.nameKo || null, rule: def.rule, params_json: JSON.stringify(def.params), model: def.model,
      status: 'active', min_amount: def.minAmount, lock_days: def.lockDays, fee_bp: def.feeBp,
      follow_until: def.followUntil ?? (def.followDays !== null ? addDays(today, def.followDays) : null),
      started_on: today, units: 0, fee_accrued: 0, rebalanced_on: null, ended_on: null, created_at: now, updated_at: now,
    };
    await fundRepo.insertFund(trx, row, opts.ifAbsent ?? false);
    return row;
  }

  async get(id: string, db: Executor = this.db): Promise<FundRow> {
    const row = await fundRepo.findFund(db, id);
    if (!row) throw notFound('strategy_not_found');
    return row;
  }

  /** The fund row, locked for the transaction (commands on one fund queue behind each other). */
  async lock(trx: Trx, id: string): Promise<FundRow> {
    const row = await fundRepo.lockFund(trx, this.ctx.database.caps.rowLocks, id);
    if (!row) throw notFound('strategy_not_found');
    return row;
  }

  /** The latest NAV (NAV_START before the first strike). */
  async navNow(fundId: string, db: Executor = this.db): Promise<number> {
    return (await navRepo.latestNav(db, fundId))?.nav ?? NAV_START;
  }

  /** The fund's money in the ledger (cash, reserved, unsettled, shortfall) and its held positions. */
  async book(db: Executor, fundId: string) {
    const owner = fundOwner(fundId);
    const sheet = (await this.ctx.ledger.balances(owner, db)).JPY ?? {};
    const money: FundMoney = { cash: sheet.cash ?? 0, frozen: sheet.frozen ?? 0, unsettled: sheet.unsettled ?? 0, shortfall: sheet.shortfall ?? 0 };
    const held = await positionRepo.heldPositions(db, owner);
    return { money, held };
  }

  /** The fund as the contract shows it (`navs` when the caller has read them already). */
  async summary(f: FundRow, navs?: NavRow[]): Promise<StrategySummary> {
    const rows = navs ?? (await navRepo.navRows(this.db, f.id));
    const closed = await positionRepo.closedResults(this.db, fundOwner(f.id));
    const follow = await holdingRepo.followOf(this.db, f.id);
    const now = this.ctx.clock.now();
    const terms = await this.investableTerms(this.db, f, now);
    const model = await this.tracks.summaryOf(f, jstDate(now), rows.length);
    return { ...summaryView(f, rows, closed.map(netResult), follow, terms, jstDate(now)), ...model };
  }

  /** The least a subscription may be now: the fund's minimum amount, or what brings the fund to its minimum investable size. */
  async investableTerms(db: Executor, f: FundRow, at: number): Promise<InvestableTerms> {
    const min = this.minInvestableOf(f, at);
    return { minInvestable: min, minSubscription: Math.max(f.min_amount, min - (await this.assetsAhead(db, f, at))) };
  }

  /** The fund's minimum investable size at the prices of `at` (rules.ts minInvestable). */
  private minInvestableOf(f: FundRow, at: number): number {
    const params = JSON.parse(f.params_json) as Params;
    const prices = pricesAt(this.ctx.market, ruleCodes(params), at);
    return minInvestable(investedWeights(f.rule as StrategyRule, params, prices), prices, cashBufferBp(params));
  }

  /**
   * The net assets the fund will invest once what was asked is struck: its money and its shares at
   * `at`, less accrued fees, plus reserved subscriptions, less asked redemptions at the last NAV.
   */
  private async assetsAhead(db: Executor, f: FundRow, at: number): Promise<number> {
    const { money, held } = await this.book(db, f.id);
    let value = 0;
    for (const p of held) value += contractValue(priceNow(this.ctx.market, p.code, at), p.quantity, p.price_scale);
    const nav = await this.navNow(f.id, db);
    const leaving = (await holdingRepo.redeemingUnits(db, f.id)).reduce((a, u) => a + payoutOf(u, nav), 0);
    const coming = await holdingRepo.pendingAmount(db, f.id);
    return liquidOf(money) + value - f.fee_accrued + coming - leaving;
  }

  /** One ledger entry of the area (referring to a holding or a fund). */
  async post(trx: Trx, kind: EntryKind, userId: string, refId: string, memo: Memo, p: Postings): Promise<void> {
    await this.ctx.ledger.post(trx, { kind, userId, refType: 'strategy', refId, memo: encodeMemo(memo), postings: p.list });
  }
}
