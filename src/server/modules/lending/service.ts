import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { AuthUser } from '../../auth/principal';
import { conflict, notFound, ruleBroken } from '../../errors';
import { lockWallet, moneyCommand, Postings, type Ledger } from '../../ledger';
import type { MarketDataSource } from '../../market';
import type { PositionSplit } from '../trade';
import type { ConfigService } from '../config';
import { HOME_CURRENCY } from '../../../shared/money';
import { addDays, dayNumber, jstDate, nextTradingDay, type IsoDate } from '../../../shared/market';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import type { ConfigValues } from '../../../shared/domain/config-items';
import type { CreditView, LendingEventKind, LendingEventView, LoanStatus, LoanView, StockLoanStatus, StockLoanView } from '../../../shared/api/lending';
import * as repo from './repo';
import {
  accrue, collateralCash, creditScore, dueOf, feeEnd, LENDING_RATIO_BP, LTV_FORCED_BP, LTV_TARGET_BP, LTV_WARN_BP, ltvBp, ltvState, perDay, quotaOf, returnedBy,
  scoreLimit, splitRepayment,
} from './rules';

const CURRENCY = HOME_CURRENCY;
const LOAN_EVENTS: readonly LendingEventKind[] = ['loan_draw', 'loan_interest', 'loan_repay', 'loan_forced_sale', 'loan_warning'];
const STOCK_EVENTS: readonly LendingEventKind[] = ['stock_lend', 'stock_fee', 'stock_recall', 'stock_returned', 'stock_dividend'];

/** What lending needs of the account area: the state guard and the fund password with its lockout (as withdrawals). */
export interface LendingAccountGuard {
  assertCanMoveMoney(user: Pick<AuthUser, 'state'>): void;
  verifyFundPassword(userId: string, password: string): Promise<void>;
}

/** What lending needs of the kyc area. */
export interface LendingIdentity {
  requireVerified(userId: string, db?: Executor): Promise<unknown>;
}

/** A pledged holding valued now. */
export interface Pledged {
  id: string;
  code: string;
  shares: number;
  priceScale: number;
  status: string;
  /** Last price × shares, in yen (rounded down). */
  value: number;
}

export interface Collateral {
  /** Held cash positions not lent out. */
  pledged: Pledged[];
  /** Held cash positions lent out now. */
  lent: Pledged[];
  value: number;
}

function loanView(r: repo.LoanRow): LoanView {
  return {
    id: r.id, status: r.status as LoanStatus, amount: r.amount, principal: r.principal, interest: r.interest,
    interestCharged: r.interest_charged, repaid: r.repaid, rateBp: r.rate_bp, accruedThrough: r.accrued_through,
    createdAt: r.created_at, repaidAt: r.repaid_at,
  };
}

function eventView(e: repo.EventRow): LendingEventView {
  return { id: e.id, kind: e.kind as LendingEventKind, refId: e.ref_id, amount: e.amount, date: e.date, at: e.at, code: e.code, shares: e.shares, ltvBp: e.ltv_bp };
}

/**
 * The credit line and stock lending (docs/domain.md "Loans and stock lending"). Every money move is
 * one moneyCommand (or a job's transaction) under the user's wallet lock, so the quota read and the
 * draw it allows happen together: concurrent draws queue on the lock and can never pass the quota.
 */
export class LendingService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly config: ConfigService,
    private readonly market: MarketDataSource,
    private readonly account: LendingAccountGuard,
    private readonly identity: LendingIdentity,
  ) {}

  // ---------- valuation ----------

  private price(code: string, at: number): number {
    try {
      return this.market.quote(code, at).price;
    } catch {
      return 0;
    }
  }

  private valued(rows: repo.HeldRow[], at: number): Pledged[] {
    return rows.map((r) => ({
      id: r.id, code: r.code, shares: r.quantity, priceScale: r.price_scale, status: r.status,
      value: Math.floor((r.quantity * this.price(r.code, at)) / r.price_scale),
    }));
  }

  /** The pledged holdings (held cash positions not lent out) valued at `at`. */
  async collateral(db: Executor, userId: string, at: number): Promise<Collateral> {
    const [held, lentIds] = await Promise.all([repo.heldCashPositions(db, userId), repo.lentPositionIds(db, userId)]);
    const all = this.valued(held, at);
    const pledged = all.filter((p) => !lentIds.has(p.id));
    return { pledged, lent: all.filter((p) => lentIds.has(p.id)), value: pledged.reduce((a, p) => a + p.value, 0) };
  }

  private async owed(db: Executor, userId: string): Promise<{ principal: number; interest: number; loans: repo.LoanRow[] }> {
    const loans = await repo.openLoans(db, userId);
    return { principal: loans.reduce((a, l) => a + l.principal, 0), interest: loans.reduce((a, l) => a + l.interest, 0), loans };
  }

  /**
   * Cash kept back from withdrawal as loan collateral (src/shared/domain/withdrawable.ts): the part
   * of what is owed the pledged holdings do not cover at 60 %. Never anything to do with the score.
   */
  async collateralCash(userId: string, db: Executor = this.database.db): Promise<number> {
    const { principal, interest } = await this.owed(db, userId);
    if (principal + interest <= 0) return 0;
    const c = await this.collateral(db, userId, this.clock.now());
    return collateralCash(principal + interest, c.value);
  }

  // ---------- credit ----------

  async credit(userId: string, db: Executor = this.database.db, cfg?: ConfigValues): Promise<CreditView> {
    const now = this.clock.now();
    const c = cfg ?? (await this.config.values());
    const [identity, created, trades, repaid, forced, collateral, owed, balances] = await Promise.all([
      // Read through `db` (a command's transaction: SQLite has one connection, a pool read would wait on it).
      this.identity.requireVerified(userId, db).then(() => true, () => false), repo.registeredAt(db, userId), repo.tradeCount(db, userId), repo.countRepaid(db, userId),
      repo.countForcedSales(db, userId), this.collateral(db, userId, now), this.owed(db, userId), this.ledger.balances(userId, db),
    ]);
    const shortfall = balances[CURRENCY]?.shortfall ?? 0;
    const s = creditScore({
      kycVerified: identity,
      accountDays: Math.max(0, dayNumber(jstDate(now)) - dayNumber(jstDate(created))),
      trades, shortfallOwed: shortfall < 0, loansRepaid: repaid, forcedSales: forced,
    });
    const limit = scoreLimit(s.score, { tier1: c.loanLimitTier1, tier2: c.loanLimitTier2, tier3: c.loanLimitTier3 });
    const borrowed = owed.principal + owed.interest;
    const q = quotaOf({ channelOpen: c.loanChannelOpen, scoreLimit: limit, collateralValue: collateral.value, owed: borrowed });
    return {
      score: s.score, scoreMax: s.max, factors: s.factors, scoreLimit: limit,
      collateralValue: collateral.value, collateralLimit: Math.floor((collateral.value * LENDING_RATIO_BP) / 10_000),
      quota: q.quota, borrowed, principal: owed.principal, interest: owed.interest, available: q.available,
      ltvBp: q.ltvBp, ltvState: ltvState(q.ltvBp), lendingRatioBp: LENDING_RATIO_BP, warnBp: LTV_WARN_BP, forcedBp: LTV_FORCED_BP,
      rateBp: c.loanRateBp, costPerDay: owed.loans.reduce((a, l) => a + perDay(l.principal, l.rate_bp), 0),
      channelOpen: c.loanChannelOpen, refusal: q.refusal, collateralCash: collateralCash(borrowed, collateral.value),
    };
  }

  /** The refusal of a draw of `amount` now, with its params, or null (the rules of rules.ts quotaOf plus the amount). */
  private async refusalOf(userId: string, amount: number, db: Executor, cfg: ConfigValues) {
    const credit = await this.credit(userId, db, cfg);
    const balances = await this.ledger.balances(userId, db);
    if (credit.refusal) {
      const params: Record<string, number> = credit.refusal === 'loan_ltv_high' ? { ltvBp: credit.ltvBp, warnBp: credit.warnBp }
        : credit.refusal === 'borrow_quota_full' ? { quota: credit.quota, borrowed: credit.borrowed }
          : credit.refusal === 'no_loan_limit' ? { scoreLimit: credit.scoreLimit, collateralValue: credit.collateralValue } : {};
      return { credit, error: ruleBroken(credit.refusal, params) };
    }
    const shortfall = balances[CURRENCY]?.shortfall ?? 0;
    if (shortfall < 0) return { credit, error: ruleBroken('shortfall_owed', { amount: -shortfall }) };
    if (amount > credit.available) return { credit, error: ruleBroken('borrow_quota_insufficient', { amount: credit.available, requested: amount, currency: CURRENCY }) };
    return { credit, error: null };
  }

  // ---------- loans ----------

  borrow(user: AuthUser, input: { amount: number; fundPassword: string }, key: string): Promise<{ loan: LoanView; credit: CreditView }> {
    const userId = user.id;
    return moneyCommand(this.ledger, {
      scope: userId, key, op: 'lending.borrow', clock: this.clock,
      request: { amount: input.amount },
      guardCountsAttempts: true,
      // Stated rules first (so a refusal costs no fund-password attempt), the counted password check last.
      guard: async () => {
        this.account.assertCanMoveMoney(user);
        await this.identity.requireVerified(userId);
        const cfg = await this.config.values();
        const { error } = await this.refusalOf(userId, input.amount, this.database.db, cfg);
        if (error) throw error;
        await this.account.verifyFundPassword(userId, input.fundPassword);
      },
      prepare: () => this.config.values(),
      run: async ({ trx, now, prepared: cfg }) => {
        const wallet = await lockWallet(trx, this.database.caps, userId, CURRENCY);
        await this.accrueUser(trx, userId, jstDate(now), now);
        // Again under the lock: concurrent draws see each other's loans here.
        const { error } = await this.refusalOf(userId, input.amount, trx, cfg);
        if (error) throw error;
        const today = jstDate(now);
        const row: repo.LoanRow = {
          id: uuidv7(), user_id: userId, status: 'borrowed', amount: input.amount, principal: input.amount, interest: 0, interest_charged: 0,
          accrual_units: 0, repaid: 0, rate_bp: cfg.loanRateBp, accrued_through: today, created_at: now, repaid_at: null,
        };
        await repo.insertLoan(trx, row);
        await this.ledger.post(trx, {
          kind: 'loan_draw', userId, refType: 'loan', refId: row.id,
          memo: encodeMemo({ id: 'memo_loan_draw', params: { rateBp: row.rate_bp } }),
          postings: new Postings(userId, CURRENCY, wallet).own('loan', -input.amount).own('cash', input.amount).list,
        });
        await repo.addEvent(trx, { userId, refId: row.id, kind: 'loan_draw', amount: input.amount, date: today, at: now });
        return { loan: loanView(row), credit: await this.credit(userId, trx, cfg) };
      },
    });
  }

  repay(user: AuthUser, id: string, amount: number, key: string): Promise<{ loan: LoanView; credit: CreditView }> {
    const userId = user.id;
    // No account-state guard: repaying only lowers what the user owes.
    return moneyCommand(this.ledger, {
      scope: userId, key, op: 'lending.repay', request: { id, amount }, clock: this.clock,
      prepare: () => this.config.values(),
      run: async ({ trx, now, prepared: cfg }) => {
        const wallet = await lockWallet(trx, this.database.caps, userId, CURRENCY);
        const found = await repo.findLoan(trx, userId, id);
        if (!found) throw notFound('not_found');
        if (found.status !== 'borrowed') throw conflict('loan_already_repaid');
        const today = jstDate(now);
        await this.accrueUser(trx, userId, today, now);
        const loan = (await repo.findLoan(trx, userId, id))!;
        const split = splitRepayment(amount, loan.interest, loan.principal);
        if (!split) throw ruleBroken('repay_exceeds_borrowed', { amount: loan.interest + loan.principal, currency: CURRENCY });
        const payable = Math.max(0, wallet.cash) + Math.max(0, wallet.unsettled);
        if (amount > payable) throw ruleBroken('balance_insufficient', { amount: payable, currency: CURRENCY });
        const p = new Postings(userId, CURRENCY, wallet);
        p.spend(amount);
        p.own('loan', amount);
        await this.ledger.post(trx, {
          kind: 'loan_repay', userId, refType: 'loan', refId: id,
          memo: encodeMemo({ id: 'memo_loan_repay', params: split }), postings: p.list,
        });
        await this.applyRepayment(trx, loan, split, now);
        await repo.addEvent(trx, { userId, refId: id, kind: 'loan_repay', amount: -amount, date: today, at: now });
        return { loan: loanView((await repo.findLoan(trx, userId, id))!), credit: await this.credit(userId, trx, cfg) };
      },
    });
  }

  private async applyRepayment(trx: Executor, loan: repo.LoanRow, split: { interest: number; principal: number }, now: number): Promise<void> {
    const principal = loan.principal - split.principal;
    const interest = loan.interest - split.interest;
    const done = principal === 0 && interest === 0;
    await repo.updateLoan(trx, loan.id, {
      principal, interest, repaid: loan.repaid + split.interest + split.principal, status: done ? 'repaid' : 'borrowed', repaid_at: done ? now : null,
    });
  }

  async loans(userId: string): Promise<{ items: LoanView[]; records: LendingEventView[] }> {
    const db = this.database.db;
    const [rows, events] = await Promise.all([repo.loansOf(db, userId), repo.eventsOf(db, userId, LOAN_EVENTS)]);
    return { items: rows.map(loanView), records: events.map(eventView) };
  }

  /**
   * Interest on each open loan of the user for the days before `today`, on the cumulative basis
   * (rules.ts accrue), added to what is owed (loan −x / interest income +x). The caller holds the
   * user's wallet lock. Returns the yen charged.
   */
  async accrueUser(trx: Transaction<DB>, userId: string, today: IsoDate, at: number): Promise<number> {
    let charged = 0;
    for (const loan of await repo.openLoans(trx, userId)) {
      if (loan.accrued_through >= today) continue;
      const days = dayNumber(today) - dayNumber(loan.accrued_through);
      const a = accrue({ units: loan.accrual_units, charged: loan.interest_charged }, loan.principal, loan.rate_bp, days);
      await repo.updateLoan(trx, loan.id, { accrual_units: a.units, interest_charged: a.total, interest: loan.interest + a.due, accrued_through: today });
      if (a.due <= 0) continue;
      charged += a.due;
      await this.ledger.post(trx, {
        kind: 'loan_interest', userId, refType: 'loan', refId: loan.id,
        memo: encodeMemo({ id: 'memo_loan_interest', params: { through: today, rateBp: loan.rate_bp } }),
        postings: new Postings(userId, CURRENCY).own('loan', -a.due).house('interest_income', a.due).list,
      });
      await repo.addEvent(trx, { userId, refId: loan.id, kind: 'loan_interest', amount: -a.due, date: today, at });
    }
    return charged;
  }

  // ---------- stock lending ----------

  private stockView(r: repo.StockLoanRow, at: number): StockLoanView {
    const inst = this.market.instrument(r.code);
    const price = this.price(r.code, at);
    return {
      id: r.id, positionId: r.position_id, code: r.code, nameJa: inst?.nameJa ?? null, nameEn: inst?.nameEn ?? null, shares: r.shares,
      status: r.status as StockLoanStatus, rateBp: r.rate_bp, feePaid: r.fee_paid, accruedThrough: r.accrued_through, createdAt: r.created_at,
      recalledAt: r.recalled_at, completesOn: r.completes_on, completedAt: r.completed_at,
      value: Math.floor((r.shares * price) / (inst?.priceScale ?? 1)),
    };
  }

  async stock(userId: string) {
    const db = this.database.db;
    const now = this.clock.now();
    const cfg = await this.config.values();
    const [c, rows] = await Promise.all([this.collateral(db, userId, now), repo.stockLoansOf(db, userId)]);
    const lendable = c.pledged
      .filter((p) => p.status === 'holding')
      .map((p) => {
        const inst = this.market.instrument(p.code);
        return { positionId: p.id, code: p.code, nameJa: inst?.nameJa ?? null, nameEn: inst?.nameEn ?? null, shares: p.shares, value: p.value, feePerDay: perDay(p.value, cfg.stockLendingRateBp) };
      });
    return { rateBp: cfg.stockLendingRateBp, lendable, items: rows.map((r) => this.stockView(r, now)) };
  }

  lend(user: AuthUser, positionId: string, key: string): Promise<{ item: StockLoanView }> {
    const userId = user.id;
    return moneyCommand(this.ledger, {
      scope: userId, key, op: 'lending.lend', request: { positionId }, clock: this.clock,
      guard: async () => {
        this.account.assertCanMoveMoney(user);
        await this.identity.requireVerified(userId);
      },
      prepare: () => this.config.values(),
      run: async ({ trx, now, prepared: cfg }) => {
        await lockWallet(trx, this.database.caps, userId, CURRENCY);
        const pos = await repo.lockOwnPosition(trx, this.database.caps, userId, positionId);
        if (!pos) throw notFound('order_not_found');
        const cash = pos.direction === 'up' && Number(pos.leverage_x10) <= 10 && Number(pos.day_trade) === 0;
        if (!cash) throw ruleBroken('lend_not_cash_position', { code: pos.code });
        if (await repo.liveStockLoanOf(trx, positionId)) throw conflict('lend_already_lent', { code: pos.code });
        if (pos.status !== 'holding') throw conflict('order_state_invalid', { status: pos.status });
        // Lending takes the shares out of the loan's collateral: not below the lending ratio (repay first).
        const today = jstDate(now);
        await this.accrueUser(trx, userId, today, now);
        const { principal, interest } = await this.owed(trx, userId);
        if (principal + interest > 0) {
          const c = await this.collateral(trx, userId, now);
          const after = c.value - (c.pledged.find((p) => p.id === positionId)?.value ?? 0);
          if (ltvBp(principal + interest, after) > LENDING_RATIO_BP) {
            throw ruleBroken('lend_collateral_pledged', { amount: principal + interest, currency: CURRENCY, limitPercent: LENDING_RATIO_BP / 100, code: pos.code });
          }
        }
        const row: repo.StockLoanRow = {
          id: uuidv7(), user_id: userId, position_id: positionId, code: pos.code, shares: Number(pos.quantity), status: 'borrowing',
          rate_bp: cfg.stockLendingRateBp, fee_paid: 0, accrual_units: 0, accrued_through: today, created_at: now,
          recalled_at: null, completes_on: null, completed_at: null,
        };
        await repo.insertStockLoan(trx, row);
        await repo.addEvent(trx, { userId, refId: row.id, kind: 'stock_lend', amount: 0, date: today, at: now, code: row.code, shares: row.shares });
        return { item: this.stockView(row, now) };
      },
    });
  }

  recall(user: AuthUser, id: string, key: string): Promise<{ item: StockLoanView }> {
    const userId = user.id;
    // No account-state guard: a recall only brings the user's own shares back.
    return moneyCommand(this.ledger, {
      scope: userId, key, op: 'lending.recall', request: { id }, clock: this.clock,
      run: async ({ trx, now }) => {
        await lockWallet(trx, this.database.caps, userId, CURRENCY);
        const row = await repo.findStockLoan(trx, userId, id, this.database.caps);
        if (!row) throw notFound('not_found');
        if (row.status !== 'borrowing') throw conflict('stock_loan_not_recallable', { status: row.status });
        const today = jstDate(now);
        const completesOn = nextTradingDay(today);
        await repo.updateStockLoan(trx, id, { status: 'recalling', recalled_at: now, completes_on: completesOn });
        await repo.addEvent(trx, { userId, refId: id, kind: 'stock_recall', amount: 0, date: completesOn, at: now, code: row.code, shares: row.shares });
        return { item: this.stockView((await repo.findStockLoan(trx, userId, id))!, now) };
      },
    });
  }

  async stockRecords(userId: string): Promise<{ items: LendingEventView[] }> {
    const db = this.database.db;
    const [events, dividends] = await Promise.all([repo.eventsOf(db, userId, STOCK_EVENTS), repo.dividendSubstitutes(db, userId)]);
    return { items: [...events, ...dividends].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map(eventView) };
  }

  /** The close of `code` on or before each day (for the lending fee's daily base). */
  private closeOn(code: string, day: IsoDate): number {
    try {
      const bars = this.market.dailyBars(code, addDays(day, -14), day);
      return bars[bars.length - 1]?.close ?? 0;
    } catch {
      return 0;
    }
  }

  /**
   * A stock loan's fee for the days before `today` (until its recall completes), paid by the house
   * (lending fee expense → cash) at the rate it was lent at, on each day's close × shares, on the
   * cumulative basis; then the recall completes on its business day. The caller holds the wallet lock.
   */
  async settleStockLoan(trx: Transaction<DB>, row: repo.StockLoanRow, today: IsoDate, at: number): Promise<{ fee: number; completed: boolean }> {
    const fee = await this.feeThrough(trx, row, today, at);
    if (returnedBy(row, today)) {
      await repo.updateStockLoan(trx, row.id, { status: 'completed', completed_at: at });
      await repo.addEvent(trx, { userId: row.user_id, refId: row.id, kind: 'stock_returned', amount: 0, date: row.completes_on!, at, code: row.code, shares: row.shares });
      return { fee, completed: true };
    }
    return { fee, completed: false };
  }

  /**
   * A split of a lent position (the trading area's corporate step, in its transaction, through
   * SettleDeps.onSplit): the fee for the days before the ex-date is paid on the shares lent then,
   * and the loan takes the new count, so each day's fee is that day's close × the shares lent that
   * day (docs/domain.md "Loans and stock lending"). Idempotent by the trading area's actions_through.
   */
  async followSplit(trx: Transaction<DB>, split: PositionSplit): Promise<void> {
    const live = await repo.liveStockLoanOf(trx, split.positionId, this.database.caps);
    if (!live) return;
    await lockWallet(trx, this.database.caps, live.user_id, CURRENCY);
    await this.feeThrough(trx, live, split.exDate, split.at);
    const row = (await repo.findStockLoan(trx, live.user_id, live.id))!;
    // A recall completed by the ex-date gave back the shares lent before it.
    if (returnedBy(row, split.exDate)) return;
    const shares = row.shares * split.ratio;
    await repo.updateStockLoan(trx, row.id, { shares });
    // Days from the ex-date already paid on the old count (the split reached the loan late): the
    // new shares of those days are owed too.
    const lentOn = jstDate(row.created_at);
    const late = this.feeUnits(row.code, shares - row.shares, row.rate_bp, lentOn > split.exDate ? lentOn : split.exDate, row.accrued_through);
    if (late > 0) await this.payFee(trx, { ...row, shares }, row.accrual_units + late, row.accrued_through, split.at);
  }

  /** The fee brought up to `today` (rules.ts feeEnd) on the loan's shares; returns the yen paid. */
  private async feeThrough(trx: Transaction<DB>, row: repo.StockLoanRow, today: IsoDate, at: number): Promise<number> {
    const end = feeEnd(row, today);
    if (row.accrued_through >= end) return 0;
    return this.payFee(trx, row, row.accrual_units + this.feeUnits(row.code, row.shares, row.rate_bp, row.accrued_through, end), end, at);
  }

  /** Fee units of `shares` lent over the days [from, to), each day on its close (or the last before it). */
  private feeUnits(code: string, shares: number, rateBp: number, from: IsoDate, to: IsoDate): number {
    let units = 0;
    for (let d = from; d < to; d = addDays(d, 1)) units = accrue({ units, charged: 0 }, shares * this.closeOn(code, d), rateBp, 1).units;
    return units;
  }

  /**
   * Records the loan's fee units as accrued through `through` and pays what they now come to less
   * what was paid (rules.ts dueOf: rounded down once, fractions carry over), journaled on `row.shares`.
   */
  private async payFee(trx: Transaction<DB>, row: repo.StockLoanRow, units: number, through: IsoDate, at: number): Promise<number> {
    const { due } = dueOf(units, row.fee_paid, this.market.instrument(row.code)?.priceScale ?? 1);
    await repo.updateStockLoan(trx, row.id, { accrual_units: units, fee_paid: row.fee_paid + due, accrued_through: through });
    if (due <= 0) return 0;
    const p = new Postings(row.user_id, CURRENCY, await lockWallet(trx, this.database.caps, row.user_id, CURRENCY)).house('lending_fee_expense', -due);
    p.credit('cash', due);
    await this.ledger.post(trx, {
      kind: 'lending_fee', userId: row.user_id, refType: 'stock_loan', refId: row.id,
      memo: encodeMemo({ id: 'memo_lending_fee', params: { code: row.code, shares: row.shares, through, rateBp: row.rate_bp } }),
      postings: p.list,
    });
    await repo.addEvent(trx, { userId: row.user_id, refId: row.id, kind: 'stock_fee', amount: due, date: through, at, code: row.code, shares: row.shares });
    return due;
  }

  // ---------- admin ----------

  async adminLoans(status: LoanStatus, limit: number) {
    const db = this.database.db;
    const now = this.clock.now();
    const rows = await repo.loansByStatus(db, status, limit);
    const ltvOf = new Map<string, number>();
    for (const r of rows) {
      if (ltvOf.has(r.user_id)) continue;
      const [{ principal, interest }, c] = await Promise.all([this.owed(db, r.user_id), this.collateral(db, r.user_id, now)]);
      ltvOf.set(r.user_id, ltvBp(principal + interest, c.value));
    }
    const items = rows.map((r) => {
      const ltv = ltvOf.get(r.user_id) ?? 0;
      return { ...loanView(r), userId: r.user_id, phone: r.phone, ltvBp: ltv, ltvState: ltvState(ltv) };
    });
    return { items, totals: await repo.loanTotals(db) };
  }

  /** For the LTV job: what is owed and pledged now. */
  async position(trx: Executor, userId: string, at: number) {
    const [owed, c] = await Promise.all([this.owed(trx, userId), this.collateral(trx, userId, at)]);
    return { owed, collateral: c, ltvBp: ltvBp(owed.principal + owed.interest, c.value) };
  }

  /** A forced repayment out of sale proceeds: oldest loan first, interest before principal. */
  async forcedRepay(trx: Transaction<DB>, userId: string, amount: number, ltvBefore: number, at: number, code: string, shares: number): Promise<number> {
    const wallet = await lockWallet(trx, this.database.caps, userId, CURRENCY);
    let left = amount;
    let interest = 0;
    let principal = 0;
    const today = jstDate(at);
    for (const loan of await repo.openLoans(trx, userId)) {
      if (left <= 0) break;
      const take = Math.min(left, loan.interest + loan.principal);
      const split = splitRepayment(take, loan.interest, loan.principal)!;
      await this.applyRepayment(trx, loan, split, at);
      interest += split.interest;
      principal += split.principal;
      left -= take;
    }
    const paid = interest + principal;
    if (paid <= 0) return 0;
    const p = new Postings(userId, CURRENCY, wallet);
    p.spend(paid);
    p.own('loan', paid);
    await this.ledger.post(trx, {
      kind: 'loan_forced_repay', userId, refType: 'loan', refId: null,
      memo: encodeMemo({ id: 'memo_loan_forced_repay', params: { ltvBp: ltvBefore, forcedBp: LTV_FORCED_BP, targetBp: LTV_TARGET_BP, interest, principal } }),
      postings: p.list,
    });
    await repo.addEvent(trx, { userId, refId: userId, kind: 'loan_forced_sale', amount: -paid, date: today, at, code, shares, ltvBp: ltvBefore });
    return paid;
  }
}
