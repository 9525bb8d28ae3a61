/**
 * Currency exchange (docs/domain.md "Currency exchange"): board rates with the stated spread, quotes
 * held server-side for FX_QUOTE_TTL_MS, and the exchange of a quote as one money command.
 */
import { uuidv7 } from 'uuidv7';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import { lockCash, lockWallet, moneyCommand, noteShortfall, Postings, type Ledger } from '../../ledger';
import type { MarketDataSource } from '../../market';
import type { ConfigService } from '../config';
import type { AccountService } from '../account';
import type { AuthUser } from '../../auth/principal';
import { invalid, notFound, ruleBroken } from '../../errors';
import { MemoryRateLimits, type Limiter, type RateLimitStore } from '../../platform/rate-limit';
import { CURRENCY_CODES, MoneyError, type Currency } from '../../../shared/money';
import { encodeMemo } from '../../../shared/domain/ledger-kinds';
import { FX_QUOTE_TTL_MS, FX_RATE_SCALE, type FxQuote } from '../../../shared/api/fx';
import { boardSides, convert, YEN_RATE, type BoardRate } from './rules';
import { boardInstrument } from './holdings';
import * as repo from './repo';

export interface FxQuoteInput {
  from: Currency;
  to: Currency;
  amount: number;
}

/**
 * Quotes a user may ask for per minute: each is a stored row, and a person re-quoting by hand asks
 * for a few; more is a script filling the table (docs/domain.md "Currency exchange").
 */
export const FX_QUOTES_PER_MINUTE = 30;

export class FxService {
  /** Per user, on the shared store (platform/rate-limit.ts) so the budget holds across instances. */
  private readonly quoteLimit: Limiter;

  constructor(
    private readonly database: Database,
    private readonly ledger: Ledger,
    private readonly config: ConfigService,
    private readonly accounts: AccountService,
    private readonly market: MarketDataSource,
    /** The market's clock: rates are the board's as of its now. */
    private readonly marketClock: Clock,
    /** The injected clock: quote validity and the exchange's instant. */
    private readonly clock: Clock,
    limits: RateLimitStore = new MemoryRateLimits(),
  ) {
    this.quoteLimit = limits.limiter({ name: 'fx_quote', points: FX_QUOTES_PER_MINUTE, durationSeconds: 60 });
  }

  /** Each currency's rate against the yen, from the FX board's instrument whose base it is. */
  private boardRate(currency: Currency): BoardRate & { code: string | null } {
    if (currency === 'JPY') return { ...YEN_RATE, code: null };
    const inst = boardInstrument(this.market, currency);
    const q = this.market.quote(inst.code, this.marketClock.now());
    return { currency, price: q.price, priceScale: q.priceScale, unit: inst.quoteUnit ?? 1, code: inst.code };
  }

  private async spreadBp(): Promise<number> {
    return (await this.config.values()).fxSpreadBp;
  }

  async quotes() {
    const spreadBp = await this.spreadBp();
    const rows = CURRENCY_CODES.map((currency) => {
      const r = this.boardRate(currency);
      return { currency, code: r.code, unit: r.unit, priceScale: r.priceScale, mid: r.price, ...boardSides(r, spreadBp) };
    });
    return { asOf: this.marketClock.now(), spreadBp, quoteTtlMs: FX_QUOTE_TTL_MS, rows };
  }

  /** Prices and stores a quote: the exchange later posts exactly these amounts, whatever the client sends. */
  async quote(userId: string, input: FxQuoteInput): Promise<FxQuote> {
    if (input.from === input.to) throw invalid('fx_same_currency');
    await this.quoteLimit.consume(userId);
    const spreadBp = await this.spreadBp();
    let c;
    try {
      c = convert(input.amount, this.boardRate(input.from), this.boardRate(input.to), spreadBp, FX_RATE_SCALE);
    } catch (e) {
      if (e instanceof MoneyError) throw invalid('invalid_request', { field: 'amount' });
      throw e;
    }
    if (c.amountOut <= 0) throw ruleBroken('fx_amount_too_small');
    const now = this.clock.now();
    const row = {
      id: uuidv7(), user_id: userId, from_currency: input.from, to_currency: input.to, amount: input.amount,
      amount_out: c.amountOut, mid_amount_out: c.midAmountOut, spread_bp: spreadBp, rate: c.rate, mid_rate: c.midRate,
      created_at: now, valid_until: now + FX_QUOTE_TTL_MS, used_at: null, entry_id: null,
    };
    await repo.insertQuote(this.database.db, row);
    return repo.toView(row);
  }

  /**
   * Exchanges a stored quote in one transaction: user cash(from) → house fx(from), house fx(to) →
   * user cash(to) + house fx_spread_income(to). The quote must be the user's (else 404), unexpired
   * and unused; a credit in `to` repays a shortfall owed in that currency first.
   */
  exchange(user: AuthUser, quoteId: string, key: string) {
    return moneyCommand(this.ledger, {
      scope: user.id, key, op: 'fx.exchange', request: { quoteId }, clock: this.clock,
      guard: () => this.accounts.assertCanMoveMoney(user),
      run: async ({ trx, now }) => {
        const q = await repo.findQuote(trx, quoteId, this.database.caps);
        if (!q || q.user_id !== user.id) throw notFound('fx_quote_not_found');
        if (q.used_at !== null) throw ruleBroken('fx_quote_used');
        if (now > q.valid_until) throw ruleBroken('fx_quote_expired');
        const from = q.from_currency as Currency;
        const to = q.to_currency as Currency;
        // Both cash rows of this user, in currency order, so two exchanges in opposite directions never wait on each other in a cycle.
        const [first, second] = [from, to].sort();
        await lockCash(trx, this.database.caps, user.id, first!);
        await lockCash(trx, this.database.caps, user.id, second!);
        const fromCash = await lockWallet(trx, this.database.caps, user.id, from);
        // Settled free cash only (the message's amount is formatted as yen, so it is given for JPY only): unsettled proceeds are not converted, and nothing is while a shortfall is owed in `from`.
        const usable = fromCash.shortfall < 0 ? 0 : fromCash.cash;
        if (usable < q.amount) throw ruleBroken('balance_insufficient', from === 'JPY' ? { amount: usable } : undefined);
        const pFrom = new Postings(user.id, from, fromCash);
        pFrom.own('cash', -q.amount);
        pFrom.house('fx', q.amount);
        const pTo = new Postings(user.id, to, await lockWallet(trx, this.database.caps, user.id, to));
        pTo.house('fx', -q.mid_amount_out);
        pTo.house('fx_spread_income', q.mid_amount_out - q.amount_out);
        pTo.credit('cash', q.amount_out);
        const entry = await this.ledger.post(trx, {
          kind: 'fx_exchange', userId: user.id, refType: 'fx_quote', refId: q.id,
          memo: encodeMemo({
            id: 'memo_fx_exchange',
            params: { from, to, amount: q.amount, amountOut: q.amount_out, spread: q.mid_amount_out - q.amount_out },
          }),
          postings: [...pFrom.list, ...pTo.list],
        });
        await noteShortfall(trx, pTo, now);
        const used = await repo.markUsed(trx, q.id, now, entry.id);
        // The row lock (PostgreSQL) or the single writer (SQLite) makes this a formality; it still refuses a double use.
        if (!used) throw ruleBroken('fx_quote_used');
        return {
          quoteId: q.id, entryId: entry.id, from, to, amount: q.amount, amountOut: q.amount_out,
          spreadAmount: q.mid_amount_out - q.amount_out,
          fromCash: await this.ledger.balance(user.id, from, 'cash', trx),
          toCash: await this.ledger.balance(user.id, to, 'cash', trx),
        };
      },
    });
  }
}
