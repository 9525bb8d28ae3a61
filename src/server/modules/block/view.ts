import type { BlockOfferView } from '../../../shared/api/block';
import type { MarketDataSource } from '../../market';
import type { OfferRow } from './repo';
import { offerPhase } from '../../../shared/domain/block-offer';

export function offerView(row: OfferRow, market: MarketDataSource, now: number): BlockOfferView {
  const inst = market.instrument(row.code);
  let marketPrice: number | null = null;
  try {
    marketPrice = market.quote(row.code, now).price;
  } catch {
    marketPrice = null; // outside the simulated horizon: the offer still shows, without a comparison
  }
  const phase = offerPhase({ from: row.window_from, to: row.window_to, sharesAvailable: row.shares_available }, now);
  return {
    id: row.id,
    code: row.code,
    name: inst?.nameJa ?? row.code,
    nameEn: inst?.nameEn ?? row.code,
    priceScale: row.price_scale,
    price: row.price,
    minShares: row.min_shares,
    sharesAvailable: row.shares_available,
    sharesTotal: row.shares_total,
    lockDays: row.lock_days,
    from: row.window_from,
    to: row.window_to,
    open: phase === 'open',
    phase,
    marketPrice,
    discountBp: marketPrice ? Math.trunc(((marketPrice - row.price) * 10_000) / marketPrice) : null,
    createdAt: row.created_at,
  };
}
