import type { Logger } from '../../logger';
import type { Database } from '../../db/database';
import type { Ledger } from '../../ledger';
import { lockWallet } from '../../ledger';
import type { ConfigService } from '../config';
import { HOME_CURRENCY } from '../../../shared/money';
import { isContinuousTrading, jstDate, sessionAt } from '../../../shared/market';
import type { TradingService } from '../trade';
import { notify } from '../messaging';
import * as repo from './repo';
import type { LendingService } from './service';
import { forcedSaleNeed, LTV_FORCED_BP, ltvState } from './rules';

export interface LendingReport {
  interestCharged: number;
  fees: number;
  recallsCompleted: number;
  warnings: number;
  forcedSales: number;
  errors: number;
}

/** What the job needs besides the lending service: the database, the ledger and trading's close at the market. */
export interface LendingJobDeps {
  database: Database;
  ledger: Ledger;
  trading: TradingService;
}

/**
 * Due lending work at an instant (docs/domain.md "Loans and stock lending"), idempotent like every
 * job (work derives from stored rows and the instant): loan interest for the days before today;
 * 貸株 fees and recalls completing today; then the LTV of every borrower — past 70 % a warning
 * (journaled once per crossing), past 85 % pledged holdings sold at market (in continuous trading)
 * and the proceeds repaid until the LTV is back at 60 %. One transaction per user or stock loan.
 */
export class LendingJob {
  constructor(
    private readonly ctx: LendingJobDeps,
    private readonly lending: LendingService,
    private readonly config: ConfigService,
    private readonly logger: Logger,
  ) {}

  private get ledger(): Ledger {
    return this.ctx.ledger;
  }

  async run(at: number): Promise<LendingReport> {
    const report: LendingReport = { interestCharged: 0, fees: 0, recallsCompleted: 0, warnings: 0, forcedSales: 0, errors: 0 };
    const today = jstDate(at);
    const db = this.ctx.database.db;
    const caps = this.ctx.database.caps;
    for (const userId of await repo.usersWithInterestDue(db, today)) {
      try {
        report.interestCharged += await this.ledger.transact(async (trx) => {
          await lockWallet(trx, caps, userId, HOME_CURRENCY);
          return this.lending.accrueUser(trx, userId, today, at);
        });
      } catch (err) {
        report.errors++;
        this.logger.error({ err, userId }, 'lending: interest failed');
      }
    }
    for (const due of await repo.stockLoansDue(db, today)) {
      try {
        const r = await this.ledger.transact(async (trx) => {
          await lockWallet(trx, caps, due.user_id, HOME_CURRENCY);
          const row = await repo.findStockLoan(trx, due.user_id, due.id, caps);
          if (!row || row.status === 'completed') return { fee: 0, completed: false };
          return this.lending.settleStockLoan(trx, row, today, at);
        });
        report.fees += r.fee;
        if (r.completed) report.recallsCompleted++;
      } catch (err) {
        report.errors++;
        this.logger.error({ err, id: due.id }, 'lending: stock loan fee failed');
      }
    }
    const cfg = await this.config.values();
    const canSell = isContinuousTrading(sessionAt(at));
    for (const userId of await repo.borrowers(db)) {
      try {
        const r = await this.ledger.transact(async (trx) => {
          await lockWallet(trx, caps, userId, HOME_CURRENCY);
          const now = await this.lending.position(trx, userId, at);
          const state = ltvState(now.ltvBp);
          const before = await repo.ltvStateOf(trx, userId);
          let warned = 0;
          if (state !== before) {
            await repo.setLtvState(trx, userId, state, now.ltvBp, at);
            // The warning is journaled as a records line and sent as a message once per crossing upward.
            if (state !== 'ok' && (before === 'ok' || (before === 'warning' && state === 'forced'))) {
              await repo.addEvent(trx, { userId, refId: now.owed.loans[0]?.id ?? userId, kind: 'loan_warning', amount: 0, date: today, at, ltvBp: now.ltvBp });
              await notify(trx, { userId, kind: 'loan_ltv_warning', params: { ltvBp: now.ltvBp }, at });
              warned = 1;
            }
          }
          if (state !== 'forced' || !canSell) return { warned, sold: 0 };
          return { warned, sold: await this.forcedSale(trx, userId, now, at, cfg) };
        });
        report.warnings += r.warned;
        report.forcedSales += r.sold;
      } catch (err) {
        report.errors++;
        this.logger.error({ err, userId }, 'lending: LTV check failed');
      }
    }
    return report;
  }

  /**
   * Sells pledged holdings whole, oldest first, at the market (the bid) until their value covers
   * what must be repaid to bring the LTV back to 60 % (rules.ts forcedSaleNeed); each sale is the
   * trading area's forced close (journaled 強制決済), and its proceeds repay the loans at once
   * (loan_forced_repay, with the LTV before and the lines in its memo), and the user gets a message.
   */
  private async forcedSale(trx: Parameters<Parameters<Ledger['transact']>[0]>[0], userId: string, now: Awaited<ReturnType<LendingService['position']>>, at: number, cfg: Awaited<ReturnType<ConfigService['values']>>): Promise<number> {
    const caps = this.ctx.database.caps;
    let owed = now.owed.principal + now.owed.interest;
    let need = forcedSaleNeed(owed, now.collateral.value);
    let sold = 0;
    for (const p of now.collateral.pledged.filter((x) => x.status === 'holding')) {
      if (need <= 0 || owed <= 0) break;
      const w0 = await lockWallet(trx, caps, userId, HOME_CURRENCY);
      // The held row sold whole at the bid (null: sold already, or no bid now).
      const sale = await this.ctx.trading.closeAtMarket(trx, p.id, 'forced_close', at, cfg);
      if (!sale) continue;
      const w1 = await lockWallet(trx, caps, userId, HOME_CURRENCY);
      const proceeds = w1.cash + w1.unsettled - (w0.cash + w0.unsettled);
      const paid = await this.lending.forcedRepay(trx, userId, Math.min(owed, Math.max(0, proceeds)), now.ltvBp, at, sale.code, sale.shares);
      owed -= paid;
      need -= Math.floor((sale.shares * sale.price) / sale.priceScale);
      sold++;
    }
    if (sold > 0) {
      const after = await this.lending.position(trx, userId, at);
      await repo.setLtvState(trx, userId, ltvState(after.ltvBp), after.ltvBp, at);
      await notify(trx, { userId, kind: 'loan_ltv_liquidation', params: { ltvBp: now.ltvBp, ltvAfterBp: after.ltvBp, sold }, at });
      this.logger.info({ userId, sold, ltvBefore: now.ltvBp, ltvAfter: after.ltvBp, forcedBp: LTV_FORCED_BP }, 'lending: forced sale');
    }
    return sold;
  }
}
