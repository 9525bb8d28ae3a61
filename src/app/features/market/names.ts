/* Display names of instruments in the reader's language (Japanese names for Japanese, else English). */
import { toInstrumentRow } from '../../../shared/api/market-row';

export function instrumentName(row: { nameJa: string; nameEn: string }, locale: string): string {
  return locale === 'ja' || !row.nameEn ? row.nameJa : row.nameEn;
}

/** The detail screen of an instrument: indices have their own. */
export function detailPath(kind: string): '/market/stockDetailzs' | '/market/stockDetail' {
  return kind === 'index' ? '/market/stockDetailzs' : '/market/stockDetail';
}

/** A list row (InstrumentRow shape) from a quote detail: what the watchlist shows for it. */
export function rowFromDetail(d: {
  instrument: Parameters<typeof toInstrumentRow>[0];
  quote: Parameters<typeof toInstrumentRow>[1];
}) {
  return toInstrumentRow(d.instrument, d.quote);
}
