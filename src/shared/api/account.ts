import { z } from 'zod';
import { KYC_STATUSES } from './kyc';
import { endpoint } from './endpoint';
import {
  ACCOUNT_STATES,
  FUND_PASSWORD_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
} from '../domain/account';

/** Hyphens and spaces in a phone number are decoration; the stored form is digits (and a leading +). */
export const phoneSchema = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN));
export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
export const fundPasswordSchema = z.string().regex(FUND_PASSWORD_PATTERN);

export const registerBody = z.object({
  phone: phoneSchema,
  password: passwordSchema,
  password2: z.string().min(1).max(PASSWORD_MAX),
  inviteCode: z.string().trim().toUpperCase().max(16).default(''),
  agree: z.boolean(),
});

export const loginBody = z.object({
  phone: phoneSchema,
  password: z.string().min(1).max(PASSWORD_MAX),
});

/**
 * A new session. The browser app takes only `account` and `is_admin` from it (the server has set
 * the httpOnly session cookie); `token` is for clients that send the `token` header.
 */
export const sessionData = z.object({
  token: z.string(),
  account: z.string(),
  is_admin: z.boolean(),
});

export const userInfo = z.object({
  id: z.string(),
  phone: z.string(),
  state: z.enum(ACCOUNT_STATES),
  stateReason: z.string().nullable(),
  inviteCode: z.string(),
  isAdmin: z.boolean(),
  fundPasswordSet: z.boolean(),
  /** 本人確認 (src/shared/api/kyc.ts): withdrawals, bank accounts, IPO and loans need `verified`. */
  kycStatus: z.enum(KYC_STATUSES),
  /**
   * The 口座開設 checklist's cash facts (docs/domain.md "Onboarding"; with kycStatus and
   * fundPasswordSet): a live bank account, and the best deposit so far. Optional so that a client
   * newer than its server shows no checklist rather than a wrong one.
   */
  onboarding: z.object({ bankAccount: z.boolean(), deposit: z.enum(['none', 'pending', 'approved']) }).optional(),
  createdAt: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const changePasswordBody = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX),
  password: passwordSchema,
  password2: z.string().min(1).max(PASSWORD_MAX),
});

/** Setting the fund password the first time needs the login password; changing it needs the old one. */
export const fundPasswordBody = z.object({
  loginPassword: z.string().max(PASSWORD_MAX).optional(),
  oldFundPassword: z.string().max(6).optional(),
  password: fundPasswordSchema,
  password2: z.string().min(1).max(6),
});

export const okData = z.object({ ok: z.literal(true) });

/*
 * Login history and devices (docs/domain.md "Login history and devices", docs/decisions/002 follow-up):
 * every sign-in is recorded with its address, coarse location and device; a sign-in from a device or
 * country the account has not used before is told to the user, who can answer "this wasn't me".
 */

/**
 * The header the app sends with a sign-in (password, passkey, registration): a random id the app made
 * once for this browser or app install and keeps in its storage (src/app/device-id.ts). It only tells
 * the server "a device this account has used before"; the server keeps its hash, never the id.
 */
export const DEVICE_HEADER = 'X-Device-Id';
/** What the server accepts as a device id (anything else counts as no id). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export const LOGIN_METHODS = ['password', 'passkey', 'register'] as const;
export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'tv', 'other'] as const;

/** What a sign-in's User-Agent said (parsed on the server), where and how it happened. */
const loginClient = {
  method: z.enum(LOGIN_METHODS),
  /** The client address as the server saw it (behind a trusted proxy, the forwarded one); null when unknown. */
  ip: z.string().nullable(),
  /**
   * ISO 3166-1 alpha-2, only where a trusted proxy in front of the server says it (KABUTO_COUNTRY_HEADER,
   * e.g. CF-IPCountry); null otherwise. Never looked up from a third-party service.
   */
  country: z.string().nullable(),
  /** Browser and major version, e.g. "Chrome 126"; '' when the User-Agent does not say. */
  browser: z.string(),
  /** Operating system and version, e.g. "iOS 17.5"; ''. */
  os: z.string(),
  deviceType: z.enum(DEVICE_TYPES),
  /** Maker and model when the User-Agent names them, e.g. "Apple iPhone"; ''. */
  deviceName: z.string(),
};

export const sessionItem = z.object({
  id: z.string(),
  /** The session making this request: "this device". */
  current: z.boolean(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  ...loginClient,
});
export type SessionItem = z.infer<typeof sessionItem>;

export const loginItem = z.object({
  id: z.string(),
  at: z.number().int(),
  ...loginClient,
  /** The account had other devices and this one was not among them (the user was told). */
  newDevice: z.boolean(),
  /** The location was known and the account had signed in from other countries only (the user was told). */
  newCountry: z.boolean(),
  /** When the user reported this sign-in as not theirs; null if never. */
  reportedAt: z.number().int().nullable(),
  /** The session it made is still live. */
  active: z.boolean(),
  /** It made the session of this request. */
  current: z.boolean(),
});
export type LoginItem = z.infer<typeof loginItem>;

/** How many recent sign-ins `user/logins` lists. */
export const LOGIN_HISTORY_MAX = 50;

export const loginHistory = z.object({
  items: z.array(loginItem),
  /**
   * Since when fund actions (withdrawals, fund-password commands, payout destination changes) are
   * stopped because a sign-in was reported as not the user's; null when they are not. Lifted by
   * changing the login password.
   */
  fundsLockedSince: z.number().int().nullable(),
});
export type LoginHistory = z.infer<typeof loginHistory>;

const idParam = z.object({ id: z.string().min(1).max(64) });

export const accountApi = {
  register: endpoint({
    method: 'post', path: 'user/register', tag: 'account', auth: 'none',
    summary: 'Register with phone, password, invitation code and privacy agreement',
    body: registerBody, data: sessionData, session: 'start',
  }),
  login: endpoint({
    method: 'post', path: 'user/login', tag: 'account', auth: 'none',
    summary: 'Sign in; returns a new session token and sets the session cookie', body: loginBody, data: sessionData, session: 'start',
  }),
  logout: endpoint({
    method: 'post', path: 'user/logout', tag: 'account', auth: 'user',
    summary: 'Revoke the current session and clear the session cookie', data: okData, session: 'end',
  }),
  info: endpoint({
    method: 'get', path: 'user/info', tag: 'account', auth: 'user',
    summary: 'The signed-in user', data: userInfo,
  }),
  changePassword: endpoint({
    method: 'post', path: 'user/password', tag: 'account', auth: 'user',
    summary: 'Change the login password; other sessions are revoked',
    body: changePasswordBody, data: okData,
  }),
  fundPassword: endpoint({
    method: 'post', path: 'user/fund-password', tag: 'account', auth: 'user',
    summary: 'Set or change the 6-digit fund password', body: fundPasswordBody, data: okData,
  }),
  sessions: endpoint({
    method: 'get', path: 'user/sessions', tag: 'account', auth: 'user',
    summary: 'The live sessions of the signed-in user, newest first, this one marked',
    data: z.object({ items: z.array(sessionItem) }),
  }),
  revokeSession: endpoint({
    method: 'post', path: 'user/sessions/{id}/revoke', tag: 'account', auth: 'user',
    summary: 'Sign one of the user\'s sessions out', params: idParam, data: okData,
  }),
  logins: endpoint({
    method: 'get', path: 'user/logins', tag: 'account', auth: 'user',
    summary: `The user's last ${LOGIN_HISTORY_MAX} sign-ins and whether fund actions are locked`,
    data: loginHistory,
  }),
  reportLogin: endpoint({
    method: 'post', path: 'user/logins/{id}/not-me', tag: 'account', auth: 'user',
    summary: '"This wasn\'t me": sign out everywhere and lock fund actions until the password is changed',
    params: idParam, data: okData,
    // The caller's own session ends with every other one: the browser's cookie is cleared with it.
    session: 'end',
  }),
};
