import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '../../src/server/db/capabilities';
import { ManualClock } from '../../src/server/clock';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/server/services';
import { loadConfig, type Env } from '../../src/server/platform/config';
import type { Clock } from '../../src/server/clock';
import type { MarketDataSource } from '../../src/server/market-sim';
import type { LoginLimits } from '../../src/server/modules/account/rate-limit';
import { bootstrap } from '../../src/server/bootstrap';
import { LocalFileStore } from '../../src/server/platform/uploads';
import { createApp, type AppOptions } from '../../src/server/http/app';
import { installEdgeHandlers } from '../../src/server/http/edge';
import { createTestDatabase } from './db';
import { checkResponse, contractClient } from './contract-client';
import { SoftAuthenticator } from './soft-authenticator';
import { enrolPasskey, passkeySignIn } from './passkey-session';

/** A fixed instant (a Tuesday, 10:00 in Tokyo) so every run sees the same "now". */
export const TEST_NOW = Date.parse('2026-11-24T01:00:00Z');

export const TEST_ADMIN = { phone: '09000000001', password: 'admin-pass-123', invite: 'ROOTCODE' } as const;

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Sent as-is instead of JSON-encoding `body` (malformed JSON, oversized bodies). */
  raw?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestServer {
  url: string;
  services: Services;
  clock: ManualClock;
  /**
   * The bootstrap admin. `token` is a passkey session (the back office takes no other: docs/decisions/
   * 008-passkeys.md, "Staff"), signed in with `passkey`, which holds the admin's registered passkey.
   */
  admin: { id: string; phone: string; password: string; inviteCode: string; token: string; passkey: SoftAuthenticator };
  /** `path` relative to /api/vue/ unless it starts with "/". */
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<CallResult<T>>;
  /** A contract endpoint with typed input and output (tests/support/contract-client.ts). */
  api: ReturnType<typeof contractClient>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect: Dialect;
  clock?: ManualClock;
  env?: Env;
  /** Defaults keep the real per-phone limit but lift the per-IP ones: every test call comes from 127.0.0.1. */
  loginLimits?: Partial<LoginLimits>;
  /** Market data and its clock; default: the default-seeded simulator on `clock`. */
  market?: MarketDataSource;
  marketClock?: Clock;
  /** Real time for the session cache's bound (createServices' `realTime`): a test moves it on instead of waiting. */
  realTime?: () => number;
  /** Options of the HTTP app (trusted proxy hops, streams per IP). */
  app?: AppOptions;
}

/** A real server on a random port over a fresh database, with a known admin already signed in. */
export async function startTestServer(opts: TestServerOptions): Promise<TestServer> {
  const tdb = await createTestDatabase(opts.dialect);
  const clock = opts.clock ?? new ManualClock(TEST_NOW);
  const env: Env = {
    KABUTO_ADMIN_PHONE: TEST_ADMIN.phone,
    KABUTO_ADMIN_PASSWORD: TEST_ADMIN.password,
    KABUTO_ROOT_INVITE: TEST_ADMIN.invite,
    ...opts.env,
  };
  // Uploaded files go to a directory of this server's own, removed with it (unless the test names
  // a data directory to look into itself).
  const uploadsDir = env.KABUTO_DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'kabuto-test-uploads-'));
  const settings = loadConfig(env);
  const services = createServices({
    ...(uploadsDir ? { fileStore: new LocalFileStore(uploadsDir) } : {}),
    database: tdb.database,
    clock,
    logger: createLogger(process.env.LOG_LEVEL ?? 'silent'),
    settings,
    loginLimits: { ipAttempts: 10_000, registrationsPerIp: 10_000, ...opts.loginLimits },
    market: opts.market,
    marketClock: opts.marketClock,
    realTime: opts.realTime,
  });
  const boot = await bootstrap(services, settings);
  const app = createApp(services, opts.app);
  const server = await new Promise<ReturnType<typeof serve>>((resolveServer) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolveServer(s));
    installEdgeHandlers(s);
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function call<T = any>(method: string, path: string, o: CallOptions = {}): Promise<CallResult<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.token = o.token;
    let body: string | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(path.startsWith('/') ? url + path : `${url}/api/vue/${path}`, { method: method.toUpperCase(), headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (static files, plain text); keep the text
    }
    // Every answer of a contract endpoint must match that endpoint's schema.
    checkResponse(method, path, res.status, parsed);
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  // The back office takes an admin's passkey session only: the admin takes the first-setup path.
  // It speaks for the page's origin: the configured one (KABUTO_ORIGIN), else the server's own.
  const passkey = new SoftAuthenticator(env.KABUTO_ORIGIN?.split(',')[0]?.trim() || url);
  await enrolPasskey(call, TEST_ADMIN, passkey);
  const token = await passkeySignIn(call, passkey);

  return {
    url,
    services,
    clock,
    admin: { id: boot.admin!.id, phone: TEST_ADMIN.phone, password: TEST_ADMIN.password, inviteCode: TEST_ADMIN.invite, token, passkey },
    call,
    api: contractClient(call),
    async close() {
      services.quotes.stop(); // ends open streams, or close() would wait for them
      await new Promise<void>((r) => server.close(() => r()));
      await tdb.dispose();
      if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** A new passkey session of the admin (after a clock jump past the session's lifetime). */
export async function signInAdmin(s: TestServer): Promise<void> {
  s.admin.token = await passkeySignIn(s.call, s.admin.passkey);
}

let phoneSeq = 0;
/** A distinct valid phone number per call within a test file. */
export function nextPhone(): string {
  phoneSeq += 1;
  return `080${String(10_000_000 + phoneSeq).slice(-8)}`;
}

export interface TestUser {
  id: string;
  phone: string;
  password: string;
  token: string;
  inviteCode: string;
}

/** Register a user invited by the admin, returning its session and identity. */
export async function registerUser(s: TestServer, o: { phone?: string; password?: string } = {}): Promise<TestUser> {
  const phone = o.phone ?? nextPhone();
  const password = o.password ?? 'user-pass-123';
  const reg = await s.call('post', 'user/register', {
    body: { phone, password, password2: password, inviteCode: s.admin.inviteCode, agree: true },
  });
  if (reg.status !== 200) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const info = await s.call('get', 'user/info', { token: reg.body.data.token });
  return { id: info.body.data.id, phone, password, token: reg.body.data.token, inviteCode: info.body.data.inviteCode };
}

/** Rows in `users`: tests assert that refused input changes nothing. */
export async function countUsers(s: TestServer): Promise<number> {
  const row = await s.services.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
