/**
 * Pure rules of bank accounts and wallets (docs/domain.md "Bank accounts and wallets"); unit-tested
 * in tests/unit/cash-rules.test.ts. Each check answers the message id the user sees.
 */
import { ACCOUNT_NUMBER_DIGITS, WALLET_LABEL_MAX } from '../../../shared/api/cash';
import type { MessageId } from '../../../shared/api/messages';
import { MINUTE_MS } from '../../../shared/market/jst';
import { holderMatchKey, normalizeHolderKana } from '../../../shared/domain/kana';

export type Checked<T> = { ok: true; value: T } | { ok: false; id: MessageId };

/** A 4-digit bank code or 3-digit branch code as typed (full-width digits accepted), else null. */
export function cleanCode(raw: string, digits: number): string | null {
  const s = raw.normalize('NFKC').trim();
  return new RegExp(`^\\d{${digits}}$`).test(s) ? s : null;
}

/**
 * The account number: exactly 7 digits (full-width digits accepted). A shorter number is refused,
 * never zero-padded: the user copies the 7 digits printed on the passbook, and guessing the padding
 * could send money to someone else's account.
 */
export function checkAccountNumber(raw: string): Checked<string> {
  const s = raw.normalize('NFKC').trim();
  const re = new RegExp(`^\\d{${ACCOUNT_NUMBER_DIGITS}}$`);
  return re.test(s) ? { ok: true, value: s } : { ok: false, id: 'bank_account_number_invalid' };
}

/** The holder name as stored, or the KYC helper's kana message ids (one wording for kana everywhere). */
export function checkHolderKana(raw: string): Checked<string> {
  const r = normalizeHolderKana(raw);
  if (r.ok) return { ok: true, value: r.value };
  return { ok: false, id: r.problem === 'latin' ? 'kana_latin_letters' : 'kana_invalid' };
}

/** Own-name rule: the holder is the verified KYC kana once both are normalised (spaces, small kana). */
export function holderMatches(holder: string, kycKana: string | null): boolean {
  if (!kycKana) return false;
  const a = holderMatchKey(holder);
  const b = holderMatchKey(kycKana);
  return a !== null && a === b;
}

/** ••• and the last 4 digits. */
export function maskAccountNumber(number: string): string {
  return `•••${number.slice(-4)}`;
}

// C0/C1 controls and bidi overrides, which could disguise a label.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** A wallet label: trimmed, empty → null; too long or with control characters → invalid. */
export function cleanLabel(raw: string | undefined): Checked<string | null> {
  const s = (raw ?? '').normalize('NFC').trim();
  if (s.length === 0) return { ok: true, value: null };
  if ([...s].length > WALLET_LABEL_MAX || CONTROL.test(s)) return { ok: false, id: 'invalid_request' };
  return { ok: true, value: s };
}

/**
 * When a destination added at `now` may first receive a withdrawal: `holdHours` later (config
 * payoutHoldHours), rounded up to the whole minute, so the time the user is shown (hh:mm) is never
 * earlier than the real one. No hold: at once.
 */
export function payoutUsableAt(now: number, holdHours: number): number {
  if (holdHours <= 0) return now;
  return Math.ceil((now + holdHours * 60 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
}

/** The instant a destination is still held until, or null when it may receive now (rows from before the hold have none). */
export function heldUntil(usableAt: number | null, now: number): number | null {
  return usableAt !== null && usableAt > now ? usableAt : null;
}
