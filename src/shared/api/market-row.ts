import type { InstrumentRow } from './market';

/** What a board or watchlist row shows for an instrument and its quote (server lists, client cache). */
export function toInstrumentRow(
  i: Pick<InstrumentRow, 'code' | 'kind' | 'board' | 'nameJa' | 'nameEn' | 'priceScale' | 'qtyScale'> & { quoteUnit?: number },
  q: Pick<InstrumentRow, 'price' | 'prevClose' | 'change' | 'changeBp' | 'volume' | 'turnover' | 'limitState' | 'session' | 'at'>,
): InstrumentRow {
  return {
    code: i.code,
    kind: i.kind,
    board: i.board,
    nameJa: i.nameJa,
    nameEn: i.nameEn,
    priceScale: i.priceScale,
    qtyScale: i.qtyScale,
    quoteUnit: i.quoteUnit ?? 1,
    price: q.price,
    prevClose: q.prevClose,
    change: q.change,
    changeBp: q.changeBp,
    volume: q.volume,
    turnover: q.turnover,
    limitState: q.limitState,
    session: q.session,
    at: q.at,
    simulated: true,
  };
}
