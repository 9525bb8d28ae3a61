export const ACCOUNT_STATES = ['active', 'frozen', 'no_trade', 'banned'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** The message id a user sees for a restricted account (docs/product.md "Roles and account restrictions", "Messages"). */
export const ACCOUNT_STATE_MESSAGE = {
  frozen: 'account_frozen',
  no_trade: 'account_no_trade',
  banned: 'account_banned',
} as const satisfies Record<Exclude<AccountState, 'active'>, string>;

export const PHONE_PATTERN = /^\+?[0-9]{8,15}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const FUND_PASSWORD_PATTERN = /^[0-9]{6}$/;
export const INVITE_CODE_PATTERN = /^[A-Z0-9]{4,16}$/;
export const FUND_PASSWORD_MAX_TRIES = 5;
export const FUND_PASSWORD_LOCK_MS = 30 * 60 * 1000;
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session also ends this long after the login that made it, however often it is used (docs/domain.md). */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * A payout destination change needs a sign-in this recent (docs/domain.md "Bank accounts and
 * wallets"): a session stolen or left open on a shared device is, almost always, an old one.
 */
export const FRESH_LOGIN_MS = 5 * 60 * 1000;

/**
 * The password rules that need no list (NIST 800-63B; docs/decisions/007-password-checks.md): not only
 * whitespace, not the phone number nor built from it. The server adds the common-passwords list; the
 * client runs these before sending. Length is the schema's (PASSWORD_MIN..PASSWORD_MAX).
 */
export type PasswordProblem = 'password_blank' | 'password_from_phone';

export function passwordProblem(password: string, phone: string): PasswordProblem | null {
  if (/^\s*$/u.test(password)) return 'password_blank';
  if (builtFromPhone(password, phone)) return 'password_from_phone';
  return null;
}

/** The digit strings of a phone number as people write it: as given, national (0…) and international (81…). */
export function phoneForms(phone: string): string[] {
  const d = toAsciiDigits(phone).replace(/\D/g, '');
  const forms = new Set([d]);
  if (d.startsWith('81')) {
    forms.add(`0${d.slice(2)}`);
    forms.add(d.slice(2));
  } else if (d.startsWith('0')) {
    forms.add(d.slice(1));
    forms.add(`81${d.slice(1)}`);
  }
  return [...forms].filter((f) => f.length >= 7);
}

/**
 * "Built from the phone": with separators (spaces, hyphens, dots, brackets, +) taken out, the password
 * contains the number (in any of its forms, or reversed), or is all digits and part of it.
 */
export function builtFromPhone(password: string, phone: string): boolean {
  const p = toAsciiDigits(password.normalize('NFKC')).replace(/[\s\-+().‐－ー]/gu, '');
  if (!p) return false;
  return phoneForms(phone).some((form) => {
    const reversed = [...form].reverse().join('');
    if (p.includes(form) || p.includes(reversed)) return true;
    return /^\d+$/.test(p) && p.length >= 7 && (form.includes(p) || reversed.includes(p));
  });
}

function toAsciiDigits(s: string): string {
  return s.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
}
