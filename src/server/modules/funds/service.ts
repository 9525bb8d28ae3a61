import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger';
import { HOME_CURRENCY, type Currency } from '../../../shared/money';
import type { fundsSummary, RECORD_TYPES } from '../../../shared/api/funds';
import type { TradingService } from '../trade/service';
import { readRecords } from './records';

/**
 * Funds (spec §3 "Funds"): every figure is a ledger balance or a live valuation of positions, so
 * total assets = Σ the user's postings + unrealized P/L, nothing else (DESIGN.md §12).
 */
export class FundsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly trading: TradingService,
  ) {}

  async summary(userId: string): Promise<z.infer<typeof fundsSummary>> {
    const now = this.clock.now();
    const sheet = await this.ledger.balances(userId);
    const held = await this.trading.holdings(userId, now);
    const currencies = new Set<Currency>([HOME_CURRENCY, ...(Object.keys(sheet) as Currency[])]);
    const balances = [...currencies].map((currency) => {
      const b = sheet[currency] ?? {};
      const row = { currency, cash: b.cash ?? 0, frozen: b.frozen ?? 0, margin: b.margin ?? 0, loan: b.loan ?? 0 };
      return { ...row, total: row.cash + row.frozen + row.margin + row.loan };
    });
    const home = balances.find((b) => b.currency === HOME_CURRENCY)!;
    return {
      currency: HOME_CURRENCY,
      totalAssets: home.total + held.unrealizedPnl,
      available: home.cash,
      frozen: home.frozen,
      margin: home.margin,
      loan: home.loan,
      marketValue: held.marketValue,
      unrealizedPnl: held.unrealizedPnl,
      realizedPnl: held.realizedPnl,
      profit: held.realizedPnl + held.unrealizedPnl,
      balances,
    };
  }

  records(userId: string, opts: { type: (typeof RECORD_TYPES)[number]; cursor?: string; limit: number }) {
    return readRecords(this.database.db, userId, opts);
  }
}
