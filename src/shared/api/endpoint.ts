import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export type EndpointAuth = 'none' | 'user' | 'admin';

/**
 * One endpoint of the contract. The server mounts it (validation + OpenAPI), the client calls it
 * (typed input and output). `path` is relative to `/api/vue/` and uses `{name}` for path params.
 */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
  A extends EndpointAuth = EndpointAuth,
  I extends boolean = boolean,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** Needs a live session: the `token` header, or the browser's session cookie (src/server/http/auth.ts). */
  auth: A;
  /**
   * A session endpoint: `start` answers a new session (`sessionData`) and the server sets the
   * browser's session cookie with it; `end` ends the caller's session and the server clears the
   * cookie (docs/decisions/002-accounts-and-sessions.md, "Follow-up: the session cookie").
   */
  session?: 'start' | 'end';
  /** Money commands need an Idempotency-Key header. */
  idempotent?: I;
  body?: B;
  query?: Q;
  params?: P;
  data: D;
}

/**
 * Declares an endpoint keeping its literals: `auth: 'none'` and `idempotent: true` stay literal
 * types, so handlers get `user: undefined` on public endpoints and `idempotencyKey: string` on money
 * commands, on the server and in the client (see docs/architecture.md, "The contract").
 */
export function endpoint<
  D extends z.ZodType,
  const A extends EndpointAuth,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  const I extends boolean = false,
>(e: Endpoint<B, Q, P, D, A, I>): Endpoint<B, Q, P, D, A, I> {
  return e;
}

/** True for money commands (`idempotent: true`): their Idempotency-Key is a required string. */
export type IsIdempotent<E> = E extends { idempotent?: infer I } ? ([I] extends [true] ? true : false) : false;
/** The caller of an endpoint: `undefined` on public endpoints. */
export type IsPublic<E> = E extends { auth: infer A } ? ([A] extends ['none'] ? true : false) : false;

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
