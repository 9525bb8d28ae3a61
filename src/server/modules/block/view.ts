import type { BlockOfferView } from '../../../shared/api/block';
import type { MarketDataSource } from '../../market';
import type { OfferRow } from './repo';

export function offerView(row: OfferRow, market: MarketDataSource, now: number): BlockOfferView {
  const inst = market.instrument(row.code);
  let marketPrice: number | null = null;
  try {
    marketPrice = market.quote(row.code, now).price;
  } catch {
    marketPrice = null; // outside the simulated horizon: the offer still shows, without a comparison
  }
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
    open: now >= row.window_from && now < row.window_to && row.shares_available > 0,
    marketPrice,
    discountBp: marketPrice ? Math.trunc(((marketPrice - row.price) * 10_000) / marketPrice) : null,
    createdAt: row.created_at,
  };
}
