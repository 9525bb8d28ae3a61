import { z } from 'zod';
import type { MessageId } from './messages';

/** Values the server may put in `params`: numbers (amounts, counts) and short strings (times). */
export const paramsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type MessageParams = z.infer<typeof paramsSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(1), msg: z.literal(''), data });
}

export const failureEnvelope = z.object({
  status: z.literal(0),
  msg: z.string(),
  params: paramsSchema.optional(),
  data: z.null(),
});

export type Success<T> = { status: 1; msg: ''; data: T };
export type Failure = { status: 0; msg: MessageId | string; params?: MessageParams; data: null };
export type Envelope<T> = Success<T> | Failure;
