import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import type { Clock } from '../clock';

/**
 * The install's secret `name`: made once (32 random bytes, hex) and kept in the database, so every
 * restart and every instance over the same database reads the same value. Concurrent first starts
 * agree: the first insert wins and everyone reads it back.
 */
export async function ensureSecret(database: Database, clock: Clock, name: string): Promise<string> {
  await database.db
    .insertInto('server_secret')
    .values({ name, value: randomBytes(32).toString('hex'), created_at: clock.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/**
 * The simulated market's seed (docs/domain.md "Market boards"): `KABUTO_MARKET_SEED` when set
 * (tests and demos that want known prices), otherwise the install's own secret, so nobody can
 * compute tomorrow's prices from a public default.
 */
export async function marketSeed(database: Database, clock: Clock, fixed: string | undefined): Promise<string> {
  return fixed || ensureSecret(database, clock, 'market_seed');
}
