import type { Clock } from '../../clock';
import { toInstrumentRow } from '../../../shared/api/market-row';
import { notFound, ruleBroken } from '../../errors';
import { Lru } from '../../platform/lru';
import { OutsideHorizonError, type CorporateAction, type Instrument, type MarketDataSource, type Quote } from '../../market';
import type { IsoDate } from '../../../shared/market';
import type { InstrumentInfo, InstrumentRow, QuoteDetail } from '../../../shared/api/market';

/**
 * Reads of the market for the HTTP layer: instruments by code, quotes at the market clock, and
 * the row/detail shapes of the contract. Quotes are memoised per (code, second): the simulator
 * moves a price at most every 15 s, a board costs a few hundred quotes, and the stream, boards
 * and watchlists ask for the same ones over and over.
 */
export class MarketService {
  private readonly memo = new Lru<string, Quote>(20_000);
  private readonly actionMemo = new Map<string, CorporateAction[]>();

  constructor(
    readonly source: MarketDataSource,
    /** The market clock (KABUTO_MARKET_CLOCK), not the wall clock. */
    readonly clock: Clock,
    /** Seed of the figures the simulator does not make (financials, margin balances, flows). */
    readonly seed: string,
  ) {}

  /** Market-clock now, whole seconds (so memoised quotes are shared). */
  now(): number {
    return Math.floor(this.clock.now() / 1000) * 1000;
  }

  /** The instrument, or the 404 `product_not_found` envelope. */
  instrument(code: string): Instrument {
    const inst = this.source.instrument(code);
    if (!inst) throw notFound('product_not_found', { code });
    return inst;
  }

  /** A stock (company data, insights): other instruments have none, which is a 404 too. */
  stock(code: string): Instrument {
    const inst = this.instrument(code);
    if (inst.kind !== 'stock') throw notFound('not_found', { code, kind: inst.kind });
    return inst;
  }

  quote(code: string, at = this.now()): Quote {
    const key = `${code}|${at}`;
    let q = this.memo.get(key);
    if (!q) {
      try {
        q = this.source.quote(code, at);
      } catch (err) {
        // A clock set outside the simulated years: say so instead of a 500.
        if (err instanceof OutsideHorizonError) throw ruleBroken('price_unavailable', { code });
        throw err;
      }
      this.memo.set(key, q);
    }
    return q;
  }

  /** Splits and dividends that went ex on or before `date` (the source also knows future ones). */
  actions(code: string, date: IsoDate): CorporateAction[] {
    let all = this.actionMemo.get(code);
    if (!all) {
      all = this.source.corporateActions(code);
      this.actionMemo.set(code, all);
    }
    return all.filter((a) => a.exDate <= date);
  }

  detail(code: string): QuoteDetail {
    const inst = this.instrument(code);
    return { instrument: info(inst), quote: this.quote(inst.code) };
  }

  row(inst: Instrument, at = this.now()): InstrumentRow {
    return toInstrumentRow(inst, this.quote(inst.code, at));
  }
}

export function info(i: Instrument): InstrumentInfo {
  return {
    code: i.code,
    kind: i.kind,
    board: i.board,
    nameJa: i.nameJa,
    nameEn: i.nameEn,
    kana: i.kana,
    priceScale: i.priceScale,
    qtyScale: i.qtyScale,
    quoteUnit: i.quoteUnit ?? 1,
    sector: i.sector ?? null,
    segment: i.segment ?? null,
    tickTable: i.tickTable ?? null,
    nikkei225: i.nikkei225 ?? false,
    sharesOutstanding: i.sharesOutstanding ?? null,
    base: i.base ?? null,
    fixed: i.fixed ?? false,
    simulated: true,
  };
}
