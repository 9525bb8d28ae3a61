import type { Endpoint, BodyOf, DataOf, IsIdempotent, ParamsOf, QueryOf } from '../../shared/api/endpoint';
import { fillPath } from '../../shared/api/endpoint';
import type { MessageParams } from '../../shared/api/envelope';
import type { MessageId } from '../../shared/api/messages';
import { clearSession, getAccount, getToken, sessionEpoch, tokenLoading, tokenMigrated, usesSessionCookie } from '../storage';
import { BROWSER_HEADER } from '../../shared/api/session';
import { fetchTurn } from './fetch-turns';

/**
 * The one way the PWA talks to the server (docs/architecture.md, "The contract"):
 * base = origin + `/api/vue/`, the session (sessionHeaders: the browser's cookie with `X-Kabuto`, or
 * the native shell's `token` header) and the `account` header, JSON, 10 s time-out, the envelope
 * `{status, msg, params?, data}` turned into typed data or an `ApiError` carrying a message id.
 *
 * Failures are reported to `onApiError` listeners (the UI toasts them, translated) except:
 * - a call the caller aborted (its AbortError is rethrown untouched, nothing is reported);
 * - HTTP 401 on an endpoint that needs a session: `handleUnauthorized` runs instead (clears the
 *   session, tells the unauthorized handler, goes to /login/login after 2 s, once per burst);
 * - `offline` on a read: the offline banner already says so;
 * - calls made with `silent: true`.
 *
 * Money commands (`endpoint.idempotent`) are online-only: with `navigator.onLine === false` they
 * fail at once with `offline`, before any request, and nothing is queued or replayed. They carry an
 * `Idempotency-Key` that the caller makes once with `newIdempotencyKey()` and reuses for its retries:
 * the key is a required `string` by type on exactly those endpoints (`IsIdempotent`), and refused by
 * type on every other one. Screens use `useMoneyCommand()` (money-command.ts), which owns the key.
 */

/** `{}` without the lint trap: an object type with no required keys. */
type Empty = Record<never, never>;

export const API_PATH = '/api/vue/';
export const REQUEST_TIMEOUT_MS = 10_000;
/** docs/product.md "Constants": logout redirect after a 401. */
export const UNAUTHORIZED_REDIRECT_MS = 2_000;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** A message id of `src/shared/api/messages.ts`, or a server text the UI translates by the rules of docs/product.md "Messages". */
    readonly msg: MessageId | (string & Empty),
    readonly params?: MessageParams,
    /** HTTP status, when a response arrived. */
    readonly httpStatus?: number,
  ) {
    super(msg);
  }

  /** A 4xx answer: the request itself was refused; repeating it unchanged will not help. */
  get isClientError(): boolean {
    return this.httpStatus !== undefined && this.httpStatus >= 400 && this.httpStatus < 500;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/**
 * A fresh UUIDv7 (RFC 9562: 48-bit Unix milliseconds, version 7, variant 10, 74 random bits) for a
 * money command; make it once per user action and keep it across retries. Written out here rather
 * than a library's monotonic generator: the key only has to be unique, and the entry stays smaller
 * (docs/decisions/020-first-load-and-prerender.md).
 */
export function newIdempotencyKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  const ms = Date.now();
  for (let i = 0; i < 6; i++) b[i] = Math.floor(ms / 2 ** (8 * (5 - i))) & 0xff;
  b[6] = 0x70 | (b[6]! & 0x0f);
  b[8] = 0x80 | (b[8]! & 0x3f);
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// --- typed options ---------------------------------------------------------------------------

type Field<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Empty extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export interface CommonCallOptions {
  signal?: AbortSignal;
  /** Do not report a failure to onApiError listeners (background polling and the like). */
  silent?: boolean;
  /** Extra request headers (e.g. `X-Step-Up` for a high-risk command, docs/decisions/008-passkeys.md). */
  headers?: Record<string, string>;
}

export type AnyEndpoint = Endpoint<any, any, any, any, any, any>;

/**
 * The Idempotency-Key of a call: a required string on money commands (the key of this user action,
 * see newIdempotencyKey), refused on every other endpoint.
 */
export type IdempotencyOption<E> = IsIdempotent<E> extends true ? { idempotencyKey: string } : { idempotencyKey?: never };

/** What an endpoint's call takes from the caller's data: body, query and path params, as the contract types them. */
export type EndpointInput<E extends AnyEndpoint> = Field<'body', BodyOf<E>> & Field<'query', QueryOf<E>> & Field<'params', ParamsOf<E>>;

export type CallOptions<E extends AnyEndpoint> = EndpointInput<E> & IdempotencyOption<E> & CommonCallOptions;

type CallArgs<E extends AnyEndpoint> = Empty extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

// --- listeners -------------------------------------------------------------------------------

export type ApiErrorListener = (error: ApiError, endpoint: AnyEndpoint) => void;
const errorListeners = new Set<ApiErrorListener>();

/** Subscribe to failures (for toasts). Returns the unsubscribe function. */
export function onApiError(listener: ApiErrorListener): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function report(error: ApiError, endpoint: AnyEndpoint): void {
  for (const l of [...errorListeners]) {
    try {
      l(error, endpoint);
    } catch (err) {
      console.error(err);
    }
  }
}

// --- 401 -------------------------------------------------------------------------------------

export interface UnauthorizedHandler {
  /** Shown at once (the UI's toast). */
  notify?: (error: ApiError) => void;
  /** Called 2 s later; defaults to setting the hash to `#/login/login`. */
  navigateToLogin?: () => void;
}

function defaultNavigateToLogin(): void {
  if (typeof location !== 'undefined') location.hash = '#/login/login';
}

let unauthorizedHandler: UnauthorizedHandler = {};
let unauthorizedTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Install what happens on a 401: a function is taken as `notify`. Returns a function that restores
 * the previous handler.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | ((error: ApiError) => void) | null): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = typeof handler === 'function' ? { ...previous, notify: handler } : { ...(handler ?? {}) };
  return () => {
    unauthorizedHandler = previous;
  };
}

/** Inject the router's navigation to /login/login (kept apart so the UI can set it on its own). */
export function setNavigateToLogin(navigate: (() => void) | null): void {
  unauthorizedHandler = { ...unauthorizedHandler, navigateToLogin: navigate ?? undefined };
}

/**
 * The session is gone: clear local storage, notify once, go to the login page after 2 s.
 * Further 401s while the redirect is pending are part of the same burst and do nothing.
 */
export function handleUnauthorized(error: ApiError = new ApiError('session_expired', undefined, 401)): void {
  if (unauthorizedTimer !== null) return;
  clearSession();
  unauthorizedTimer = setTimeout(() => {
    unauthorizedTimer = null;
    (unauthorizedHandler.navigateToLogin ?? defaultNavigateToLogin)();
  }, UNAUTHORIZED_REDIRECT_MS);
  try {
    unauthorizedHandler.notify?.(error);
  } catch (err) {
    console.error(err);
  }
}

/** Test hook: forget listeners, handler and a pending redirect. */
export function resetApiClientForTests(): void {
  if (unauthorizedTimer !== null) clearTimeout(unauthorizedTimer);
  unauthorizedTimer = null;
  unauthorizedHandler = {};
  errorListeners.clear();
}

// --- the call --------------------------------------------------------------------------------

/** Origin of the API: this page's origin, or `VITE_API_ORIGIN` for a native build served elsewhere. */
export function apiBase(): string {
  const configured = (import.meta.env?.VITE_API_ORIGIN as string | undefined) || '';
  const origin = configured || (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  return origin.replace(/\/$/, '') + API_PATH;
}

/**
 * The headers that carry the session on every request to our API (apiCall, the support stream,
 * uploads): in a browser `X-Kabuto: 1` — the session itself is the httpOnly cookie, sent by the
 * browser, and the server refuses a state-changing request signed in by the cookie without this
 * header (docs/decisions/002-accounts-and-sessions.md, "Follow-up: the session cookie") — plus an
 * old localStorage token while it is being exchanged for the cookie; in the native shell the
 * `token` header. `account` is a hint the server does not need. Waits while the native shell reads
 * its token at start.
 */
export async function sessionHeaders(): Promise<Record<string, string>> {
  const loading = tokenLoading();
  if (loading) await loading;
  return sessionHeadersNow();
}

/** sessionHeaders() at once: only once storage's tokenLoading() is null (always, in a browser). */
export function sessionHeadersNow(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (usesSessionCookie()) headers[BROWSER_HEADER.name] = BROWSER_HEADER.value;
  const token = getToken();
  const account = getAccount();
  if (token) headers.token = token;
  if (account) headers.account = account;
  return headers;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) sp.append(k, String(item));
    else sp.append(k, String(v));
  }
  const s = sp.toString();
  return s ? `?${s}` : '';
}

export function buildUrl(endpoint: AnyEndpoint, params?: unknown, query?: unknown): string {
  const path = fillPath(endpoint.path, params as Record<string, string | number> | undefined);
  return apiBase() + path + queryString(query);
}

interface EnvelopeLike {
  status: unknown;
  msg?: unknown;
  params?: unknown;
  data?: unknown;
}

function isEnvelope(v: unknown): v is EnvelopeLike {
  return typeof v === 'object' && v !== null && 'status' in v;
}

/** Call an endpoint of the contract; resolves to its typed `data` or rejects with an ApiError. */
export async function apiCall<E extends AnyEndpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<DataOf<E>> {
  const opts = (options ?? {}) as SendOptions;
  try {
    return (await send(endpoint, opts)) as DataOf<E>;
  } catch (e) {
    if (e instanceof ApiError) {
      const sessionGone = e.httpStatus === 401 && endpoint.auth !== 'none';
      const offlineRead = e.msg === 'offline' && endpoint.method === 'get';
      if (!opts.silent && !sessionGone && !offlineRead) report(e, endpoint);
    }
    throw e;
  }
}

type SendOptions = CommonCallOptions & { body?: unknown; query?: unknown; params?: unknown; idempotencyKey?: string };

async function send(endpoint: AnyEndpoint, opts: SendOptions): Promise<unknown> {
  const { signal } = opts;
  if (signal?.aborted) throw signal.reason;
  if (endpoint.idempotent && isOffline()) throw new ApiError('offline');
  // One request started per task (fetch-turns.ts): a screen's queries start one after another.
  const turn = fetchTurn();
  if (turn) {
    await turn;
    if (signal?.aborted) throw signal.reason;
  }

  const url = buildUrl(endpoint, opts.params, opts.query);
  const loading = tokenLoading();
  if (loading) {
    await loading;
    if (signal?.aborted) throw signal.reason;
  }
  const headers: Record<string, string> = { Accept: 'application/json', ...sessionHeadersNow() };
  const token = headers.token;
  // A 401 ends the session only if it is still the one this request was sent under.
  const epoch = sessionEpoch();
  const hasBody = endpoint.method !== 'get' && opts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  // The type requires the caller's key here; an untyped caller without one still gets a fresh key.
  if (endpoint.idempotent) headers['Idempotency-Key'] = opts.idempotencyKey ?? newIdempotencyKey();
  if (opts.headers) Object.assign(headers, opts.headers);

  // Our own timer (not AbortSignal.timeout) so that the 10 s rule runs on the page's clock and
  // can be tested with fake timers; the caller's signal is linked in by hand (works everywhere).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });

  const failTransport = (): never => {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) throw new ApiError('timeout');
    throw new ApiError(isOffline() ? 'offline' : 'network_error');
  };

  let status: number;
  let ok: boolean;
  let text: string;
  try {
    let res: Response;
    try {
      res = await fetch(url, {
        method: endpoint.method.toUpperCase(),
        headers,
        body: hasBody ? JSON.stringify(opts.body) : undefined,
        signal: controller.signal,
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch {
      return failTransport();
    }
    status = res.status;
    ok = res.ok;
    try {
      text = await res.text();
    } catch {
      return failTransport();
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError('internal_error', undefined, status);
  }
  if (status >= 500 || !isEnvelope(json)) throw new ApiError('internal_error', undefined, status);

  if (json.status === 1 && ok) {
    // A browser's old localStorage token was answered with the session cookie: it can go.
    if (token && endpoint.auth !== 'none') tokenMigrated(token);
    const parsed = endpoint.data.safeParse(json.data);
    if (!parsed.success) {
      console.error(`response of ${endpoint.path} does not match the contract`, parsed.error);
      throw new ApiError('internal_error', undefined, status);
    }
    return parsed.data;
  }

  const msg = typeof json.msg === 'string' && json.msg !== '' ? json.msg : 'failed';
  const params =
    typeof json.params === 'object' && json.params !== null ? (json.params as MessageParams) : undefined;
  const error = new ApiError(msg, params, status);
  // Only a 401 for the session the app still holds ends it: an answer to a request sent before a
  // logout or a new login (a refetch in flight) must not sign the user out again or toast.
  if (status === 401 && endpoint.auth !== 'none' && sessionEpoch() === epoch) handleUnauthorized(error);
  throw error;
}
