import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { DataOf } from '../../shared/api/endpoint';
import { failureEnvelope, successEnvelope } from '../../shared/api/envelope';
import { invalid } from '../errors';
import type { AppEnv } from './env';
import type { AnyEndpoint, RouteInput } from '../modules/module';
import { requireAdmin, requireUser } from './auth';
import { sendFailure, sendJson, success } from './envelope';
import { inputGuard } from './input-guard';

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

const requireIdempotencyKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (!key) throw invalid('idempotency_key_required');
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid('invalid_request', { field: 'Idempotency-Key' });
  await next();
};

/** Mount one contract endpoint: validation, auth, OpenAPI entry, envelope. */
export function mount<E extends AnyEndpoint>(
  router: OpenAPIHono<AppEnv>,
  ep: E,
  handler: (input: RouteInput<E>) => Promise<DataOf<E>> | DataOf<E>,
): void {
  // Control characters and non-JSON bodies are refused before anything reads the input (input-guard.ts).
  const middleware: MiddlewareHandler<AppEnv>[] = [inputGuard(ep)];
  if (ep.auth === 'user') middleware.push(requireUser);
  if (ep.auth === 'admin') middleware.push(requireUser, requireAdmin);
  // Money commands: the key is checked before the body, so a request without one is always refused the same way.
  if (ep.idempotent) middleware.push(requireIdempotencyKey);
  const route = createRoute({
    method: ep.method,
    path: `/${ep.path}`,
    summary: ep.summary,
    tags: [ep.tag],
    middleware,
    security: ep.auth === 'none' ? [] : [{ token: [] }],
    request: {
      ...(ep.idempotent ? { headers: z.object({ 'idempotency-key': z.string().describe('UUIDv7 made by the client once per user action') }) } : {}),
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
    const idempotencyKey = ep.idempotent ? c.req.header('idempotency-key') : undefined;
    const data = await handler({
      body: (ep.body ? valid('json') : undefined) as never,
      query: (ep.query ? valid('query') : undefined) as never,
      params: (ep.params ? valid('param') : undefined) as never,
      user: (ep.auth === 'none' ? undefined : c.get('user')) as never,
      idempotencyKey: idempotencyKey as never,
      request: {
        ip: c.get('ip'),
        requestId: c.get('requestId'),
        url: c.req.url,
        header: (name: string) => c.req.header(name),
        rawBody: () => c.req.raw.body,
      },
    });
    // A raw route (module.ts `rawRoute`) answers bytes it has framed itself.
    if ((data as unknown) instanceof Response) return data as unknown as Response;
    return sendJson(c, success(data), 200);
  }) as never);
}
