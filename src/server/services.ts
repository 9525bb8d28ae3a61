import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Logger } from './logger';
import type { AuthUser } from './auth/principal';
import { AuditLog } from './platform/audit';
import { Jobs } from './platform/jobs';
import { Ledger } from './ledger';
import type { MarketDataSource } from './market';
import { Simulator, SIMULATOR_DEFAULTS } from './market-sim';
import { ConfigService } from './modules/config';
import { AccountService, DEFAULT_LOGIN_LIMITS, FreshLogins, FundPasswords, LoginHistory, LoginLimiter, PasskeyService, Reauth, SessionService, type LoginLimits } from './modules/account';
import { MarketService, QuoteHub } from './modules/market';
import { WatchlistService } from './modules/watchlist';
import { CorporateActionsJob, TradingEngine, TradingService, type TradeCtx } from './modules/trade';
import { BlockService } from './modules/block';
import { AdminGrants, FundsService, readRecords, SettlementJob } from './modules/funds';
import { UploadService } from './modules/uploads';
import { KycService } from './modules/kyc';
import { MarginAccountService } from './modules/margin-account';
import { chooseTaxAccountAtOpening, NisaYearJob, TaxAccountService } from './modules/tax-account';
import { IpoService } from './modules/ipo';
import { LendingJob, LendingService } from './modules/lending';
import { StrategiesJob, StrategyAdmin, StrategyFunds, StrategyService } from './modules/strategies';
import { TrustService, TrustStrikeJob } from './modules/trusts';
import { PlanRunJob, PlanService } from './modules/plans';
import { BankDirectory, CashService, DepositService, WithdrawalService } from './modules/cash';
import { FxHoldings, FxService } from './modules/fx';
import { AdminService } from './modules/admin';
import { DocumentAdmin, DocumentExports, DocumentIssuer, DocumentService, DocumentsJob, PdfRenderer, resolveFont } from './modules/documents';
import { fileStoreFromConfig, type FileStore } from './platform/uploads';
import { busFromConfig, type Bus } from './platform/bus';
import { rateLimitsFromConfig, type RateLimitStore } from './platform/rate-limit';
import { jobQueueFromConfig, type PgBossQueue } from './platform/job-queue';
import { loadConfig, type Config } from './platform/config';
import { AlertsJob, MessagingService, NewsJob, notify, PushService } from './modules/messaging';
import { MODULES } from './modules';
import type { HoldingsProvider, JobHandler, ServerModule } from './modules/module';

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
  /**
   * The domain clock: every time the business sees (ledger entries, deposits and withdrawals and
   * their hours, KYC, messages and support, IPO and block-offer windows, grants, the audit rows
   * beside them). It is the market clock (`marketClock`, KABUTO_MARKET_CLOCK), so with the demo's
   * always-open market a deposit is taken in the hours the market shows (docs/decisions/023-one-clock.md).
   */
  clock: Clock;
  /**
   * Real time, only for what is truly wall time: session expiry, login limits and lockouts, fresh
   * sign-in windows, passkey challenges, upload quotas, the settings cache, Web Push, the job
   * queue's periods. The same instant as `clock` unless KABUTO_MARKET_CLOCK is set.
   */
  wallClock: Clock;
  logger: Logger;
  /**
   * The process's settings, parsed from its environment at start (platform/config.ts); tests pass
   * their own. Not `config`: that is the operator's settings, kept in the database.
   */
  settings: Config;
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
  /** The market's clock (KABUTO_MARKET_CLOCK): quotes and candles are "as of" its now. The same clock as `clock`. */
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
  /** 信用取引口座 applications (docs/domain.md "Margin account"). */
  marginAccount: MarginAccountService;
  /** 口座区分 and NISA: the 特定口座 choice, NISA applications and room (docs/domain.md "Account types and NISA"). */
  taxAccount: TaxAccountService;
  /** The NISA year change: tells each NISA user their new room on the first run of a Tokyo year. */
  nisaYearJob: NisaYearJob;
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
  /** Due lending work: interest, LTV checks and forced sales, lending fees, recalls. */
  lendingJob: LendingJob;
  /** Strategy funds: the list, subscriptions and redemptions, the user's holdings (docs/domain.md "Strategy funds"). */
  strategies: StrategyService;
  /** The admin's fund commands: create, pause, terminate, fee. */
  strategyAdmin: StrategyAdmin;
  /** The funds' daily work: the rebalance in the session, the NAV strike after the close. */
  strategiesJob: StrategiesJob;
  /** Investment trusts: the catalogue, orders at the next NAV, holdings; `placeInTransaction` for the plans area (docs/domain.md "Investment trusts and 積立"). */
  trusts: TrustService;
  /** The funds' daily work: the catalogue on the first run, each business day's NAV strike with its fills and distributions, the 解約 payouts. */
  trustStrikeJob: TrustStrikeJob;
  /** 積立 plans: create, edit, pause / resume / stop, the list and runs (docs/domain.md "Investment trusts and 積立"). */
  plans: PlanService;
  /** The plans' run dates, each once: fund buys through `trusts`, stock buys through `trading`. */
  planRunJob: PlanRunJob;
  /** Payout destinations: bank accounts and USDT wallets, chosen from the Zengin list (docs/domain.md "Bank accounts and wallets"). */
  cash: CashService;
  /** Deposits: channels, the user's request with a receipt, the admin review (docs/domain.md "Deposits"). */
  deposits: DepositService;
  /** Withdrawals to a registered destination (docs/domain.md "Withdrawals"). */
  withdrawals: WithdrawalService;
  /** Currency exchange: quotes valid 30 s and the journaled exchange (docs/domain.md "Currency exchange"). */
  fx: FxService;
  /** Foreign balances valued in yen, the fx area's holdings provider for total assets and the asset history. */
  fxHoldings: FxHoldings;
  /** The back office's reads: users, a user's page, the audit log. */
  admin: AdminService;
  /** The document box: documents issued to a user, their PDFs, the consent to 電子交付 (docs/domain.md "Documents and exports"). */
  documents: DocumentService;
  /** The documents' back office: a user's documents, opening (audited) and reissuing one. */
  documentAdmin: DocumentAdmin;
  /** The documents' due work: 取引報告書 per execution, the quarter's 取引残高報告書, the year's 特定口座年間取引報告書. */
  documentsJob: DocumentsJob;
  /** The CSV exports (trades, records, dividends, P/L, Ghostfolio), streamed. */
  documentExports: DocumentExports;
}

export interface ServiceOptions {
  database: Database;
  /** Real time (Services.wallClock), and the domain clock too unless `marketClock` is given (tests pass one ManualClock). */
  clock: Clock;
  /** Real time (ms) for bounds promised in real time, the session cache's; default performance.now. Tests move it on. */
  realTime?: () => number;
  logger: Logger;
  /** Default: loadConfig() — this process's environment. */
  settings?: Config;
  /** Tests shrink these to hit the limits quickly. */
  loginLimits?: Partial<LoginLimits>;
  /**
   * The simulator's seed; main.ts passes the install's secret (platform/secrets.ts). Default:
   * KABUTO_MARKET_SEED, else the fixed public seed that tests rely on.
   */
  marketSeed?: string;
  /** Default: a Simulator with `marketSeed`. */
  market?: MarketDataSource;
  /** The market's clock and so the domain clock (Services.clock). Default: `clock` (main passes marketClockFromConfig). */
  marketClock?: Clock;
  /** Default: fileStoreFromConfig(settings.uploads) — S3 (KABUTO_S3_BUCKET), a shared directory (KABUTO_UPLOADS_DIR) or $KABUTO_DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** Default: busFromConfig(settings.redis) — Redis when REDIS_URL is set. */
  bus?: Bus;
  /** Default: rateLimitsFromConfig(settings.redis) — Redis when REDIS_URL is set. */
  rateLimits?: RateLimitStore;
}

export function createServices(opts: ServiceOptions): Services {
  const { database, logger } = opts;
  // One clock for every domain time, the market's; real time only where it is truly wall time (docs/decisions/023-one-clock.md).
  const { clock, wallClock } = clocks(opts);
  // What a closure built early reaches once createServices has returned (each built further down).
  let providers: HoldingsProvider[] = [];
  const later: Later = { push: () => push, lending: () => lending, providers: () => providers };
  const { audit, config, sessions, settings, rateLimits, loginLimiter, logins, accounts, ledger, passkeys } = accountServices(opts, later);
  const { market, marketClock, marketService, quotes, watchlist } = marketServices(opts, settings);
  const { tradeCtx, trading, block, tradingEngine, corporateActions, funds, grants, settlement } = tradingServices(
    { database, clock, logger, marketClock, ledger, config, accounts, market, audit },
    later,
  );
  // One file store for uploads and documents (KABUTO_S3_BUCKET, KABUTO_UPLOADS_DIR or the data directory).
  const fileStore = opts.fileStore ?? fileStoreFromConfig(settings.uploads);
  const { uploads, kyc, lending, lendingJob } = kycAndLending({ database, clock, wallClock, logger, marketClock, ledger, config, accounts, market, audit, trading }, fileStore);
  const { strategies, strategyAdmin, strategiesJob } = strategyServices({ database, logger, marketClock, ledger, market, accounts, audit, trading });
  // Fund orders take the NAV of the market's day (the cut-off and the strike follow the market clock).
  const trusts = new TrustService({ database, ledger, clock: marketClock }, accounts);
  const trustStrikeJob = new TrustStrikeJob({ database, clock: marketClock, ledger, market }, logger);
  // Plans run on the market's days and hours, as the orders they place.
  const plansCtx = { database, clock: marketClock, ledger, market };
  const plans = new PlanService(plansCtx, trusts);
  const planRunJob = new PlanRunJob(plansCtx, { accounts, trading, trusts }, logger);
  const { cash, deposits, withdrawals, fx, fxHoldings } = moneyInAndOut({ database, clock, wallClock, marketClock, ledger, config, accounts, market, audit, kyc, lending, uploads, rateLimits });
  const admin = new AdminService({ database, audit, accounts, config, funds, trading, market, marketClock, kyc });
  const ipo = new IpoService(tradeCtx, trading, audit, kyc, logger);
  const marginAccount = new MarginAccountService(database, clock, audit, config);
  const taxAccount = new TaxAccountService(database, clock, audit, kyc);
  const nisaYearJob = new NisaYearJob(database);
  // Each draw result as the user's 当選 / 落選 message, in the draw's own transaction (once per application).
  ipo.onDrawResult((trx, r) =>
    notify(trx, { userId: r.userId, kind: r.wonLots > 0 ? 'ipo_won' : 'ipo_lost', params: { code: r.code, name: r.name, nameEn: r.nameEn, nameZhHant: r.nameZhHant, nameKo: r.nameKo, wonLots: r.wonLots }, at: r.at, dedupeKey: `ipo_draw:${r.applicationId}` }),
  );
  // Listed IPOs are instruments of the simulator: hand them over before the first request.
  void ipo.restoreListings().catch((err: unknown) => logger.error({ err }, 'ipo listings not restored'));
  const { documents, documentAdmin, documentsJob, documentExports } = documentServices({ database, logger, settings, marketClock, market, audit }, fileStore);
  const { bus, messaging, push, newsJob, alertsJob } = messagingServices({ database, clock, wallClock, logger, audit, uploads, marketService }, opts, settings);
  const handlers: Record<string, JobHandler> = {};
  const jobQueue = jobQueueFromConfig(settings, { database, wallClock, logger });
  const jobs = new Jobs(marketClock, logger, handlers as JobHandlers, jobQueue);
  const services: Services = {
    database, clock, wallClock, logger, settings, config, audit, sessions, loginLimiter, accounts, passkeys, logins, ledger,
    market, marketClock, marketService, quotes, watchlist, trading, tradingEngine, corporateActions, block, funds, grants, settlement, jobs, jobQueue, rateLimits,
    uploads, kyc, marginAccount, taxAccount, nisaYearJob, bus, messaging, push, newsJob, alertsJob, ipo, lending, lendingJob, strategies, strategyAdmin, strategiesJob, trusts, trustStrikeJob, plans, planRunJob, cash, deposits, withdrawals, fx, fxHoldings, admin,
    documents, documentAdmin, documentsJob, documentExports,
  };
  // The registry's jobs and holdings, now that every service exists (modules declare, we wire).
  const modules: readonly ServerModule<Services>[] = MODULES;
  for (const m of modules) Object.assign(handlers, m.jobs?.(services));
  providers = modules.flatMap((m) => (m.holdings ? [m.holdings(services)] : []));
  return services;
}

/**
 * Services built after a closure that reaches them (createServices' `later`): the closures are
 * called only once createServices has returned, so each is there by then.
 */
interface Later {
  push: () => PushService;
  lending: () => LendingService;
  /** Every module's holdings provider, wired last. */
  providers: () => HoldingsProvider[];
}

/** The domain clock (the market's) and real time; tests that pass one clock get it as both. */
function clocks(opts: ServiceOptions): { clock: Clock; wallClock: Clock } {
  return { clock: opts.marketClock ?? opts.clock, wallClock: opts.clock };
}

/**
 * The platform's audit log and settings, the account area's services, and the ledger. Sign-in and
 * its guards run on real time; the ledger and the audit rows written beside domain rows on the domain clock.
 */
function accountServices(opts: ServiceOptions, later: Later) {
  const { database, logger } = opts;
  const { clock, wallClock } = clocks(opts);
  const audit = new AuditLog(database, clock);
  // Real time: the settings cache's TTL bounds how long another instance serves an old value.
  const config = new ConfigService(database, wallClock, audit, logger);
  const sessions = new SessionService(database, wallClock, opts.realTime);
  const settings = opts.settings ?? loadConfig();
  const rateLimits = opts.rateLimits ?? rateLimitsFromConfig(settings.redis);
  const loginLimiter = new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits }, rateLimits);
  const reauth = new Reauth(database, loginLimiter);
  const fund = new FundPasswords(database, wallClock, reauth);
  // A sign-in new to the account is a `login_alert` message in its transaction, then a Web Push
  // (messaging and push are built later; called only after). docs/domain.md "Login history and devices"
  const logins = new LoginHistory(database, wallClock, sessions, { countryHeader: settings.server.countryHeader }, {
    inTransaction: async (trx, a) => {
      await notify(trx, { userId: a.userId, kind: 'login_alert', params: a.params, at: a.at, dedupeKey: `login:${a.loginId}` });
    },
    afterCommit: async (a) => {
      // Language-neutral, as every push (the service worker has no catalogs): the message carries the sentence.
      const where = [a.params.browser, a.params.os, a.params.ip, a.params.country].filter(Boolean).join(' · ');
      await later
        .push()
        .send(a.userId, { kind: 'login_alert', title: '新しいログイン / New sign-in', body: where, url: '/#/information/loginDevices', tag: `login-${a.loginId}` })
        .catch((err: unknown) => logger.warn({ err }, 'login alert push failed'));
    },
  });
  const accounts = new AccountService(database, wallClock, config, sessions, loginLimiter, fund, reauth, audit, logins);
  const ledger = new Ledger(database, clock);
  const passkeys = new PasskeyService(database, wallClock, logins, { rpId: settings.server.rpId, origins: settings.server.origins });
  return { audit, config, sessions, settings, rateLimits, loginLimiter, logins, accounts, ledger, passkeys };
}

/** The market's source and clock, its reads for the HTTP layer, the quote streams and watchlists. */
function marketServices(opts: ServiceOptions, settings: Config) {
  const { database, logger } = opts;
  const { clock: marketClock, wallClock } = clocks(opts);
  const seed = opts.marketSeed || settings.market.seed || SIMULATOR_DEFAULTS.seed;
  const market = opts.market ?? new Simulator({ seed });
  const marketService = new MarketService(market, marketClock, seed);
  const quotes = new QuoteHub(marketService, wallClock, logger);
  const watchlist = new WatchlistService(database, marketClock, marketService);
  return { market, marketClock, marketService, quotes, watchlist };
}

/** Trading (orders, its jobs, block offers) and the funds area that values and settles it. */
function tradingServices(
  s: Pick<Services, 'database' | 'clock' | 'logger' | 'marketClock' | 'ledger' | 'config' | 'accounts' | 'market' | 'audit'>,
  later: Later,
) {
  const { database, clock, logger, marketClock, ledger, config, accounts, market, audit } = s;
  // A split reaches the 貸株 row on the position in the split's own transaction (lending builds on
  // trade, so trade holds a hook; the lending service is built later and called only after).
  const tradeCtx: TradeCtx = { database, clock: marketClock, ledger, config, accounts, market, onSplit: (trx, split) => later.lending().followSplit(trx, split) };
  const trading = new TradingService(tradeCtx);
  // A restricted account's pending new orders are cancelled with the state change (返済のみ).
  accounts.onRestriction(async (trx, userId) => {
    await trading.cancelPendingOf(trx, userId);
  });
  const block = new BlockService(tradeCtx, audit, trading);
  const tradingEngine = new TradingEngine(tradeCtx, logger);
  const corporateActions = new CorporateActionsJob(tradeCtx, logger);
  // Loans count in the withdrawable amount (the lending service is built later; called only after).
  const funds = new FundsService(database, marketClock, ledger, market, later.providers, (id) => later.lending().collateralCash(id));
  const grants = new AdminGrants(database, ledger, audit, clock);
  const settlement = new SettlementJob(database, ledger, logger);
  return { tradeCtx, trading, block, tradingEngine, corporateActions, funds, grants, settlement };
}

/** Uploads and 本人確認, and the credit line and stock lending that need a verified identity. */
function kycAndLending(
  s: Pick<Services, 'database' | 'clock' | 'wallClock' | 'logger' | 'marketClock' | 'ledger' | 'config' | 'accounts' | 'market' | 'audit' | 'trading'>,
  fileStore: FileStore,
) {
  const { database, clock, wallClock, logger, marketClock, ledger, config, accounts, market, audit, trading } = s;
  // Real time: the daily upload quotas are a rate limit.
  const uploads = new UploadService(database, wallClock, fileStore, config);
  // The account-opening choice (特定/一般, 源泉徴収) submitted with the KYC is the tax-account area's to store.
  const kyc = new KycService(database, clock, audit, uploads, chooseTaxAccountAtOpening);
  const lending = new LendingService(database, marketClock, ledger, config, market, accounts, kyc);
  // The LTV job's forced sale is trading's close at the market (TradingService.closeAtMarket).
  const lendingJob = new LendingJob({ database, ledger, trading }, lending, config, logger);
  return { uploads, kyc, lending, lendingJob };
}

/**
 * The strategies area's parts share one StrategyFunds (the default funds are ensured once); the
 * funds trade on the market clock, through trading (modules/strategies/fund-orders.ts).
 */
function strategyServices(s: Pick<Services, 'database' | 'logger' | 'marketClock' | 'ledger' | 'market' | 'accounts' | 'audit' | 'trading'>) {
  const { database, logger, marketClock, ledger, market, accounts, audit, trading } = s;
  const strategyCtx = { database, clock: marketClock, ledger, market };
  const strategyFunds = new StrategyFunds(strategyCtx);
  const strategies = new StrategyService(strategyCtx, strategyFunds, accounts);
  const strategyAdmin = new StrategyAdmin(strategyCtx, strategyFunds, audit);
  const strategiesJob = new StrategiesJob(strategyCtx, strategyFunds, trading, logger);
  return { strategies, strategyAdmin, strategiesJob };
}

/** Money in and out: payout destinations, deposits, withdrawals, currency exchange. */
function moneyInAndOut(
  s: Pick<Services, 'database' | 'clock' | 'wallClock' | 'marketClock' | 'ledger' | 'config' | 'accounts' | 'market' | 'audit' | 'kyc' | 'lending' | 'uploads' | 'rateLimits'>,
) {
  const { database, clock, wallClock, marketClock, ledger, config, accounts, market, audit, kyc, lending, uploads, rateLimits } = s;
  // A destination's hold runs on the domain clock, as the withdrawals it holds back; the fresh sign-in it needs on real time (sessions').
  const cash = new CashService(database, clock, BANKS, kyc, freshLoginGuard(new FreshLogins(database, wallClock), accounts), config);
  const deposits = new DepositService(database, clock, ledger, audit, config, uploads, kyc);
  // The lending area keeps back the cash a loan's collateral needs (docs/domain.md "Loans and stock lending").
  const withdrawals = new WithdrawalService(database, clock, ledger, audit, config, accounts, kyc, lending);
  const fx = new FxService(database, ledger, config, accounts, market, marketClock, clock, rateLimits);
  const fxHoldings = new FxHoldings(database, ledger, market);
  return { cash, deposits, withdrawals, fx, fxHoldings };
}

/**
 * The documents area: PDFs rendered with the configured (or a Debian) Japanese font and kept in the
 * uploads' file store; documents are dated on the market clock, as the executions they are of.
 */
function documentServices(s: Pick<Services, 'database' | 'logger' | 'settings' | 'marketClock' | 'market' | 'audit'>, fileStore: FileStore) {
  const { database, logger, settings, marketClock, market, audit } = s;
  const renderer = new PdfRenderer(resolveFont(settings.documents.font));
  if (!renderer.available) logger.warn({ configured: settings.documents.font ?? null }, 'no Japanese font found (KABUTO_PDF_FONT, fonts-ipaexfont-gothic, fonts-noto-cjk): documents are not issued');
  const operatorAddress = settings.documents.operatorAddress;
  const names = (code: string) => market.instrument(code);
  const reports = { db: database.db, names, market };
  const issuer = new DocumentIssuer({ database, store: fileStore, renderer, operatorAddress });
  const documents = new DocumentService({ database, clock: marketClock, store: fileStore, renderer, issuer, reports, operatorAddress });
  const documentAdmin = new DocumentAdmin({ database, clock: marketClock, audit, store: fileStore, issuer, reports, operatorAddress });
  const documentsJob = new DocumentsJob(reports, issuer, logger);
  // The records export reads the ledger's records as funds/records does (the same reader, page by page).
  const documentExports = new DocumentExports({ database, clock: marketClock, names, records: readRecords });
  return { documents, documentAdmin, documentsJob, documentExports };
}

/** The cross-instance bus, messages, Web Push, and the news and price-alert jobs. */
function messagingServices(s: Pick<Services, 'database' | 'clock' | 'wallClock' | 'logger' | 'audit' | 'uploads' | 'marketService'>, opts: ServiceOptions, settings: Config) {
  const { database, clock, wallClock, logger, audit, uploads, marketService } = s;
  const bus = opts.bus ?? busFromConfig(settings.redis);
  const messaging = new MessagingService(database, clock, audit, uploads, marketService, bus);
  const push = new PushService(database, wallClock, logger, {
    subject: settings.push.vapidSubject,
    allowLoopbackHttp: settings.test.control,
  });
  const newsJob = new NewsJob(database, marketService, logger);
  const alertsJob = new AlertsJob(database, marketService, push);
  return { bus, messaging, push, newsJob, alertsJob };
}

/** One per process: the Zengin list is loaded on its first search and kept (modules/cash/banks.ts). */
const BANKS = new BankDirectory();

/**
 * A change of payout destination needs a fresh sign-in and the fund password (docs/domain.md "Bank
 * accounts and wallets"): the account area's checks, handed to the cash area.
 */
function freshLoginGuard(fresh: FreshLogins, accounts: AccountService) {
  return {
    freshLoginLeftMs: (user: AuthUser) => fresh.leftMs(user),
    requireFreshLogin: (user: AuthUser) => fresh.require(user),
    verifyFundPassword: (userId: string, password: string) => accounts.verifyFundPassword(userId, password),
  };
}
