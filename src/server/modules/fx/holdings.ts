/**
 * The fx area's holdings provider (src/server/modules/module.ts): the user's balances in currencies
 * other than the yen, valued in yen so total assets explain an exchange (docs/domain.md "Currency
 * exchange", "Asset history"). Today at the FX board's current MID; a past day at that day's daily
 * close of the currency's board instrument. Every value is yenValueAtMid's exact integer, rounded
 * toward zero. Only the user's own ledger accounts are read.
 */
import type { Database } from '../../db/database';
import type { Ledger } from '../../ledger';
import type { MarketDataSource } from '../../market';
import type { Holdings, HoldingsProvider } from '../module';
import { addDays, dayNumber, type IsoDate } from '../../../shared/market';
import { HOME_CURRENCY, PRICED_AS, type Currency } from '../../../shared/money';
import { yenValueAtMid, type BoardRate } from './rules';
import { dailyDeltasByCurrency, foreignAccounts } from './repo';

type FxMarket = Pick<MarketDataSource, 'instruments' | 'quote' | 'dailyBars'>;

/** The FX board instrument whose base is `currency` (USDJPY for USD…; USDT at USD's, see PRICED_AS). */
export function boardInstrument(market: Pick<MarketDataSource, 'instruments'>, currency: Currency) {
  const base = PRICED_AS[currency] ?? currency;
  const inst = market.instruments().find((i) => i.kind === 'fx' && i.base === base);
  if (!inst) throw new Error(`fx: no FX board instrument for ${currency}`);
  return inst;
}

export class FxHoldings implements HoldingsProvider {
  constructor(
    private readonly database: Database,
    private readonly ledger: Ledger,
    private readonly market: FxMarket,
  ) {}

  /** Yen per `unit` major units now (the board's mid: the instrument's last price). */
  private rateAt(currency: Currency, now: number): BoardRate {
    const inst = boardInstrument(this.market, currency);
    const q = this.market.quote(inst.code, now);
    return { currency, price: q.price, priceScale: q.priceScale, unit: inst.quoteUnit ?? 1 };
  }

  async holdings(userId: string, now: number): Promise<Holdings> {
    const sheet = await this.ledger.balances(userId);
    const currencyValues: { currency: string; valueHome: number }[] = [];
    for (const [currency, kinds] of Object.entries(sheet) as [Currency, Record<string, number>][]) {
      if (currency === HOME_CURRENCY) continue;
      // The user's equity in the currency: every own account (cash, frozen, margin, unsettled, loan, shortfall), as funds/summary's balances total it.
      const total = Object.values(kinds).reduce((a, b) => a + b, 0);
      currencyValues.push({ currency, valueHome: total === 0 ? 0 : yenValueAtMid(total, this.rateAt(currency, now)) });
    }
    return { marketValue: 0, unrealizedPnl: 0, unrealizedGrossPnl: 0, realizedPnl: 0, currencyValues };
  }

  /**
   * Σ over foreign currencies of (the user's balance at the day's end × that day's close), per day.
   * The close is the last daily bar on or before the day (a weekend or holiday takes Friday's); a day
   * before the market data's first bar takes its first close, so a balance is never counted as 0.
   */
  async dayEndValues(userId: string, days: readonly IsoDate[]): Promise<number[]> {
    const out = days.map(() => 0);
    if (!days.length) return out;
    const db = this.database.db;
    const accounts = await foreignAccounts(db, userId, HOME_CURRENCY);
    if (!accounts.length) return out;
    const rows = await dailyDeltasByCurrency(db, accounts.map((a) => a.id));
    const byCurrency = new Map<Currency, { day: number; amount: number }[]>();
    for (const r of rows) {
      const list = byCurrency.get(r.currency as Currency) ?? [];
      list.push({ day: Number(r.day), amount: Number(r.amount) });
      byCurrency.set(r.currency as Currency, list);
    }
    for (const [currency, deltas] of byCurrency) {
      deltas.sort((a, b) => a.day - b.day);
      const inst = boardInstrument(this.market, currency);
      const bars = this.barsOf(inst.code, addDays(days[0]!, -10), days[days.length - 1]!);
      let i = 0;
      let balance = 0;
      let b = -1;
      days.forEach((day, k) => {
        const n = dayNumber(day);
        while (i < deltas.length && deltas[i]!.day <= n) balance += deltas[i++]!.amount;
        while (b + 1 < bars.length && bars[b + 1]!.date <= day) b++;
        const bar = bars[Math.max(b, 0)];
        if (balance === 0 || !bar) return;
        out[k]! += yenValueAtMid(balance, { currency, price: bar.close, priceScale: inst.priceScale, unit: inst.quoteUnit ?? 1 });
      });
    }
    return out;
  }

  private barsOf(code: string, from: IsoDate, to: IsoDate) {
    try {
      return this.market.dailyBars(code, from, to);
    } catch {
      return []; // outside the market data's horizon: no close (the day adds nothing for lack of a price)
    }
  }
}
