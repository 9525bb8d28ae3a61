import { OpenAPIHono } from '@hono/zod-openapi';
import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from '../logger';
import type { Services } from '../services';
import { DomainError } from '../errors';
import type { AppEnv } from './env';
import { sendDomainError, sendFailure } from './envelope';
import { serveApp } from './static';
import { apiRoutes } from './routes';
import { KeptMatchRouter } from './router';
import { API_BASE, CLOSE, edgeMiddleware } from './edge-middleware';
import { BROWSER_HEADER } from '../../shared/api/session';
import { SESSION_COOKIE } from './session-cookie';

export { API_BASE, MAX_BODY_BYTES } from './edge-middleware';

export interface AppOptions {
  /** Directory of the built PWA; omitted in API-only tests. */
  distDir?: string;
  /**
   * Proxies of our own in front of the server (KABUTO_TRUST_PROXY): the client IP is the
   * X-Forwarded-For entry the outermost one appended (edge.ts). 0 or unset: the socket's address.
   */
  trustProxy?: number;
  /** Concurrent quote streams per client IP (default STREAMS_PER_IP; benchmarks lift it). */
  streamsPerIp?: number;
}

/**
 * The app: the edge middleware (edge-middleware.ts), the API's routes and its OpenAPI document,
 * the API's 404, the PWA's files, and the error handler.
 */
export function createApp(services: Services, opts: AppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>({ router: new KeptMatchRouter() });
  app.use('*', edgeMiddleware(services, opts));
  app.route(API_BASE, apiRoutes(services, { streamsPerIp: opts.streamsPerIp }));
  documentApi(app);

  app.all(`${API_BASE}/*`, (c) => sendFailure(c, 404, 'not_found'));
  if (opts.distDir) serveApp(app, opts.distDir);

  app.notFound((c) => sendFailure(c, 404, 'not_found'));
  app.onError(errorHandler(services.logger));
  return app;
}

/** The OpenAPI document at `openapi.json` and its two security schemes. */
function documentApi(app: OpenAPIHono<AppEnv>): void {
  app.doc31(`${API_BASE}/openapi.json`, {
    openapi: '3.1.0',
    info: {
      title: 'Kabuto API',
      version: '1',
      description:
        'Envelope: {status, msg, params?, data}. The session: header `token`, or the browser\'s httpOnly cookie ' +
        `\`${SESSION_COOKIE}\` (set by login and register, cleared by logout); a state-changing request signed in by ` +
        `the cookie alone must carry \`${BROWSER_HEADER.name}: ${BROWSER_HEADER.value}\`.`,
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'token', { type: 'apiKey', in: 'header', name: 'token' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE });
}

/** A DomainError becomes its envelope, Hono's HTTPException its status; anything else is logged, 500. */
function errorHandler(log: Logger): ErrorHandler<AppEnv> {
  return (err, c) => {
    if (err instanceof DomainError) return sendDomainError(c, err);
    if (err instanceof HTTPException) {
      // Hono's JSON validator throws 400 for a body that is not JSON.
      if (err.status === 400) return sendFailure(c, 400, 'invalid_json');
      if (err.status === 413) {
        return sendFailure(c, 413, 'payload_too_large', undefined, CLOSE); // as in the body limit (edge-middleware.ts)
      }
      return sendFailure(c, err.status as 400, 'invalid_request');
    }
    log.error({ reqId: c.get('requestId'), err }, 'unhandled error');
    return sendFailure(c, 500, 'internal_error');
  };
}
