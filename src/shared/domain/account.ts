export const ACCOUNT_STATES = ['active', 'frozen', 'no_trade', 'banned'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** The message id a user sees for a restricted account (spec §6, §8). */
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
