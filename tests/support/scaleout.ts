import pg from 'pg';
import { Redis } from 'ioredis';

/**
 * What the scale-out tests share (docs/decisions/021-scale-out.md): the PostgreSQL and Redis they run
 * on, whether Redis answers (the tests skip with a reason when it does not), and a statement run on
 * the server itself (CREATE / DROP DATABASE outside any pool).
 */
export const PG_URL = process.env.TEST_DATABASE_URL;
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function redisUp(url = REDIS_URL): Promise<boolean> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
  try {
    await r.connect();
    return (await r.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

export async function onPgServer(sql: string, url = PG_URL): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
