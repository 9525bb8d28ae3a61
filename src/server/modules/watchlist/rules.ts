/** Pure rules of watchlist groups (docs/domain.md "Watchlist groups"); unit-tested in tests/unit/watchlist-rules.test.ts. */
import { WATCHLIST_GROUP_NAME_MAX } from '../../../shared/api/watchlist';

export const GROUP_NAME_MIN = 1;

// C0 and C1 controls, DEL, and the bidi overrides/isolates that can disguise a name.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/**
 * A group name as stored: NFC-normalised and trimmed; null when it is empty, longer than
 * WATCHLIST_GROUP_NAME_MAX characters (code points, so an emoji counts once) or holds a control character.
 */
export function cleanGroupName(raw: string): string | null {
  const name = raw.normalize('NFC').trim();
  const length = [...name].length;
  if (length < GROUP_NAME_MIN || length > WATCHLIST_GROUP_NAME_MAX) return null;
  if (CONTROL.test(name)) return null;
  return name;
}

/** True when `order` holds exactly the items of `current`, each once. */
export function isPermutation(order: readonly string[], current: readonly string[]): boolean {
  if (order.length !== current.length || new Set(order).size !== order.length) return false;
  const have = new Set(current);
  return order.every((c) => have.has(c));
}

/** Codes without repeats, first occurrence kept. */
export function distinct(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}
