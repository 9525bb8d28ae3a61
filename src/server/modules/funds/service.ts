import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger';
import { HOME_CURRENCY, type Currency } from '../../../shared/money';
import type { fundsSummary } from '../../../shared/api/funds';
import type { RecordType } from '../../../shared/domain/ledger-kinds';
import type { HoldingsProvider } from '../module';
import type { MarketDataSource } from '../../market';
import { readRecords } from './records';

/**
 * Funds (docs/product.md (spec §3) "Funds"): every figure is a ledger balance or a live valuation of positions, so
 * total assets = Σ the user's postings + unrealized P/L, nothing else (docs/domain.md "What Kabuto never builds").
 */
export class FundsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly market: Pick<MarketDataSource, 'instrument'>,
    /** Every registered area's holdings (src/server/modules/index.ts), read per summary. */
    private readonly providers: () => readonly HoldingsProvider[],
  ) {}

  async summary(userId: string): Promise<z.infer<typeof fundsSummary>> {
    const now = this.clock.now();
    const sheet = await this.ledger.balances(userId);
    const held = { marketValue: 0, unrealizedPnl: 0, realizedPnl: 0 };
    for (const h of await Promise.all(this.providers().map((p) => p.holdings(userId, now)))) {
      held.marketValue += h.marketValue;
      held.unrealizedPnl += h.unrealizedPnl;
      held.realizedPnl += h.realizedPnl;
    }
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

  records(userId: string, opts: { type: RecordType; cursor?: string; limit: number }) {
    return readRecords(this.database.db, userId, opts, (code) => this.market.instrument(code));
  }
}
