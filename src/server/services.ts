import type { Database } from './db/database';
import type { Clock } from './clock';
import type { Logger } from './logger';

/**
 * Every service of the server, built once at start and handed to the HTTP layer through the
 * context. Modules receive what they need by constructor; nothing reaches for globals.
 */
export interface Services {
  database: Database;
  clock: Clock;
  logger: Logger;
  // filled in by the modules: config, accounts, sessions, audit, ledger
  sessions: { authenticate(token: string): Promise<import('./http/env').AuthUser> };
}

export interface ServiceOptions {
  database: Database;
  clock: Clock;
  logger: Logger;
}
