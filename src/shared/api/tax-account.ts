import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * Account types and NISA (docs/domain.md "Account types and NISA"): the user's 特定口座 choice
 * (源泉徴収あり/なし, changed only before the year's first sale in it), the NISA account application
 * (verified My Number identity and a declaration), its admin review, and the NISA room (usage).
 */

/** The choice made when opening the account (the KYC submission): 特定（源泉徴収あり）, 特定（源泉徴収なし）, 一般のみ. */
export const TAX_ACCOUNT_CHOICES = ['specific_withholding', 'specific', 'general'] as const;
export type TaxAccountChoice = (typeof TAX_ACCOUNT_CHOICES)[number];

export const NISA_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type NisaState = (typeof NISA_STATES)[number];

const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const room = z.object({ limit: int, used: int, reserved: int, remaining: int });

/** NisaUsage of shared/domain/account-type.ts: the Tokyo year's room per 枠 and the lifetime rooms, yen. */
export const nisaUsage = z.object({
  year: int,
  frames: z.object({ nisa_growth: room, nisa_tsumitate: room }),
  lifetime: room,
  growthLifetime: room,
  /** Book value sold this year: lifetime room that comes back on 1 January. */
  freesNextYear: int,
});

export const nisaStatus = z.object({
  state: z.enum(NISA_STATES),
  /** The reviewer's reason (shown when rejected). */
  reason: z.string().nullable(),
  /** The Tokyo year of the application. */
  year: int.nullable(),
  appliedAt: int.nullable(),
});

export const taxAccountView = z.object({
  /** The user has a 特定口座 (else 一般口座 only). */
  specific: z.boolean(),
  /** 源泉徴収あり (false without a 特定口座). */
  withholding: z.boolean(),
  /** The first day the withholding choice may change again; null: it may change now. */
  withholdingChangeableFrom: isoDate.nullable(),
  nisa: nisaStatus,
  /** Always computed (zeros without NISA). */
  usage: nisaUsage,
});
export type TaxAccountView = z.infer<typeof taxAccountView>;

export const withholdingBody = z.object({ withholding: z.boolean() });
export type WithholdingBody = z.infer<typeof withholdingBody>;
/** 非課税口座開設届出書: the user declares they hold no NISA account at another firm this year. */
export const nisaApplyBody = z.object({ declaration: z.literal(true) });
export type NisaApplyBody = z.infer<typeof nisaApplyBody>;

export const nisaQueueItem = z.object({
  id: z.string(),
  userId: z.string(),
  phone: z.string(),
  year: int,
  status: z.enum(['pending', 'approved', 'rejected']),
  appliedAt: int,
  declaredAt: int,
  decidedAt: int.nullable(),
  reason: z.string().nullable(),
});
export type NisaQueueItem = z.infer<typeof nisaQueueItem>;

export const userNisaView = z.object({
  userId: z.string(),
  specific: z.boolean(),
  withholding: z.boolean(),
  /** The NISA account is open (latest application approved). */
  nisa: z.boolean(),
  application: nisaQueueItem.nullable(),
  usage: nisaUsage,
});
export type UserNisaView = z.infer<typeof userNisaView>;

const reason = z.string().trim().min(3).max(500);
const idParam = z.object({ id: z.string().min(1).max(80) });

export const taxAccountApi = {
  status: endpoint({
    method: 'get', path: 'tax-account', tag: 'account', auth: 'user',
    summary: 'My account types: 特定口座 and its withholding choice, the NISA application and the NISA room',
    data: taxAccountView,
  }),
  withholding: endpoint({
    method: 'post', path: 'tax-account/withholding', tag: 'account', auth: 'user',
    summary: 'Choose 源泉徴収あり/なし for the 特定口座 (only while nothing was sold or paid in it this Tokyo year)',
    body: withholdingBody, data: taxAccountView,
  }),
  applyNisa: endpoint({
    method: 'post', path: 'tax-account/nisa', tag: 'account', auth: 'user',
    summary: 'Apply for a NISA account (needs a verified My Number identity and the declaration); reviewed by an admin',
    body: nisaApplyBody, data: taxAccountView,
  }),
};

export const taxAccountAdminApi = {
  queue: endpoint({
    method: 'get', path: 'admin/nisa/applications', tag: 'admin', auth: 'admin',
    summary: 'NISA account applications by status (default pending), oldest first',
    query: z.object({
      status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
      cursor: z.string().max(80).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ items: z.array(nisaQueueItem), next: z.string().nullable() }),
  }),
  decide: endpoint({
    method: 'post', path: 'admin/nisa/applications/{id}/decide', tag: 'admin', auth: 'admin',
    summary: 'Approve or reject a NISA application with a reason shown to the user (audited)',
    params: idParam, body: z.object({ decision: z.enum(['approved', 'rejected']), reason }), data: nisaQueueItem,
  }),
  user: endpoint({
    method: 'get', path: 'admin/users/{id}/nisa', tag: 'admin', auth: 'admin',
    summary: "A user's account types, NISA application and NISA room",
    params: idParam, data: userNisaView,
  }),
};
