/**
 * The funds' daily work (docs/decisions/016-strategy-funds.md): during the continuous session of a
 * trading day, once, the rebalance (rebalance.ts); after the close (15:30), the NAV strike
 * (strike.ts). Runs after the trading jobs in registry order, so the day's fills are in before a
 * strike values the fund. Work derives from the fund rows and the instant: a repeated run does
 * nothing twice (rebalanced_on, the NAV row of the day).
 */
import type { Logger } from '../../logger';
import type { JobHandler } from '../module';
import type { TradingService } from '../trade';
import { isContinuousTrading, isTradingDay, jstDate, sessionAt } from '../../../shared/market';
import type { StrategyCtx, StrategyFunds } from './funds';
import { FundOrders } from './fund-orders';
import * as fundRepo from './fund-repo';
import * as navRepo from './nav-repo';
import type { FundRow } from './fund-repo';
import { Rebalancer } from './rebalance';
import { NavStrike } from './strike';
import { strikeDay } from './rules';

export interface StrategyReport {
  rebalanced: number;
  orders: number;
  struck: number;
  subscribed: number;
  redeemed: number;
  terminated: number;
  errors: number;
}

export class StrategiesJob implements JobHandler<StrategyReport> {
  private readonly rebalancer: Rebalancer;
  private readonly strike: NavStrike;

  constructor(
    private readonly ctx: StrategyCtx,
    private readonly funds: StrategyFunds,
    trading: TradingService,
    private readonly logger: Logger,
  ) {
    this.rebalancer = new Rebalancer(ctx, funds, new FundOrders(trading, logger));
    this.strike = new NavStrike(ctx, funds);
  }

  async run(now: number): Promise<StrategyReport> {
    await this.funds.ensureDefaults();
    const report: StrategyReport = { rebalanced: 0, orders: 0, struck: 0, subscribed: 0, redeemed: 0, terminated: 0, errors: 0 };
    const funds = await fundRepo.fundsToRun(this.ctx.database.db);
    const today = jstDate(now);
    const trading = isTradingDay(today) && isContinuousTrading(sessionAt(now));
    for (const f of funds) {
      try {
        if (trading && (f.status === 'active' || f.status === 'terminating') && (f.rebalanced_on === null || f.rebalanced_on < today)) {
          report.orders += await this.rebalancer.run(f, now);
          report.rebalanced++;
        }
        await this.strikeDue(f, now, report);
      } catch (err) {
        report.errors++;
        this.logger.warn({ err, fund: f.id }, 'strategy fund work failed');
      }
    }
    return report;
  }

  /** The strike of the day whose NAV is due at `now`, once, from the fund's first day. */
  private async strikeDue(f: FundRow, now: number, report: StrategyReport): Promise<void> {
    const day = strikeDay(now);
    const last = await navRepo.latestNav(this.ctx.database.db, f.id);
    if (day < f.started_on || (last && last.date >= day)) return;
    const r = await this.strike.run(f.id, day, now);
    report.struck++;
    report.subscribed += r.subscribed;
    report.redeemed += r.redeemed;
    report.terminated += r.terminated ? 1 : 0;
  }
}
