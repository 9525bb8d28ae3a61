import { z } from 'zod';
import { endpoint } from './endpoint';
import { ACCOUNT_STATES } from '../domain/account';
import { configItem } from './config';
import { fundsSummary } from './funds';
import { positionView } from './trade';

const int = z.number().int();
const reason = z.string().trim().min(3).max(500);
const idParam = z.object({ id: z.string().min(1).max(64) });

export const auditEntry = z.object({
  id: z.string(),
  adminId: z.string(),
  /** The acting admin's phone (null when the account is gone), so the log reads without a lookup. */
  adminPhone: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: z.number().int(),
});

/** One row of the user search. */
export const adminUserRow = z.object({
  id: z.string(),
  phone: z.string(),
  state: z.enum(ACCOUNT_STATES),
  isAdmin: z.boolean(),
  createdAt: int,
});

/** The KYC statuses as the back office shows them (docs/domain.md "KYC"). */
export const ADMIN_KYC_STATUSES = ['not_verified', 'under_review', 'verified', 'failed'] as const;

/** A user as the back office sees them: account, state with its reason, KYC, money and open positions. */
export const adminUserDetail = adminUserRow.extend({
  stateReason: z.string().nullable(),
  inviteCode: z.string(),
  /** null while the KYC area is not installed on this server (the screen says so). */
  kycStatus: z.enum(ADMIN_KYC_STATUSES).nullable(),
  kycReason: z.string().nullable(),
  funds: fundsSummary,
  /** Orders and positions still open (pending, in progress, holding, closing). */
  openPositions: int,
  /** The newest open ones (at most 50). */
  positions: z.array(positionView),
});

/** How a config item's value is edited. */
export const CONFIG_KINDS = ['integer', 'number', 'string', 'boolean', 'enum'] as const;
/** The groups of the config screen. */
export const CONFIG_GROUPS = ['site', 'account', 'cash', 'trading', 'offerings', 'other'] as const;

export const adminConfigItem = configItem.extend({
  group: z.enum(CONFIG_GROUPS),
  kind: z.enum(CONFIG_KINDS),
  default: z.union([z.string(), z.number(), z.boolean()]),
  /** Number items: the accepted range (law/design bounds where they exist, else the schema's). */
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** String items: the longest value accepted. */
  maxLength: int.nullable(),
  /** Enum items: the accepted values. */
  options: z.array(z.string()).nullable(),
  /** How the number reads: yen, basis points, shares, business days, a multiple. */
  unit: z.enum(['yen', 'bp', 'shares', 'days', 'times', 'count']).nullable(),
});

export const adminApi = {
  audit: endpoint({
    method: 'get', path: 'admin/audit', tag: 'admin', auth: 'admin',
    summary: 'Audit log, newest first; filter by admin (id or phone), target and action',
    query: z.object({
      cursor: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      admin: z.string().trim().max(64).optional(),
      target: z.string().trim().max(64).optional(),
      action: z.string().trim().max(64).optional(),
    }),
    data: z.object({ items: z.array(auditEntry), next: z.string().nullable() }),
  }),
  users: endpoint({
    method: 'get', path: 'admin/users', tag: 'admin', auth: 'admin',
    summary: 'Users, newest first; q matches a phone (part of it) or an id (its start)',
    query: z.object({
      q: z.string().trim().max(64).optional(),
      cursor: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ items: z.array(adminUserRow), next: z.string().nullable() }),
  }),
  user: endpoint({
    method: 'get', path: 'admin/users/{id}', tag: 'admin', auth: 'admin',
    summary: 'One user: account, state and reason, KYC, balances and open positions',
    params: idParam,
    data: adminUserDetail,
  }),
  setUserState: endpoint({
    method: 'post', path: 'admin/users/{id}/state', tag: 'admin', auth: 'admin',
    summary: 'Set an account state with a reason shown to the user',
    params: idParam,
    body: z.object({ state: z.enum(ACCOUNT_STATES), reason }),
    data: z.object({ id: z.string(), state: z.enum(ACCOUNT_STATES) }),
  }),
  config: endpoint({
    method: 'get', path: 'admin/config', tag: 'admin', auth: 'admin',
    summary: 'Every config item with its group, kind, default and bounds',
    data: z.object({ items: z.array(adminConfigItem) }),
  }),
  setConfig: endpoint({
    method: 'post', path: 'admin/config', tag: 'admin', auth: 'admin',
    summary: 'Change one configuration item',
    body: z.object({ name: z.string().min(1).max(64), value: configItem.shape.value, reason }),
    data: configItem,
  }),
  blockBand: endpoint({
    method: 'get', path: 'admin/block/band', tag: 'admin', auth: 'admin',
    summary: 'The prices a new block offer on `code` may have now (day limits and ±10% of the base)',
    query: z.object({ code: z.string().trim().min(1).max(16) }),
    data: z.object({ code: z.string(), name: z.string(), nameEn: z.string(), priceScale: int, lower: int, upper: int, base: int }),
  }),
};
