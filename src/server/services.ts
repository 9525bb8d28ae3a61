import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Logger } from './logger';
import { AuditLog } from './platform/audit';
import { Jobs } from './platform/jobs';
import { Ledger } from './ledger';
import type { MarketDataSource } from './market';
import { Simulator, SIMULATOR_DEFAULTS } from './market-sim';
import { ConfigService } from './modules/config';
import { AccountService, DEFAULT_LOGIN_LIMITS, FundPasswords, LoginHistory, LoginLimiter, PasskeyService, Reauth, SessionService, type LoginLimits } from './modules/account';
import { MarketService, QuoteHub } from './modules/market';
import { WatchlistService } from './modules/watchlist';
import { CorporateActionsJob, TradingEngine, TradingService, type TradeCtx } from './modules/trade';
import { BlockService } from './modules/block';
import { AdminGrants, FundsService, SettlementJob } from './modules/funds';
import { UploadService } from './modules/uploads';
import { KycService } from './modules/kyc';
import { IpoService } from './modules/ipo';
import { createLendingService, type LendingService } from './modules/lending';
import { fileStoreFromEnv, type FileStore } from './platform/uploads';
import { busFromEnv, type Bus } from './platform/bus';
import { rateLimitsFromEnv, type RateLimitStore } from './platform/rate-limit';
import { jobQueueFromEnv, type PgBossQueue } from './platform/job-queue';
import { AlertsJob, MessagingService, NewsJob, notify, PushService } from './modules/messaging';
import { MODULES } from './modules';
import type { HoldingsProvider, JobHandler, ServerModule } from './modules/module';

export type Env = Readonly<Record<string, string | undefined>>;

type Registry = (typeof MODULES)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** Every module's job handlers by name (e.g. `trading`), so `jobs.runDue()` reports are typed. */
export type JobHandlers = UnionToIntersection<JobsOf<Registry>>;
type JobsOf<M> = M extends ServerModule<any, infer J> ? J : never;

/**
 * Every service of the server, built once at start (the composition root) and handed to the
 * module registry, which gives each module the services it declares it needs.
 */
export interface Services {
  database: Database;
  clock: Clock;
  logger: Logger;
  /** Process settings (KABUTO_*, REDIS_URL, ...) for modules that need them; tests pass their own. */
  env: Env;
  config: ConfigService;
  audit: AuditLog;
  sessions: SessionService;
  loginLimiter: LoginLimiter;
  accounts: AccountService;
  /** Passkeys: registration, sign-in and step-up for high-risk commands (KABUTO_RP_ID, KABUTO_ORIGIN). */
  passkeys: PasskeyService;
  /** Login history and devices: every sign-in recorded, new ones told to the user (KABUTO_COUNTRY_HEADER). */
  logins: LoginHistory;
  ledger: Ledger;
  /** Market data (the simulator unless a real feed is plugged in). */
  market: MarketDataSource;
  /** The market's clock (KABUTO_MARKET_CLOCK): quotes and candles are "as of" its now. */
  marketClock: Clock;
  /** Market reads for the HTTP layer (quotes memoised per second, rows, details). */
  marketService: MarketService;
  /** The one producer of the quote streams (SSE fan-out). */
  quotes: QuoteHub;
  watchlist: WatchlistService;
  /** Orders and positions; trading time is the market clock's. */
  trading: TradingService;
  /** Due trading work (fills, expiries, auto-close, interest, margin checks). */
  tradingEngine: TradingEngine;
  block: BlockService;
  funds: FundsService;
  grants: AdminGrants;
  /** Splits and dividends applied to positions on their ex-dates. */
  corporateActions: CorporateActionsJob;
  /** T+2 settlement of sale proceeds and late interest on an overdue shortfall. */
  settlement: SettlementJob;
  /** Due work of every module (fills, auto-close, interest, margin checks): `jobs.runDue(now)`. */
  jobs: Jobs<JobHandlers>;
  /** Scale-out (DATABASE_URL on PostgreSQL): pg-boss schedules `jobs` once per period across instances. */
  jobQueue?: PgBossQueue;
  /** Rate limits and slot caps: in process, or on Redis with REDIS_URL (shared by every instance). */
  rateLimits: RateLimitStore;
  /** Uploaded files (KYC photos, receipts): checked, re-encoded, stored in the FileStore. */
  uploads: UploadService;
  /** 本人確認: `identityOf` / `requireVerified` for the areas that need a verified identity. */
  kyc: KycService;
  /** The cross-instance bus (platform/bus.ts): in-process, or Redis pub/sub when REDIS_URL is set. */
  bus: Bus;
  /** Messages, news, customer service and price alerts. */
  messaging: MessagingService;
  /** Web Push (VAPID keys kept in server_secret). */
  push: PushService;
  newsJob: NewsJob;
  alertsJob: AlertsJob;
  /** IPO and offerings: applications, the draw and the listing jobs (docs/domain.md "IPO"). */
  ipo: IpoService;
  /** The credit line and stock lending (docs/domain.md "Loans and stock lending"). */
  lending: LendingService;
}

export interface ServiceOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  env?: Env;
  /** Tests shrink these to hit the limits quickly. */
  loginLimits?: Partial<LoginLimits>;
  /**
   * The simulator's seed; main.ts passes the install's secret (platform/secrets.ts). Default:
   * KABUTO_MARKET_SEED, else the fixed public seed that tests rely on.
   */
  marketSeed?: string;
  /** Default: a Simulator with `marketSeed`. */
  market?: MarketDataSource;
  /** Default: `clock` (main passes marketClockFromEnv; tests a ManualClock). */
  marketClock?: Clock;
  /** Default: fileStoreFromEnv(env) — S3 (KABUTO_S3_BUCKET), a shared directory (KABUTO_UPLOADS_DIR) or $KABUTO_DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** Default: busFromEnv(env) — Redis when REDIS_URL is set. */
  bus?: Bus;
  /** Default: rateLimitsFromEnv(env) — Redis when REDIS_URL is set. */
  rateLimits?: RateLimitStore;
}

export function createServices(opts: ServiceOptions): Services {
  const { database, clock, logger } = opts;
  const audit = new AuditLog(database, clock);
  const config = new ConfigService(database, clock, audit, logger);
  const sessions = new SessionService(database, clock);
  const env = opts.env ?? process.env;
  const rateLimits = opts.rateLimits ?? rateLimitsFromEnv(env);
  const loginLimiter = new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits }, rateLimits);
  const reauth = new Reauth(database, loginLimiter);
  const fund = new FundPasswords(database, clock, reauth);
  // A sign-in new to the account is a `login_alert` message in its transaction, then a Web Push
  // (messaging and push are built below; called only after). docs/domain.md "Login history and devices"
  const logins = new LoginHistory(database, clock, sessions, { countryHeader: env.KABUTO_COUNTRY_HEADER || undefined }, {
    inTransaction: async (trx, a) => {
      await notify(trx, { userId: a.userId, kind: 'login_alert', params: a.params, at: a.at, dedupeKey: `login:${a.loginId}` });
    },
    afterCommit: async (a) => {
      // Language-neutral, as every push (the service worker has no catalogs): the message carries the sentence.
      const where = [a.params.browser, a.params.os, a.params.ip, a.params.country].filter(Boolean).join(' · ');
      await push
        .send(a.userId, { kind: 'login_alert', title: '新しいログイン / New sign-in', body: where, url: '/#/information/loginDevices', tag: `login-${a.loginId}` })
        .catch((err: unknown) => logger.warn({ err }, 'login alert push failed'));
    },
  });
  const accounts = new AccountService(database, clock, config, sessions, loginLimiter, fund, reauth, audit, logins);
  const ledger = new Ledger(database, clock);
  const passkeys = new PasskeyService(database, clock, logins, { rpId: env.KABUTO_RP_ID, origin: env.KABUTO_ORIGIN });
  const seed = opts.marketSeed || env.KABUTO_MARKET_SEED || SIMULATOR_DEFAULTS.seed;
  const market = opts.market ?? new Simulator({ seed });
  const marketClock = opts.marketClock ?? clock;
  const marketService = new MarketService(market, marketClock, seed);
  const quotes = new QuoteHub(marketService, clock, logger);
  const watchlist = new WatchlistService(database, clock, marketService);
  // A split reaches the 貸株 row on the position in the split's own transaction (lending builds on
  // trade, so trade holds a hook; the lending service is built below and called only after).
  const tradeCtx: TradeCtx = { database, clock: marketClock, ledger, config, accounts, market, onSplit: (trx, split) => lending.followSplit(trx, split) };
  const trading = new TradingService(tradeCtx);
  // A restricted account's pending new orders are cancelled with the state change (返済のみ).
  accounts.onRestriction(async (trx, userId) => {
    await trading.cancelPendingOf(trx, userId);
  });
  const block = new BlockService(tradeCtx, audit, trading);
  const tradingEngine = new TradingEngine(tradeCtx, logger);
  const corporateActions = new CorporateActionsJob(tradeCtx, logger);
  let providers: HoldingsProvider[] = [];
  // Loans count in the withdrawable amount (the lending service is built below; called only after).
  const funds = new FundsService(database, marketClock, ledger, market, () => providers, (id) => lending.collateralCash(id));
  const grants = new AdminGrants(database, ledger, audit, clock);
  const settlement = new SettlementJob(database, ledger, logger);
  const uploads = new UploadService(database, clock, opts.fileStore ?? fileStoreFromEnv(env), config);
  const kyc = new KycService(database, clock, audit, uploads);
  const lending = createLendingService({ database, marketClock, ledger, config, market, accounts, kyc });
  const ipo = new IpoService(tradeCtx, audit, kyc, logger);
  // Each draw result as the user's 当選 / 落選 message, in the draw's own transaction (once per application).
  ipo.onDrawResult((trx, r) =>
    notify(trx, { userId: r.userId, kind: r.wonLots > 0 ? 'ipo_won' : 'ipo_lost', params: { code: r.code, name: r.name, wonLots: r.wonLots }, at: r.at, dedupeKey: `ipo_draw:${r.applicationId}` }),
  );
  // Listed IPOs are instruments of the simulator: hand them over before the first request.
  void ipo.restoreListings().catch((err: unknown) => logger.error({ err }, 'ipo listings not restored'));
  const bus = opts.bus ?? busFromEnv(env);
  const messaging = new MessagingService(database, clock, audit, uploads, marketService, bus);
  const push = new PushService(database, clock, logger, {
    subject: env.KABUTO_VAPID_SUBJECT || 'mailto:support@kabuto.invalid',
    allowLoopbackHttp: env.KABUTO_TEST_CONTROL === '1',
  });
  const newsJob = new NewsJob(database, marketService, logger);
  const alertsJob = new AlertsJob(database, marketService, push);
  const handlers: Record<string, JobHandler> = {};
  const jobQueue = jobQueueFromEnv(env, { database, wallClock: clock, logger });
  const jobs = new Jobs(marketClock, logger, handlers as JobHandlers, jobQueue);
  const services: Services = {
    database, clock, logger, env, config, audit, sessions, loginLimiter, accounts, passkeys, logins, ledger,
    market, marketClock, marketService, quotes, watchlist, trading, tradingEngine, corporateActions, block, funds, grants, settlement, jobs, jobQueue, rateLimits,
    uploads, kyc, bus, messaging, push, newsJob, alertsJob, ipo, lending,
  };
  // The registry's jobs and holdings, now that every service exists (modules declare, we wire).
  const modules: readonly ServerModule<Services>[] = MODULES;
  for (const m of modules) Object.assign(handlers, m.jobs?.(services));
  providers = modules.flatMap((m) => (m.holdings ? [m.holdings(services)] : []));
  return services;
}
