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
}

export interface ServiceOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
  env?: Env;
  /** Tests shrink these to hit the limits quickly. */
  loginLimits?: Partial<LoginLimits>;
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
  return { database, clock, logger, env: opts.env ?? process.env, config, audit, sessions, loginLimiter, accounts, ledger };
}
