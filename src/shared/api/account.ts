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

export const accountApi = {
  register: endpoint({
    method: 'post', path: 'user/register', tag: 'account', auth: 'none',
    summary: 'Register with phone, password, invitation code and privacy agreement',
    body: registerBody, data: sessionData,
  }),
  login: endpoint({
    method: 'post', path: 'user/login', tag: 'account', auth: 'none',
    summary: 'Sign in; returns a new session token', body: loginBody, data: sessionData,
  }),
  logout: endpoint({
    method: 'post', path: 'user/logout', tag: 'account', auth: 'user',
    summary: 'Revoke the current session', data: okData,
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
};
