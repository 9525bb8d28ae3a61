import { z } from 'zod';
import { endpoint } from './endpoint';
import { SEGMENTS } from '../market/sectors';

/**
 * IPO and offerings (docs/domain.md "IPO"; docs/decisions/014-ipo-draw.md): admins create offerings;
 * verified users apply in lots (funds reserved at the top of the provisional range), the price is
 * set when the window closes, the draw runs at the draw time from a seed committed to in advance,
 * winners purchase or waive by the payment due date, and on the listing date the allotment becomes
 * an ordinary cash position.
 */

export const OFFERING_KINDS = ['ipo', 'po', 'placement'] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number];

/** An offering's phase (derived from its dates and jobs). */
export const OFFERING_STATUSES = ['to_be_subscribed', 'subscribing', 'awaiting_draw', 'in_progress', 'ended'] as const;
export type OfferingStatus = (typeof OFFERING_STATUSES)[number];

/** An application's status; with the offering's phases these are the 11 subscription statuses of docs/product.md (plus cancelled). */
export const APPLICATION_STATUSES = [
  'subscribing', 'awaiting_draw', 'won', 'not_won', 'payment_pending', 'payment_made', 'payment_failed', 'waived', 'ended', 'cancelled',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Spec limits: 1–1,000,000 lots per application; 1 lot = 100 shares. */
export const IPO_MAX_LOTS = 1_000_000;

const int = z.number().int();
const idParams = z.object({ id: z.string().min(1).max(64) });
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const offeringView = z.object({
  id: z.string(),
  kind: z.enum(OFFERING_KINDS),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Optional names an admin entered (null: the English name is shown). */
  nameZhHant: z.string().nullable(),
  nameKo: z.string().nullable(),
  segment: z.enum(SEGMENTS),
  sponsor: z.string(),
  status: z.enum(OFFERING_STATUSES),
  priceScale: int,
  /** Provisional (仮条件) range. */
  priceLow: int,
  priceHigh: int,
  /** Issue / offer price (公開価格), set when the window closes; null before. */
  finalPrice: int.nullable(),
  /** First price on the listing date (初値), after listing. */
  openPrice: int.nullable(),
  /** The stock's price now, once listed. */
  marketPrice: int.nullable(),
  /** marketPrice − finalPrice (per share), once both exist. */
  priceDiff: int.nullable(),
  /** priceDiff ÷ finalPrice in basis points (premium). */
  premiumBp: int.nullable(),
  sharesOffered: int,
  minLots: int,
  minFunds: int,
  repeatMax: int,
  /** Book-building window [from, to). */
  from: int,
  to: int,
  drawAt: int,
  paymentDue: int,
  listingDate: isoDate,
  /** Shares are delivered (受渡) on the listing date. */
  distributionDate: isoDate,
  /** Lots applied for by all (non-cancelled) applications and how many applicants. */
  appliedLots: int,
  applicants: int,
  /** After the draw: winners ÷ applicants (IPO) or lots won ÷ lots applied (PO), in basis points. */
  winningRateBp: int.nullable(),
  /** hex SHA-256 of the seed, published from creation (before the window opens). */
  commitment: z.string(),
  /** Revealed at the draw. */
  seed: z.string().nullable(),
  /** The signed-in user's live applications to this offering. */
  myApplications: int,
  createdAt: int,
});
export type OfferingView = z.infer<typeof offeringView>;

export const applicationView = z.object({
  id: z.string(),
  offeringId: z.string(),
  kind: z.enum(OFFERING_KINDS),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** Optional names an admin entered (null: the English name is shown). */
  nameZhHant: z.string().nullable(),
  nameKo: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  priceScale: int,
  lots: int,
  shares: int,
  /** Price per share the reservation is computed at (the top of the range, then the issue price). */
  reservePrice: int,
  /** lots × 100 × reservePrice (申込金額). */
  amountSubscribed: int,
  /** Money still reserved for this application (拘束中). */
  remainingAmount: int,
  wonLots: int.nullable(),
  wonShares: int.nullable(),
  /** wonShares × issue price (当選金額 / 購入金額). */
  amountWon: int.nullable(),
  finalPrice: int.nullable(),
  drawAt: int,
  paymentDue: int,
  listingDate: isoDate,
  positionId: z.string().nullable(),
  createdAt: int,
  updatedAt: int,
});
export type ApplicationView = z.infer<typeof applicationView>;

export const drawView = z.object({
  offeringId: z.string(),
  kind: z.enum(OFFERING_KINDS),
  /** The algorithm the draw ran (`kabuto-draw-v2`, or `kabuto-draw-v1` for draws before it); before the draw, the one it will run. */
  algorithm: z.string(),
  commitment: z.string(),
  seed: z.string().nullable(),
  /** Units (lots) on offer. */
  units: int,
  drawAt: int,
  drawnAt: int.nullable(),
  /**
   * Every live application by its entry id, hex(SHA-256(offeringId + ":" + applicationId)), with its
   * units: sorted by entry id (v2), or in the recorded order of the draw (v1). No application ids.
   */
  applications: z.array(z.object({ id: z.string(), units: int })),
  /** Units won per entry id, as recorded at the draw, in the same order (null before). */
  results: z.array(z.object({ id: z.string(), units: int })).nullable(),
});
export type DrawView = z.infer<typeof drawView>;

export const ipoApi = {
  offerings: endpoint({
    method: 'get', path: 'ipo/offerings', tag: 'ipo', auth: 'user',
    summary: 'Offerings (IPO, PO, placement), newest window first, optionally by status or kind',
    query: z.object({ status: z.enum(OFFERING_STATUSES).optional(), kind: z.enum(OFFERING_KINDS).optional() }),
    data: z.object({ items: z.array(offeringView) }),
  }),
  offering: endpoint({
    method: 'get', path: 'ipo/offerings/{id}', tag: 'ipo', auth: 'user',
    summary: "One offering with the user's applications to it and the money available to apply",
    params: idParams,
    data: z.object({ offering: offeringView, applications: z.array(applicationView), available: int }),
  }),
  apply: endpoint({
    method: 'post', path: 'ipo/offerings/{id}/apply', tag: 'ipo', auth: 'user', idempotent: true,
    summary: 'Apply for lots (verified identity, window open, repeat limit, minimum lots and funds); lots × 100 × the top of the range is reserved',
    params: idParams,
    body: z.object({ lots: z.number().int().min(1).max(IPO_MAX_LOTS) }),
    data: z.object({ application: applicationView }),
  }),
  applications: endpoint({
    method: 'get', path: 'ipo/applications', tag: 'ipo', auth: 'user',
    summary: "The user's applications and their results, newest first",
    data: z.object({ items: z.array(applicationView) }),
  }),
  cancel: endpoint({
    method: 'post', path: 'ipo/applications/{id}/cancel', tag: 'ipo', auth: 'user', idempotent: true,
    summary: 'Cancel an application while the window is open: the reserve returns',
    params: idParams,
    data: z.object({ application: applicationView }),
  }),
  purchase: endpoint({
    method: 'post', path: 'ipo/applications/{id}/purchase', tag: 'ipo', auth: 'user', idempotent: true,
    summary: 'Purchase a won allotment (before the payment due date); paid from the reserve at the issue price on the due date',
    params: idParams,
    data: z.object({ application: applicationView }),
  }),
  waive: endpoint({
    method: 'post', path: 'ipo/applications/{id}/waive', tag: 'ipo', auth: 'user', idempotent: true,
    summary: 'Waive a won allotment (free of charge) before the payment due date: the reserve returns',
    params: idParams,
    data: z.object({ application: applicationView }),
  }),
  draw: endpoint({
    method: 'get', path: 'ipo/offerings/{id}/draw', tag: 'ipo', auth: 'user',
    summary: 'The draw: commitment, revealed seed, algorithm, applications and results, to re-run it',
    params: idParams,
    data: drawView,
  }),
};

export const createOfferingBody = z.object({
  kind: z.enum(OFFERING_KINDS),
  code: z.string().trim().regex(/^[0-9A-Z]{4}$/),
  name: z.string().trim().min(1).max(60),
  nameEn: z.string().trim().min(1).max(80),
  /** Optional Traditional Chinese and Korean names (a reader without one sees the English name). */
  nameZhHant: z.string().trim().max(80).optional(),
  nameKo: z.string().trim().max(80).optional(),
  kana: z.string().trim().max(80).default(''),
  segment: z.enum(SEGMENTS),
  sponsor: z.string().trim().min(1).max(60),
  /** Provisional range, in priceScale units (0.1 yen). */
  priceLow: z.number().int().positive().max(1_000_000_000),
  priceHigh: z.number().int().positive().max(1_000_000_000),
  sharesOffered: z.number().int().positive().max(10_000_000_000),
  /** Shares outstanding after the offering (IPO: for the new instrument's market value). */
  sharesOutstanding: z.number().int().positive().max(100_000_000_000).optional(),
  /** Default: the `ipoMinShares` setting in lots. */
  minLots: z.number().int().min(1).max(IPO_MAX_LOTS).optional(),
  minFunds: z.number().int().min(0).max(1_000_000_000_000).optional(),
  repeatMax: z.number().int().min(1).max(100).optional(),
  from: z.number().int().nonnegative(),
  to: z.number().int().nonnegative(),
  drawAt: z.number().int().nonnegative(),
  paymentDue: z.number().int().nonnegative(),
  listingDate: isoDate,
  reason: z.string().trim().min(3).max(500),
});

export const ipoAdminApi = {
  list: endpoint({
    method: 'get', path: 'admin/ipo/offerings', tag: 'admin', auth: 'admin',
    summary: 'Every offering, newest first',
    /** `now`: the market clock's, the domain clock (the create form's default dates start there, docs/decisions/023-one-clock.md). */
    data: z.object({ items: z.array(offeringView), now: int }),
  }),
  create: endpoint({
    method: 'post', path: 'admin/ipo/offerings', tag: 'admin', auth: 'admin', idempotent: true,
    summary: 'Create an IPO (a new instrument in the simulator), a public offering or a placement; the seed commitment is fixed now (audited)',
    body: createOfferingBody,
    data: z.object({ offering: offeringView }),
  }),
};
