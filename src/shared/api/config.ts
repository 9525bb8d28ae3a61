import { z } from 'zod';
import { endpoint } from './endpoint';

export const configItem = z.object({
  name: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});

export const configApi = {
  list: endpoint({
    method: 'post', path: 'common/config', tag: 'config', auth: 'none',
    summary: 'Site configuration and server-given limits as name/value items',
    body: z.object({ type: z.literal('all') }),
    data: z.array(configItem),
  }),
};
