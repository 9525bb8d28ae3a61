/**
 * The API tests' view of the contract: every response from the test server is checked against
 * the schema of the endpoint that served it (the success envelope with the endpoint's `data`, or
 * the failure envelope), and `api(endpoint, input)` calls an endpoint with typed input and output.
 */
import type { z } from 'zod';
import { fillPath, type BodyOf, type DataOf, type IsIdempotent, type ParamsOf, type QueryOf } from '../../src/shared/api/endpoint';
import { failureEnvelope, successEnvelope, type Envelope } from '../../src/shared/api/envelope';
import { findEndpoint, type AnyEndpoint } from '../../src/shared/api/registry';

/** Throws when a JSON answer of a contract endpoint does not match its schema. */
export function checkResponse(method: string, path: string, status: number, body: unknown): void {
  if (path.startsWith('/') || typeof body !== 'object' || body === null) return;
  const ep = findEndpoint(method, path);
  if (!ep) return;
  const envelope = (body as { status?: unknown }).status === 1 ? successEnvelope(ep.data as z.ZodType) : failureEnvelope;
  const res = envelope.safeParse(body);
  if (!res.success) {
    const issue = res.error.issues[0];
    throw new Error(`${method.toUpperCase()} ${path} (${status}) answered outside its schema at ${issue?.path.join('.')}: ${issue?.message}\n${JSON.stringify(body).slice(0, 500)}`);
  }
  if (status === 200 && (body as { status?: unknown }).status !== 1) throw new Error(`${method} ${path}: 200 with a failure envelope`);
}

type Opt<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : { [P in K]: T };

export type ApiInput<E extends AnyEndpoint> = Opt<'body', BodyOf<E>> &
  Opt<'query', QueryOf<E>> &
  Opt<'params', ParamsOf<E>> &
  (IsIdempotent<E> extends true ? { idempotencyKey: string } : { idempotencyKey?: undefined }) & {
    token?: string;
  };

export interface ApiResult<E extends AnyEndpoint> {
  status: number;
  body: Envelope<DataOf<E>>;
}

type Call = (method: string, path: string, o: { body?: unknown; token?: string; headers?: Record<string, string> }) => Promise<{ status: number; body: any }>;

/** `api(tradeApi.placeOrder, { body, token, idempotencyKey })`: typed by the contract, checked by `call`. */
export function contractClient(call: Call) {
  return async function api<E extends AnyEndpoint>(ep: E, input: ApiInput<E>): Promise<ApiResult<E>> {
    const i = input as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, string | number>; token?: string; idempotencyKey?: string };
    let path = fillPath(ep.path, i.params);
    if (i.query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(i.query)) {
        if (v === undefined) continue;
        for (const x of Array.isArray(v) ? v : [v]) q.append(k, String(x));
      }
      const s = q.toString();
      if (s) path += `?${s}`;
    }
    const headers: Record<string, string> = i.idempotencyKey ? { 'Idempotency-Key': i.idempotencyKey } : {};
    return call(ep.method, path, { body: i.body, token: i.token, headers });
  };
}
