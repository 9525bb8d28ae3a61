/**
 * Where a block-trade offer's window stands. Decided on the server at the market clock's now (the
 * domain clock, docs/decisions/023-one-clock.md) and sent as the offer's `phase`: a client shows it
 * and never decides it again from the device's clock, which may read another day than the market's.
 */
export const OFFER_PHASES = ['upcoming', 'open', 'ended'] as const;
export type OfferPhase = (typeof OFFER_PHASES)[number];

/** Upcoming before the window [from, to); open inside it while shares are left; else ended. */
export function offerPhase(o: { from: number; to: number; sharesAvailable: number }, now: number): OfferPhase {
  if (now < o.from) return 'upcoming';
  return now < o.to && o.sharesAvailable > 0 ? 'open' : 'ended';
}
