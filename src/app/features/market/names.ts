/* Display names of instruments in the reader's language (src/shared/market/local-names.ts). */
import { toInstrumentRow } from '../../../shared/api/market-row';
import { displayName } from '../../../shared/market/local-names';

/** Japanese for Japanese; Traditional Chinese or Korean where written, else English. */
export function instrumentName(row: { code?: string; nameJa: string; nameEn: string }, locale: string): string {
  return displayName(row, locale);
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
