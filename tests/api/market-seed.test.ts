/**
 * Issue 10 finding 5: with a public default seed anyone could compute future prices offline. A new
 * install makes its own secret seed, keeps it (restarts and other instances read the same one) and
 * never sends it; KABUTO_MARKET_SEED overrides it for tests and demos.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/db';
import { ManualClock, type Clock } from '../../src/server/clock';
import { marketSeed as seedOf } from '../../src/server/platform/secrets';
import { loadConfig, type Env } from '../../src/server/platform/config';
import type { Database } from '../../src/server/db/database';
import { Simulator, SIMULATOR_DEFAULTS } from '../../src/server/market-sim';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';

/** The seed main.ts takes with `env` as its environment. */
const marketSeed = (database: Database, clock: Clock, env: Env) => seedOf(database, clock, loadConfig(env).market.seed);

describe.each(testDialects())('the market seed (%s)', (dialect) => {
  const dbs: TestDatabase[] = [];
  let s: TestServer | undefined;
  afterEach(async () => {
    await Promise.all(dbs.splice(0).map((d) => d.dispose()));
    await s?.close();
    s = undefined;
  });
  const clock = new ManualClock(TEST_NOW);

  it('is a secret of the install: random, kept across restarts, different per install', async () => {
    const a = await createTestDatabase(dialect);
    const b = await createTestDatabase(dialect);
    dbs.push(a, b);
    const first = await marketSeed(a.database, clock, {});
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(SIMULATOR_DEFAULTS.seed);
    // Two instances starting at once over the same database agree on it.
    const again = await Promise.all([marketSeed(a.database, clock, {}), marketSeed(a.database, clock, {})]);
    expect(again).toEqual([first, first]);
    expect(await marketSeed(b.database, clock, {})).not.toBe(first);
    // The public seed no longer predicts this install's prices.
    const day = TEST_NOW + 3 * 86_400_000;
    expect(new Simulator({ seed: first }).quote('7203', day).price).not.toBe(new Simulator({ seed: SIMULATOR_DEFAULTS.seed }).quote('7203', day).price);
  });

  it('KABUTO_MARKET_SEED overrides it, and nothing is stored then', async () => {
    const a = await createTestDatabase(dialect);
    dbs.push(a);
    expect(await marketSeed(a.database, clock, { KABUTO_MARKET_SEED: 'demo-seed' })).toBe('demo-seed');
    expect(await a.database.db.selectFrom('server_secret').selectAll().execute()).toEqual([]);
  });

  it('is never sent to a client', async () => {
    s = await startTestServer({ dialect });
    const seed = await marketSeed(s.services.database, clock, {});
    const config = await s.call('post', 'common/config', { body: { type: 'all' } });
    const doc = await s.call('get', 'openapi.json');
    for (const body of [config.body, doc.body]) expect(JSON.stringify(body)).not.toContain(seed);
  });
});
