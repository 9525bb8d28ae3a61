import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/**
 * One endpoint of the contract. The server mounts it (validation + OpenAPI), the client calls it
 * (typed input and output). `path` is relative to `/api/vue/` and uses `{name}` for path params.
 */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** Needs the `token` header (a live session). */
  auth: 'none' | 'user' | 'admin';
  /** Money commands need an Idempotency-Key header. */
  idempotent?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  data: D;
}

export function endpoint<
  D extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(e: Endpoint<B, Q, P, D>): Endpoint<B, Q, P, D> {
  return e;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export type BodyOf<E> = E extends Endpoint<infer B, any, any, any> ? Input<B> : never;
export type QueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? Input<Q> : never;
export type ParamsOf<E> = E extends Endpoint<any, any, infer P, any> ? Input<P> : never;
export type DataOf<E> = E extends Endpoint<any, any, any, infer D> ? Infer<D> : never;
export type ParsedBodyOf<E> = E extends Endpoint<infer B, any, any, any> ? Infer<B> : never;
export type ParsedQueryOf<E> = E extends Endpoint<any, infer Q, any, any> ? Infer<Q> : never;
export type ParsedParamsOf<E> = E extends Endpoint<any, any, infer P, any> ? Infer<P> : never;

/** Fill `{name}` placeholders of an endpoint path. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`missing path param ${name}`);
    return encodeURIComponent(String(v));
  });
}
