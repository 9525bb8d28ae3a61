import { z } from 'zod';
import { endpoint } from './endpoint';
import { positionView } from './trade';
import { OFFER_PHASES } from '../domain/block-offer';

const int = z.number().int();
const reason = z.string().trim().min(3).max(500);
const idParam = z.object({ id: z.string().min(1).max(64) });
const page = z.object({
  cursor: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const blockOffer = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  priceScale: int,
  /** Offer price per share (scaled); block trades are negotiated off the auction. */
  price: int,
  minShares: int,
  sharesAvailable: int,
  sharesTotal: int,
  /** A purchase can be sold this many trading days after it. */
  lockDays: int,
  /** Window [from, to) as epoch ms. */
  from: int,
  to: int,
  open: z.boolean(),
  /** Where the window stands at the market clock's now (shared/domain/block-offer.ts): clients show it as is. */
  phase: z.enum(OFFER_PHASES),
  marketPrice: int.nullable(),
  /** (market − offer) ÷ market in basis points: positive = below market. */
  discountBp: int.nullable(),
  createdAt: int,
});
export type BlockOfferView = z.infer<typeof blockOffer>;

export const createOfferBody = z
  .object({
    code: z.string().trim().min(1).max(16),
    price: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    minShares: z.number().int().positive().max(1_000_000_000),
    sharesAvailable: z.number().int().positive().max(1_000_000_000),
    lockDays: z.number().int().min(0).max(365),
    from: z.number().int().nonnegative(),
    to: z.number().int().positive(),
    reason,
  })
  .refine((b) => b.to > b.from, { path: ['to'], message: 'window ends before it starts' })
  .refine((b) => b.sharesAvailable >= b.minShares, { path: ['sharesAvailable'], message: 'fewer shares than the minimum' });

export const blockApi = {
  offers: endpoint({
    method: 'get', path: 'block/offers', tag: 'block', auth: 'user',
    summary: 'Block-trade offers that are open or upcoming',
    data: z.object({ items: z.array(blockOffer) }),
  }),
  buy: endpoint({
    method: 'post', path: 'block/offers/{id}/buy', tag: 'block', auth: 'user', idempotent: true,
    summary: 'Buy shares of an offer: a cash position locked for the offer’s lock days',
    params: idParam,
    body: z.object({ shares: z.number().int().positive().max(1_000_000_000) }),
    data: positionView,
  }),
  orders: endpoint({
    method: 'get', path: 'block/orders', tag: 'block', auth: 'user',
    summary: 'The user’s block-trade purchases, newest first',
    query: page,
    data: z.object({ items: z.array(positionView), next: z.string().nullable() }),
  }),
};

export const blockAdminApi = {
  create: endpoint({
    method: 'post', path: 'admin/block/offers', tag: 'admin', auth: 'admin',
    summary: 'Create a block-trade offer (audited)',
    body: createOfferBody, data: blockOffer,
  }),
  list: endpoint({
    method: 'get', path: 'admin/block/offers', tag: 'admin', auth: 'admin',
    summary: 'Every block-trade offer, newest first',
    query: page,
    /** `now`: the market clock's, the domain clock (the new-offer form's default window starts there). */
    data: z.object({ items: z.array(blockOffer), next: z.string().nullable(), now: int }),
  }),
  close: endpoint({
    method: 'post', path: 'admin/block/offers/{id}/close', tag: 'admin', auth: 'admin',
    summary: 'End an offer’s window now (audited)',
    params: idParam, body: z.object({ reason }), data: blockOffer,
  }),
};
