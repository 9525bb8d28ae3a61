import { z } from 'zod';
import { endpoint } from './endpoint';
import { ACCOUNT_STATES } from '../domain/account';
import { configItem } from './config';

const reason = z.string().trim().min(3).max(500);

export const auditEntry = z.object({
  id: z.string(),
  adminId: z.string(),
  action: z.string(),
  target: z.string(),
  reason: z.string(),
  detail: z.record(z.string(), z.unknown()),
  at: z.number().int(),
});

export const adminApi = {
  audit: endpoint({
    method: 'get', path: 'admin/audit', tag: 'admin', auth: 'admin',
    summary: 'Audit log, newest first',
    query: z.object({
      cursor: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    data: z.object({ items: z.array(auditEntry), next: z.string().nullable() }),
  }),
  setUserState: endpoint({
    method: 'post', path: 'admin/users/{id}/state', tag: 'admin', auth: 'admin',
    summary: 'Set an account state with a reason shown to the user',
    params: z.object({ id: z.string().min(1).max(64) }),
    body: z.object({ state: z.enum(ACCOUNT_STATES), reason }),
    data: z.object({ id: z.string(), state: z.enum(ACCOUNT_STATES) }),
  }),
  setConfig: endpoint({
    method: 'post', path: 'admin/config', tag: 'admin', auth: 'admin',
    summary: 'Change one configuration item',
    body: z.object({ name: z.string().min(1).max(64), value: configItem.shape.value, reason }),
    data: configItem,
  }),
};
