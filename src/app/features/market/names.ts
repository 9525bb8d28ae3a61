/* Display names of instruments in the reader's language (Japanese names for Japanese, else English). */
export function instrumentName(row: { nameJa: string; nameEn: string }, locale: string): string {
  return locale === 'ja' || !row.nameEn ? row.nameJa : row.nameEn;
}

/** The detail screen of an instrument: indices have their own. */
export function detailPath(kind: string): '/market/stockDetailzs' | '/market/stockDetail' {
  return kind === 'index' ? '/market/stockDetailzs' : '/market/stockDetail';
}

/** A list row (InstrumentRow shape) from a quote detail: what the watchlist shows for it. */
export function rowFromDetail(d: {
  instrument: { code: string; kind: string; board: string | null; nameJa: string; nameEn: string; priceScale: number; qtyScale: number; quoteUnit: number };
  quote: {
    price: number;
    prevClose: number;
    change: number;
    changeBp: number;
    volume: number;
    turnover: number;
    limitState: 'up' | 'down' | null;
    session: string;
    at: number;
  };
}) {
  const { instrument: i, quote: q } = d;
  return {
    code: i.code,
    kind: i.kind,
    board: i.board,
    nameJa: i.nameJa,
    nameEn: i.nameEn,
    priceScale: i.priceScale,
    qtyScale: i.qtyScale,
    quoteUnit: i.quoteUnit,
    price: q.price,
    prevClose: q.prevClose,
    change: q.change,
    changeBp: q.changeBp,
    volume: q.volume,
    turnover: q.turnover,
    limitState: q.limitState,
    session: q.session,
    at: q.at,
    simulated: true as const,
  };
}
