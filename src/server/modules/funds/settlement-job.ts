/**
 * The funds area's due work: sale proceeds that reached their settlement date move from unsettled
 * to settled cash (repaying a shortfall first), and an overdue shortfall accrues late interest
 * (docs/decisions/009-trading-money-conventions.md). One transaction per user and currency.
 */
import type { Ledger } from '../../ledger';
import { chargeLateInterest, overdueShortfalls, settleDue, unsettledHolders } from '../../ledger';
import type { Database } from '../../db/database';
import type { Logger } from '../../logger';
import type { Currency } from '../../../shared/money';
import { jstDate } from '../../../shared/market';

export interface SettlementReport {
  settled: number;
  lateInterest: number;
  errors: number;
}

export class SettlementJob {
  constructor(
    private readonly database: Database,
    private readonly ledger: Ledger,
    private readonly logger: Logger,
  ) {}

  async run(now: number): Promise<SettlementReport> {
    const report: SettlementReport = { settled: 0, lateInterest: 0, errors: 0 };
    const today = jstDate(now);
    const caps = this.database.caps;
    for (const h of await unsettledHolders(this.database.db)) {
      await this.step(report, async () => {
        if ((await this.ledger.transact((trx) => settleDue(trx, caps, h.userId, h.currency, today, now))) > 0) report.settled++;
      });
    }
    for (const n of await overdueShortfalls(this.database.db, today)) {
      await this.step(report, async () => {
        const currency = n.currency as Currency;
        if ((await this.ledger.transact((trx) => chargeLateInterest(trx, caps, n.user_id, currency, today, now))) > 0) report.lateInterest++;
      });
    }
    return report;
  }

  private async step(report: SettlementReport, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      report.errors++;
      this.logger.warn({ err }, 'settlement job item failed');
    }
  }
}
