import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import type { DataOf } from '../../shared/api/endpoint';
import { failureEnvelope, successEnvelope } from '../../shared/api/envelope';
import { invalid } from '../errors';
import type { AppEnv } from './env';
import type { AnyEndpoint, RequestInfo, RouteInput } from '../modules/module';
import { assertAdmin, presentedToken, signedInUser } from './auth';
import { sendFailure, sendJson, success } from './envelope';
import { inputRefusal } from './input-guard';
import { clearedSessionCookie, sessionCookie } from './session-cookie';

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

function checkIdempotencyKey(c: Context<AppEnv>): void {
  const key = c.req.header('idempotency-key');
  if (!key) throw invalid('idempotency_key_required');
  if (!IDEMPOTENCY_KEY.test(key)) throw invalid('invalid_request', { field: 'Idempotency-Key' });
}

/**
 * What an endpoint checks before its input is validated, in this order: control characters and
 * non-JSON bodies (input-guard.ts, before anything reads the input), the session, admin, and a
 * money command's key — checked before the body, so a request without one is always refused the
 * same way. A refusal is returned (or thrown as a DomainError); undefined goes on.
 */
function endpointGuard(ep: AnyEndpoint): (c: Context<AppEnv>) => Promise<Response | undefined> {
  const input = inputRefusal(ep);
  return async (c) => {
    const refused = await input(c);
    if (refused) return refused;
    if (ep.auth !== 'none') {
      const user = await signedInUser(c);
      if (ep.auth === 'admin') assertAdmin(user);
    }
    if (ep.idempotent) checkIdempotencyKey(c);
    return undefined;
  };
}

/**
 * The request facts a handler may read (module.ts RequestInfo), read from the context only when
 * asked: most handlers read none, and building the URL and two closures for every request was a
 * measurable part of a small answer (docs/decisions/018-request-path-performance.md).
 */
class RequestFacts implements RequestInfo {
  constructor(private readonly c: Context<AppEnv>) {}
  get ip(): string {
    return this.c.get('ip');
  }
  get requestId(): string {
    return this.c.get('requestId');
  }
  get url(): string {
    return this.c.req.url;
  }
  header(name: string): string | undefined {
    return this.c.req.header(name);
  }
  sessionToken(): string | undefined {
    return presentedToken(this.c);
  }
  rawBody(): ReadableStream<Uint8Array> | null {
    return this.c.req.raw.body;
  }
}

/** Mount one contract endpoint: validation, auth, OpenAPI entry, envelope. */
export function mount<E extends AnyEndpoint>(
  router: OpenAPIHono<AppEnv>,
  ep: E,
  handler: (input: RouteInput<E>) => Promise<DataOf<E>> | DataOf<E>,
): void {
  const guard = endpointGuard(ep);
  // With validators (body, query, params, the key header), the guard is one middleware ahead of
  // them; without, it runs at the start of the handler — the same order, one step fewer in Hono's
  // chain for every such request (docs/decisions/018-request-path-performance.md).
  const validated = Boolean(ep.body || ep.query || ep.params || ep.idempotent);
  const middleware: MiddlewareHandler<AppEnv>[] = validated
    ? [
        async (c, next) => {
          const refused = await guard(c);
          if (refused) return refused;
          await next();
        },
      ]
    : [];
  const route = createRoute({
    method: ep.method,
    path: `/${ep.path}`,
    summary: ep.summary,
    tags: [ep.tag],
    ...(validated ? { middleware } : {}),
    security: ep.auth === 'none' ? [] : [{ token: [] }, { sessionCookie: [] }],
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
    if (!validated) {
      const refused = await guard(c);
      if (refused) return refused;
    }
    const req = c.req as unknown as { valid(target: string): unknown };
    const idempotencyKey = ep.idempotent ? c.req.header('idempotency-key') : undefined;
    const data = await handler({
      body: (ep.body ? req.valid('json') : undefined) as never,
      query: (ep.query ? req.valid('query') : undefined) as never,
      params: (ep.params ? req.valid('param') : undefined) as never,
      user: (ep.auth === 'none' ? undefined : c.get('user')) as never,
      idempotencyKey: idempotencyKey as never,
      request: new RequestFacts(c),
    });
    // A raw route (module.ts `rawRoute`) answers bytes it has framed itself.
    if ((data as unknown) instanceof Response) return data as unknown as Response;
    const cookie = setCookieOf(ep, data, c);
    return sendJson(c, success(data), 200, cookie === undefined ? undefined : { 'Set-Cookie': cookie });
  }) as never);
}

/**
 * The session cookie a successful answer sets (session-cookie.ts): a session endpoint's (`start`:
 * the new session's token; `end`: deleted), else the one auth.ts asked for (a browser's localStorage
 * token moving to the cookie).
 */
function setCookieOf(ep: AnyEndpoint, data: unknown, c: Context<AppEnv>): string | undefined {
  if (ep.session === 'start') return sessionCookie((data as { token: string }).token);
  if (ep.session === 'end') return clearedSessionCookie();
  return c.get('setCookie');
}
