import { serve } from '@hono/node-server';
import { databaseOptionsFromConfig, openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { systemClock } from './clock';
import { createLogger } from './logger';
import { createServices } from './services';
import { marketSeed } from './platform/secrets';
import { bootstrap, DEFAULT_ADMIN_PASSWORD } from './bootstrap';
import { createApp } from './http/app';
import { installEdgeHandlers } from './http/edge';
import { marketClockFromConfig } from './market-sim';
import { TestClock } from './platform/test-clock';
import { ConfigError, loadConfig } from './platform/config';

/** config → db → migrate → services → bootstrap → http → listen (docs/architecture.md). */
async function main(): Promise<void> {
  // Every environment variable, parsed and checked before anything starts (platform/config.ts).
  const config = loadConfig();
  const { port, role } = config.server;
  const logger = createLogger(config.logging.level);

  const dbOptions = databaseOptionsFromConfig(config.database);
  const database = openDatabase(
    dbOptions.kind === 'sqlite'
      ? { ...dbOptions, onCheckpointError: (err) => logger.error({ err }, 'WAL checkpoint worker failed; checkpoints back on the event loop') }
      : { ...dbOptions, onIdleError: (err) => logger.warn({ err }, 'an idle PostgreSQL connection failed; the pool dropped it') },
  );
  await migrate(database);
  // TEST ONLY (KABUTO_TEST_CONTROL=1, never in production): both clocks become settable through
  // POST test/clock (http/testing-routes.ts); unset, they read exactly what they would otherwise.
  const testClock = config.test.control ? new TestClock(marketClockFromConfig(config.market.clock, systemClock)) : null;
  const marketClock = testClock ?? marketClockFromConfig(config.market.clock, systemClock);
  const seed = await marketSeed(database, systemClock, config.market.seed);
  // Two clocks (docs/decisions/023-one-clock.md): the market's is the domain clock (ledger, deposits,
  // KYC, messages, offerings' windows); the wall clock, following a test pin, keeps sessions and limits.
  const services = createServices({ database, clock: testClock?.follow(systemClock) ?? systemClock, logger, settings: config, marketClock, marketSeed: seed });
  services.quotes.start();
  const boot = await bootstrap(services, config);
  // Due work of every module (fills, day-trade auto-close, interest, margin checks, ...). Embedded:
  // an in-process timer. Scale-out (PostgreSQL): pg-boss, each period's run once across the
  // instances with KABUTO_ROLE=jobs|all; KABUTO_ROLE=api instances only serve requests
  // (docs/decisions/021-scale-out.md).
  const stopJobs = role === 'api' ? null : services.jobs.start(2_000);

  const app = createApp(services, { distDir: config.server.distDir, trustProxy: config.server.trustProxy });
  const server = serve({ fetch: app.fetch, port }, (info) => {
    const lines = [
      `Kabuto is running at http://localhost:${info.port}/`,
      `  database: ${dbOptions.kind === 'sqlite' ? dbOptions.file : 'PostgreSQL (DATABASE_URL)'}`,
    ];
    if (role !== 'all' || config.redis.url) {
      lines.push(`  role: ${role}; jobs: ${role === 'api' ? 'off' : services.jobQueue ? 'pg-boss' : 'in process'}; limits and bus: ${config.redis.url ? 'Redis (REDIS_URL)' : 'in process'}`);
    }
    if (boot.admin) {
      const pw = boot.admin.usesDefaultPassword
        ? DEFAULT_ADMIN_PASSWORD
        : config.admin.password ? '(from KABUTO_ADMIN_PASSWORD)' : '(as set)';
      lines.push(`  admin: ${boot.admin.phone} / ${pw}   (invitation code ${boot.admin.inviteCode})`);
      if (boot.admin.usesDefaultPassword) {
        lines.push('  WARNING: the admin uses the default password. Change it now (or set KABUTO_ADMIN_PASSWORD).');
      }
      // The back office takes passkey sessions only (docs/decisions/008-passkeys.md): say how to get in.
      lines.push('  back office: sign in as the admin and open /admin: register a passkey, then sign in with it');
    }
    if (boot.demo) lines.push(`  demo:  ${boot.demo.phone} / ${boot.demo.password}`);
    if (testClock) lines.push('  WARNING: KABUTO_TEST_CONTROL=1 — test-only clock control is on (POST /api/vue/test/*). Never in production.');
    console.log(lines.join('\n'));
  });
  installEdgeHandlers(server);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    services.quotes.stop(); // end the quote streams, or close() waits for them
    const jobsStopped = stopJobs?.() ?? Promise.resolve();
    // Stop accepting connections, let in-flight requests finish, then close the database.
    server.close(() => {
      Promise.allSettled([jobsStopped, services.bus.close(), services.rateLimits.close()])
        .then(() => database.close())
        .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'closing the database failed');
          process.exit(1);
        },
      );
    });
    // Keep-alive connections can hold close() open; do not hang forever.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  // A bad environment is the operator's to fix: its message names each variable, no stack needed.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
