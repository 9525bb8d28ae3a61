/**
 * The plan job (docs/domain.md "Investment trusts and 積立"): at or after 10:00 Tokyo of a run date,
 * every active plan whose next run is due runs each missed run date in order, exactly once per
 * (plan, run date) across restarts and instances:
 * - a fund run is ONE money command (key `plan:<planId>:<runDate>`) that inserts the plan_run row and
 *   places the fund buy; a crash before its commit leaves nothing, after it the key and the row say done;
 * - a stock run places trade's market buy under the same key (a replay returns the same order), then
 *   records the run (a duplicate row is ignored);
 * - a run the order refuses (no cash, no NISA room, a suspended fund, an untradable stock, a restricted
 *   account) is a 'skipped' run with its reason, a journal event `plan_skipped` and a message — never a debt.
 */
import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../../db/schema';
import type { Logger } from '../../logger';
import type { JobHandler } from '../module';
import type { AuthUser } from '../../auth/principal';
import type { AccountService } from '../account';
import { DomainError } from '../../errors';
import { moneyCommand } from '../../ledger';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import { acceptsOrders, addDays, jstDate, sessionAt, type IsoDate } from '../../../shared/market';
import { nextRunDate, runDatesBetween, runDue, type PlanSkipReason } from '../../../shared/domain/plan';
import type { TrustOrderBody } from '../../../shared/api/trusts';
import { notify } from '../messaging';
import { priceLimitsOf, tradableStock, type OrderBody, type TradingService } from '../trade';
import type { PlansCtx } from './service';
import { fundMemo } from '../trusts';
import { scheduleOf, skipReasonOf } from './rules';
import { advancePlan, duePlans, findRun, fundRow, insertRun, setRunOrder, userRow, type PlanRow } from './repo';

/** The trusts area's use case a fund run places its buy with, inside the run's transaction. */
export interface FundBuyer {
  placeInTransaction(
    trx: Transaction<DB>, userId: string, body: TrustOrderBody, origin: { source: 'plan'; planId: string }, now: number,
  ): Promise<{ id: string }>;
}

export interface PlanRunReport {
  ordered: number;
  skipped: number;
}

type Outcome = { status: 'ordered' | 'done' } | { status: 'skip'; reason: PlanSkipReason; params: Record<string, string | number | boolean | null> };

export class PlanRunJob implements JobHandler<PlanRunReport> {
  constructor(
    private readonly ctx: PlansCtx,
    private readonly deps: { accounts: Pick<AccountService, 'assertCanTrade'>; trading: Pick<TradingService, 'place'>; trusts: FundBuyer },
    private readonly logger?: Logger,
  ) {}

  async run(at: number): Promise<PlanRunReport> {
    const report: PlanRunReport = { ordered: 0, skipped: 0 };
    const today = jstDate(at);
    for (const plan of await duePlans(this.ctx.database.db, today)) {
      try {
        await this.runPlan(plan, at, today, report);
      } catch (err) {
        // One plan's failure (the database, a bug) must not hold back the others; it is retried next tick.
        this.logger?.error({ err, planId: plan.id }, 'plan run failed');
      }
    }
    return report;
  }

  private async runPlan(plan: PlanRow, at: number, today: IsoDate, report: PlanRunReport): Promise<void> {
    const s = scheduleOf(plan);
    let from = plan.next_run as IsoDate;
    const dates = runDatesBetween(s, from, today).filter((d) => runDue(d, at));
    for (const date of dates) {
      // A stock order is taken only while the market takes orders; the run waits for that.
      if (plan.kind === 'stock' && !acceptsOrders(sessionAt(this.ctx.clock.now()))) return;
      const outcome = plan.kind === 'fund' ? await this.fundRun(plan, date) : await this.stockRun(plan, date, at);
      if (outcome.status === 'skip') {
        if (await this.skip(plan, date, outcome.reason, outcome.params)) report.skipped++;
      } else if (outcome.status === 'ordered') report.ordered++;
      const next = nextRunDate(s, addDays(date, 1));
      await advancePlan(this.ctx.database.db, plan.id, from, next, this.ctx.clock.now());
      from = next;
    }
  }

  private async fundRun(plan: PlanRow, date: IsoDate): Promise<Outcome> {
    // A concurrent run of the same key (another instance) gets this call's stored answer: the
    // caller's mark tells whose run it was, so the reports count each run once.
    const mark = uuidv7();
    try {
      const done = await moneyCommand(this.ctx.ledger, {
        scope: plan.user_id, key: `plan:${plan.id}:${date}`, op: 'plans.run', request: { planId: plan.id, runDate: date }, clock: this.ctx.clock,
        run: async ({ trx, now }): Promise<{ status: 'ordered' | 'done'; mark: string }> => {
          const runId = uuidv7();
          const row = { id: runId, plan_id: plan.id, user_id: plan.user_id, run_date: date, status: 'ordered', reason: null, params: null, order_id: null, amount: plan.amount, created_at: now };
          // Another instance ran it (or skipped it) already.
          if (!(await insertRun(trx, row))) return { status: 'done', mark };
          const user = await userRow(trx, plan.user_id);
          this.deps.accounts.assertCanTrade({ state: user?.state ?? 'banned' });
          const order = await this.deps.trusts.placeInTransaction(
            trx, plan.user_id,
            { fundId: plan.target, side: 'buy', account: plan.account_type as TrustOrderBody['account'], mode: 'amount', amount: plan.amount! },
            { source: 'plan', planId: plan.id }, now,
          );
          await setRunOrder(trx, runId, order.id);
          return { status: 'ordered', mark };
        },
      });
      return { status: done.mark === mark ? done.status : 'done' };
    } catch (err) {
      if (err instanceof DomainError) return { status: 'skip', reason: skipReasonOf(err, 'fund'), params: { id: err.messageId, ...(err.params ?? {}) } as Record<string, string | number | boolean | null> };
      if (this.ctx.database.caps.isUniqueViolation(err)) return { status: 'done' };
      throw err;
    }
  }

  private async stockRun(plan: PlanRow, date: IsoDate, at: number): Promise<Outcome> {
    const db = this.ctx.database.db;
    if (await findRun(db, plan.id, date)) return { status: 'done' };
    const u = await userRow(db, plan.user_id);
    if (!u) return { status: 'skip', reason: 'account_restricted', params: {} };
    // The plan's user as the order command's principal: not a session, so never staff.
    const user: AuthUser = { id: u.id, phone: u.phone, state: u.state, isAdmin: false, sessionId: `plan:${plan.id}` };
    try {
      tradableStock(this.ctx.market, plan.target);
      priceLimitsOf(this.ctx.market, plan.target, at);
      const body: OrderBody = { code: plan.target, direction: 'up', type: 'market', lots: plan.lots!, leverage: 1, dayTrade: false, validity: 'day', account: plan.account_type as OrderBody['account'] };
      const pos = await this.deps.trading.place(user, body, `plan:${plan.id}:${date}`);
      const row = { id: uuidv7(), plan_id: plan.id, user_id: plan.user_id, run_date: date, status: 'ordered', reason: null, params: null, order_id: pos.id, amount: null, created_at: this.ctx.clock.now() };
      return (await insertRun(db, row)) ? { status: 'ordered' } : { status: 'done' };
    } catch (err) {
      if (err instanceof DomainError) return { status: 'skip', reason: skipReasonOf(err, 'stock'), params: { id: err.messageId, ...(err.params ?? {}) } as Record<string, string | number | boolean | null> };
      throw err;
    }
  }

  /**
   * The skipped run in a transaction of its own (the refused one rolled back): the plan_run row, the
   * journal event and the message, once (a run already recorded answers false).
   */
  private async skip(plan: PlanRow, date: IsoDate, reason: PlanSkipReason, params: Record<string, string | number | boolean | null>): Promise<boolean> {
    const what = await this.describe(plan);
    const mark = uuidv7();
    const done = await moneyCommand(this.ctx.ledger, {
      scope: plan.user_id, key: `plan-skip:${plan.id}:${date}`, op: 'plans.skip', request: { planId: plan.id, runDate: date }, clock: this.ctx.clock,
      run: async ({ trx, now }) => {
        const row = { id: uuidv7(), plan_id: plan.id, user_id: plan.user_id, run_date: date, status: 'skipped', reason, params: JSON.stringify(params), order_id: null, amount: plan.amount, created_at: now };
        if (!(await insertRun(trx, row))) return { skipped: false, mark };
        const amount = plan.amount ?? undefined;
        await this.ctx.ledger.post(trx, {
          kind: 'plan_skipped', userId: plan.user_id, refType: 'plan', refId: plan.id, event: true, postings: [], taxAccount: plan.account_type,
          memo: encodeMemo({ id: 'memo_plan_skipped', params: { kind: plan.kind, reason, runDate: date, ...(amount !== undefined ? { amount } : {}), ...what.memo } }),
        });
        await notify(trx, {
          userId: plan.user_id, kind: 'plan_skipped', at: now, dedupeKey: `plan-skip:${plan.id}:${date}`,
          params: { planId: plan.id, kind: plan.kind, reason, runDate: date, amount: plan.amount, lots: plan.lots, account: plan.account_type, ...what.message },
        });
        return { skipped: true, mark };
      },
    });
    // A concurrent caller's stored answer is its own run, not this one's.
    return done.skipped && done.mark === mark;
  }

  /** The fund's names and code (fund plans) or the stock's code and names, for the memo and the message. */
  private async describe(plan: PlanRow) {
    if (plan.kind === 'fund') {
      const f = await fundRow(this.ctx.database.db, plan.target);
      const names = f ? fundMemo(f) : { fund: plan.target, fundCode: plan.target, fundEn: plan.target, fundZhHant: plan.target, fundKo: plan.target };
      return { memo: names, message: names };
    }
    const inst = this.ctx.market.instrument(plan.target);
    return { memo: { code: plan.target }, message: { code: plan.target, name: inst?.nameJa ?? null, nameEn: inst?.nameEn ?? null } };
  }
}
