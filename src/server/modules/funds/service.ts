import type { z } from 'zod';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { buyingPower, findShortfallNotice, pendingSettlements, shortfallOverdue, type Ledger } from '../../ledger';
import { jstDate, type IsoDate } from '../../../shared/market';
import { HOME_CURRENCY, type Currency } from '../../../shared/money';
import type { fundsSummary } from '../../../shared/api/funds';
import type { RecordType } from '../../../shared/domain/ledger-kinds';
import { withdrawableBreakdown } from '../../../shared/domain/withdrawable';
import type { Holdings, HoldingsProvider } from '../module';
import type { MarketDataSource } from '../../market';
import { readRecords } from './records';
import { readHistory } from './history';
import type { HistoryRange } from './history-rules';

/**
 * Funds (docs/product.md "Entities and fields", Funds): every figure is a ledger balance or a live valuation of positions, so
 * total assets = Σ the user's postings + unrealized P/L, nothing else (docs/domain.md "What Kabuto never builds"), and
 * profit = total assets − net deposits in yen (docs/domain.md "Profit").
 */
export class FundsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly ledger: Ledger,
    private readonly market: Pick<MarketDataSource, 'instrument' | 'dailyBars' | 'corporateActions'>,
    /** Every registered area's holdings (src/server/modules/index.ts), read per summary. */
    private readonly providers: () => readonly HoldingsProvider[],
    /** Yen kept back as loan collateral (the lending area: docs/domain.md "Loans and stock lending"); none when absent. */
    private readonly loanCollateral?: (userId: string) => Promise<number>,
  ) {}

  async summary(userId: string): Promise<z.infer<typeof fundsSummary>> {
    const now = this.clock.now();
    const sheet = await this.ledger.balances(userId);
    const held: Holdings = { marketValue: 0, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl: 0 };
    // Other currencies' balances in yen, as the fx area values them (its holdings provider).
    const valued = new Map<string, number>();
    // Shares paid for and awaiting listing (the ipo area): money in margin already, listed to explain it.
    const awaiting: NonNullable<Holdings['awaitingListing']> = [];
    for (const h of await Promise.all(this.providers().map((p) => p.holdings(userId, now)))) {
      held.marketValue += h.marketValue;
      held.unrealizedPnl += h.unrealizedPnl;
      held.unrealizedGrossPnl += h.unrealizedGrossPnl;
      held.realizedPnl += h.realizedPnl;
      for (const v of h.currencyValues ?? []) valued.set(v.currency, (valued.get(v.currency) ?? 0) + v.valueHome);
      awaiting.push(...(h.awaitingListing ?? []));
    }
    const currencies = new Set<Currency>([HOME_CURRENCY, ...(Object.keys(sheet) as Currency[])]);
    const balances = [...currencies].map((currency) => {
      const b = sheet[currency] ?? {};
      const row = {
        currency, cash: b.cash ?? 0, frozen: b.frozen ?? 0, margin: b.margin ?? 0, unsettled: b.unsettled ?? 0, loan: b.loan ?? 0, shortfall: b.shortfall ?? 0,
      };
      const total = row.cash + row.frozen + row.margin + row.unsettled + row.loan + row.shortfall;
      return { ...row, total, valueJpy: currency === HOME_CURRENCY ? total : (valued.get(currency) ?? 0) };
    });
    const foreignJpy = balances.reduce((sum, b) => (b.currency === HOME_CURRENCY ? sum : sum + b.valueJpy), 0);
    const home = balances.find((b) => b.currency === HOME_CURRENCY)!;
    const db = this.database.db;
    const [settlements, notice, income] = await Promise.all([
      pendingSettlements(db, userId, HOME_CURRENCY, jstDate(now)),
      home.shortfall < 0 ? findShortfallNotice(db, userId, HOME_CURRENCY) : undefined,
      this.ledger.income(userId, HOME_CURRENCY, db),
    ]);
    // Dividends, lending fees, loan and late interest are in the equity already and no area's
    // positions carry them: realized, so profit = total assets − net deposits (docs/domain.md "Profit").
    const realizedPnl = held.realizedPnl + income;
    return {
      currency: HOME_CURRENCY,
      // Fees and interest already paid on open positions are out of the ledger equity, so the assets
      // add the gross price difference; the P/L figures below are net of those costs. Foreign
      // balances count at their yen value (mid rate), so an exchange moves value, not assets.
      totalAssets: home.total + held.unrealizedGrossPnl + foreignJpy,
      available: buyingPower(home),
      cash: home.cash,
      unsettled: home.unsettled,
      settlements,
      // Settled free cash (src/shared/domain/withdrawable.ts, the rule the withdrawal command checks).
      withdrawable: withdrawableBreakdown({ ...home, collateral: (await this.loanCollateral?.(userId)) ?? 0 }).withdrawable,
      frozen: home.frozen,
      margin: home.margin,
      loan: home.loan,
      shortfall: home.shortfall,
      shortfallDueOn: notice?.due_on ?? null,
      shortfallOverdue: notice ? shortfallOverdue(notice.due_on, jstDate(now)) : false,
      marketValue: held.marketValue,
      unrealizedPnl: held.unrealizedPnl,
      realizedPnl,
      profit: realizedPnl + held.unrealizedPnl,
      balances,
      awaitingListing: awaiting,
    };
  }

  /** 資産推移 and 当日損益 (history.ts); today's point is this summary's live total. */
  async history(userId: string, range: HistoryRange) {
    const now = this.clock.now();
    const { totalAssets } = await this.summary(userId);
    // What other areas add to past days' ends (the fx area: foreign balances at each day's close).
    const extraAt = async (days: readonly IsoDate[]) => {
      const sums = days.map(() => 0);
      for (const values of await Promise.all(this.providers().map((p) => p.dayEndValues?.(userId, days) ?? Promise.resolve(sums.map(() => 0))))) {
        values.forEach((v, i) => (sums[i]! += v));
      }
      return sums;
    };
    return readHistory(this.database.db, this.market, { userId, range, now, liveTotal: totalAssets, extraAt });
  }

  records(userId: string, opts: { type: RecordType; cursor?: string; limit: number }) {
    return readRecords(this.database.db, userId, opts, (code) => this.market.instrument(code));
  }
}
