/**
 * The 信用取引口座 check of the order path (docs/domain.md "Margin account"): a margin buy or a
 * short is refused (`margin_account_required`, params {state}) unless the user's latest 信用取引口座
 * application is approved. The application, with the risk agreement that is part of it, belongs to
 * modules/margin-account; closing a margin position is never refused here.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ruleBroken } from '../../errors';
import type { Direction } from '../../../shared/domain/position';
import { latestMarginReview } from './margin-agreement-repo';

/** Margin and short orders (the ones whose preview carries a `risk`): anything but a 1× buy. */
export function needsMarginAccount(direction: Direction, leverageX10: number): boolean {
  return direction === 'down' || leverageX10 > 10;
}

/** Inside the order's transaction: a margin or short order of a user without an approved account is refused. */
export async function assertMarginAccount(trx: Transaction<DB>, userId: string, direction: Direction, leverageX10: number): Promise<void> {
  if (!needsMarginAccount(direction, leverageX10)) return;
  const review = await latestMarginReview(trx, userId);
  if (review === 'approved') return;
  const state = review === 'pending' || review === 'rejected' ? review : 'none';
  throw ruleBroken('margin_account_required', { state });
}
