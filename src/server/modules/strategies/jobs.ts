import type { JobHandler } from '../module';
import type { StrategyReport, StrategyService } from './service';

/**
 * The funds' daily work (rebalancing in the session, the NAV strike after the close). Runs after
 * the trading jobs in registry order, so the day's fills are in before a strike values the fund.
 */
export class StrategiesJob implements JobHandler<StrategyReport> {
  constructor(private readonly service: StrategyService) {}

  run(at: number): Promise<StrategyReport> {
    return this.service.run(at);
  }
}
