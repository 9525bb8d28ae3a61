import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Logger } from './logger';
import { AuditLog } from './modules/admin/audit';
import { ConfigService } from './modules/config/service';
import { SessionService } from './modules/account/sessions';
import { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './modules/account/rate-limit';
import { FundPasswords } from './modules/account/fund-password';
import { AccountService } from './modules/account/service';
import { Reauth } from './modules/account/reauth';
import { Ledger } from './ledger';
import { Simulator, SIMULATOR_DEFAULTS, type MarketDataSource } from './market-sim';
import { MarketService } from './modules/market/service';
import { QuoteHub } from './modules/market/hub';
import { WatchlistService } from './modules/watchlist/service';
import { TradingService } from './modules/trade/service';
import { TradingEngine } from './modules/trade/engine';
import type { TradeCtx } from './modules/trade/context';
import { BlockService } from './modules/block/service';
import { FundsService } from './modules/funds/service';
import { AdminGrants } from './modules/funds/admin-grant';
import { Jobs } from './jobs/scheduler';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Every service of the server, built once at start and handed to the HTTP layer through the
 * context. Modules receive what they need by constructor; nothing reaches for globals.
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
  block: BlockService;
  funds: FundsService;
  grants: AdminGrants;
  /** Due work (fills, auto-close, interest, margin checks): `jobs.runDue(now)`. */
  jobs: Jobs;
}

export interface ServiceOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  env?: Env;
  /** Tests shrink these to hit the limits quickly. */
  loginLimits?: Partial<LoginLimits>;
  /** Default: a Simulator seeded with KABUTO_MARKET_SEED (or the fixed default seed). */
  market?: MarketDataSource;
  /** Default: `clock` (main passes marketClockFromEnv; tests a ManualClock). */
  marketClock?: Clock;
}

export function createServices(opts: ServiceOptions): Services {
  const { database, clock, logger } = opts;
  const audit = new AuditLog(database, clock);
  const config = new ConfigService(database, clock, audit, logger);
  const sessions = new SessionService(database, clock);
  const loginLimiter = new LoginLimiter({ ...DEFAULT_LOGIN_LIMITS, ...opts.loginLimits });
  const reauth = new Reauth(database, loginLimiter);
  const fund = new FundPasswords(database, clock, reauth);
  const accounts = new AccountService(database, clock, config, sessions, loginLimiter, fund, reauth, audit);
  const ledger = new Ledger(database, clock);
  const env = opts.env ?? process.env;
  const seed = env.KABUTO_MARKET_SEED || SIMULATOR_DEFAULTS.seed;
  const market = opts.market ?? new Simulator({ seed });
  const marketClock = opts.marketClock ?? clock;
  const marketService = new MarketService(market, marketClock, seed);
  const quotes = new QuoteHub(marketService, clock, logger);
  const watchlist = new WatchlistService(database, clock, marketService);
  const tradeCtx: TradeCtx = { database, clock: marketClock, ledger, config, accounts, market };
  const trading = new TradingService(tradeCtx);
  const block = new BlockService(tradeCtx, audit, trading);
  const funds = new FundsService(database, marketClock, ledger, trading);
  const grants = new AdminGrants(database, ledger, audit);
  const jobs = new Jobs(marketClock, logger, new TradingEngine(tradeCtx, logger));
  return {
    database, clock, logger, env, config, audit, sessions, loginLimiter, accounts, ledger,
    market, marketClock, marketService, quotes, watchlist, trading, block, funds, grants, jobs,
  };
}
