/**
 * Pure rules of deposits (docs/domain.md "Deposits"): the accepting hours on Tokyo business days,
 * the amount limits, and the user's stable transfer reference.
 */
import type { MessageId } from '../../../shared/api/messages';

/** The refusal for an amount outside [min, max], or null. */
export function amountRefusal(amount: number, min: number, max: number): MessageId | null {
  if (!Number.isSafeInteger(amount) || amount < min || amount > max) return 'deposit_amount_out_of_range';
  return null;
}

/**
 * The refusal of an approval's amount, or null: an approval credits at most what the user stated
 * (docs/domain.md "What Kabuto never builds": never above it). A lower amount (the bank received less) is a correction the reviewer
 * gives a reason for; anything in the user's favour beyond the statement is a separate admin grant.
 */
export function approvalRefusal(stated: number, approved: number | undefined): MessageId | null {
  if (approved !== undefined && approved > stated) return 'deposit_amount_above_stated';
  return null;
}

/**
 * The user's transfer reference: stable per user, derived from their id (uuidv7's random tail),
 * so the operator can match an incoming transfer (振込依頼人名 or USDT memo) to the user.
 */
export function depositReference(userId: string): string {
  return `KB${userId.replace(/[^0-9a-zA-Z]/g, '').slice(-10).toUpperCase()}`;
}
