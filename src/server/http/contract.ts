import { createRoute, OpenAPIHono, type z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type {
  DataOf,
  Endpoint,
  ParsedBodyOf,
  ParsedParamsOf,
  ParsedQueryOf,
} from '../../shared/api/endpoint';
import { failureEnvelope, successEnvelope } from '../../shared/api/envelope';
import { invalid } from '../errors';
import type { AppEnv, AuthUser } from './env';
import { requireAdmin, requireUser } from './auth';
import { sendFailure, success } from './envelope';

export interface HandlerInput<E> {
  body: ParsedBodyOf<E>;
  query: ParsedQueryOf<E>;
  params: ParsedParamsOf<E>;
  user: E extends { auth: 'none' } ? undefined : AuthUser;
  idempotencyKey: string | undefined;
  c: Context<AppEnv>;
}

/** A sub-app whose invalid input answers the 400 envelope with the first offending field. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = (result.error as z.ZodError).issues[0];
      const field = issue?.path.map(String).join('.') || 'body';
      return sendFailure(c, 400, 'invalid_request', { field, issue: issue?.code ?? 'invalid' });
    },
  });
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9-]{8,64}$/;

/** Mount one contract endpoint: validation, auth, OpenAPI entry, envelope. */
export function mount<E extends Endpoint>(
  router: OpenAPIHono<AppEnv>,
  ep: E,
  handler: (input: HandlerInput<E>) => Promise<DataOf<E>> | DataOf<E>,
): void {
  const middleware: MiddlewareHandler<AppEnv>[] = [];
  if (ep.auth === 'user') middleware.push(requireUser);
  if (ep.auth === 'admin') middleware.push(requireUser, requireAdmin);
  const route = createRoute({
    method: ep.method,
    path: `/${ep.path}`,
    summary: ep.summary,
    tags: [ep.tag],
    middleware,
    security: ep.auth === 'none' ? [] : [{ token: [] }],
    request: {
      ...(ep.body ? { body: { required: true, content: { 'application/json': { schema: ep.body } } } } : {}),
      ...(ep.query ? { query: ep.query as z.ZodObject } : {}),
      ...(ep.params ? { params: ep.params as z.ZodObject } : {}),
    },
    responses: {
      200: { description: 'success', content: { 'application/json': { schema: successEnvelope(ep.data) } } },
      default: { description: 'failure', content: { 'application/json': { schema: failureEnvelope } } },
    },
  });
  router.openapi(route as never, (async (c: Context<AppEnv>) => {
    // Bound: `valid` reads the request's private validated data through `this`.
    const valid = (c.req.valid as (t: string) => unknown).bind(c.req);
    let idempotencyKey: string | undefined;
    if (ep.idempotent) {
      idempotencyKey = c.req.header('idempotency-key');
      if (!idempotencyKey) throw invalid('idempotency_key_required');
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw invalid('invalid_request', { field: 'Idempotency-Key' });
    }
    const data = await handler({
      body: (ep.body ? valid('json') : undefined) as never,
      query: (ep.query ? valid('query') : undefined) as never,
      params: (ep.params ? valid('param') : undefined) as never,
      user: (ep.auth === 'none' ? undefined : c.get('user')) as never,
      idempotencyKey,
      c,
    });
    return c.json(success(data), 200);
  }) as never);
}
