/**
 * The module template (docs/architecture.md, "The module template"; docs/decisions/005): what an
 * area declares in its `index.ts` — its routes, admin routes, job handlers and holdings provider —
 * so the HTTP edge, the job runner and `funds/summary` loop over the registry
 * (src/server/modules/index.ts) instead of naming areas. Nothing here knows HTTP: a route is a
 * contract endpoint and a function of its validated input.
 */
import type { DataOf, Endpoint, IsIdempotent, IsPublic, ParsedBodyOf, ParsedParamsOf, ParsedQueryOf } from '../../shared/api/endpoint';
import type { AuthUser } from '../auth/principal';
import type { IsoDate } from '../../shared/market';
import type { AwaitingListingLine } from '../../shared/api/funds';

export type AnyEndpoint = Endpoint<any, any, any, any, any, any>;

/** Facts about the request a use case may need, without the transport. */
export interface RequestInfo {
  /** The client's address (X-Forwarded-For only behind a trusted proxy). */
  ip: string;
  requestId: string;
  /** The request's URL (scheme and host: the WebAuthn origin when KABUTO_ORIGIN is unset). */
  url: string;
  /** A request header by name (case-insensitive), e.g. `origin` or the step-up token. */
  header(name: string): string | undefined;
  /**
   * The session token the request presents, not checked: the `token` header, else the browser's
   * session cookie (a login from a device that still holds a live session is a trusted one).
   */
  sessionToken(): string | undefined;
  /**
   * The raw body stream, for the one endpoint without a JSON body (`POST uploads`, whose size limit
   * is its own: src/server/http/app.ts). Null when there is no body.
   */
  rawBody(): ReadableStream<Uint8Array> | null;
}

/** A handler's input: validated by the contract, typed by it (no `!` on the key or the user). */
export interface RouteInput<E> {
  body: ParsedBodyOf<E>;
  query: ParsedQueryOf<E>;
  params: ParsedParamsOf<E>;
  /** `undefined` by type on public endpoints. */
  user: IsPublic<E> extends true ? undefined : AuthUser;
  /** A required, checked string on money commands (`idempotent: true`). */
  idempotencyKey: IsIdempotent<E> extends true ? string : undefined;
  request: RequestInfo;
}

export interface Route<E extends AnyEndpoint = AnyEndpoint> {
  endpoint: E;
  handle: (input: RouteInput<E>) => Promise<DataOf<E>> | DataOf<E>;
}

/** One endpoint bound to its use case: one line per endpoint in a module's routes.ts. */
export function route<E extends AnyEndpoint>(endpoint: E, handle: (input: RouteInput<E>) => Promise<DataOf<E>> | DataOf<E>): Route {
  return { endpoint, handle } as unknown as Route;
}

/**
 * An endpoint whose success answer is not the JSON envelope but bytes (`GET uploads/{id}`): the
 * handler builds the Response (type, caching and disposition headers); failures still throw
 * domain errors and answer the envelope.
 */
export function rawRoute<E extends AnyEndpoint>(endpoint: E, handle: (input: RouteInput<E>) => Promise<Response>): Route {
  return { endpoint, handle } as unknown as Route;
}

/**
 * Due work of an area. `run(at)` does everything due at `at` and is idempotent (work derives from
 * stored rows and the instant), returning counts for the log.
 */
export interface JobHandler<R extends object = object> {
  run(at: number): Promise<R>;
}

/** What an area holds for a user, valued now, for `funds/summary` (no `funds → area` import). */
export interface Holdings {
  /** Live value of what is held (in the home currency). */
  marketValue: number;
  /**
   * The P/L of what is held as the user sees it: net of the costs already charged on it (fees,
   * interest), which have left the ledger's cash already.
   */
  unrealizedPnl: number;
  /**
   * The price difference alone. Total assets add this one to the ledger equity: the costs already
   * charged are out of the equity, so adding the net figure would take them off twice.
   */
  unrealizedGrossPnl: number;
  /** Net result of what is over (after fees, interest and tax). */
  realizedPnl: number;
  /**
   * Ledger balances held in other currencies than the home one, each valued in the home currency
   * (the fx area: docs/domain.md "Currency exchange"). Total assets add these values; the balances
   * themselves are the ledger's (funds/summary lists them).
   */
  currencyValues?: { currency: string; valueHome: number }[];
  /**
   * Shares paid for and not delivered yet (the ipo area's 上場待ち): their money is a ledger balance
   * already (margin), so they add nothing to total assets; funds/summary lists them to explain it.
   */
  awaitingListing?: AwaitingListingLine[];
}

export interface HoldingsProvider {
  holdings(userId: string, now: number): Promise<Holdings>;
  /**
   * What the area adds to total assets at the end of each given Tokyo day (home currency, oldest
   * first, one per day), for funds/history's past points; absent when the area adds nothing there.
   */
  dayEndValues?(userId: string, days: readonly IsoDate[]): Promise<number[]>;
}

/**
 * One area. Each part receives the services it needs explicitly (`S` is the slice of the
 * composition root's services the area uses), so a module never reaches for globals or context.
 */
export interface ServerModule<S = never, J extends Record<string, JobHandler> = Record<string, JobHandler>> {
  name: string;
  routes?: (services: S) => Route[];
  /** Routes whose endpoints are all `auth: 'admin'` (checked when mounted). */
  adminRoutes?: (services: S) => Route[];
  jobs?: (services: S) => J;
  holdings?: (services: S) => HoldingsProvider;
}

export function defineModule<S, J extends Record<string, JobHandler> = Record<never, JobHandler>>(m: ServerModule<S, J>): ServerModule<S, J> {
  return m;
}
