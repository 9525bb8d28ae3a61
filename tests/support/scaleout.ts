import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { DROP_WAIT_MS, onServer } from './db';
import { pollUntil } from './wait';

/**
 * What the scale-out tests share (docs/decisions/021-scale-out.md): the PostgreSQL and Redis they run
 * on, whether Redis answers (the tests skip with a reason when it does not), the instances' shared
 * database and serving an instance on loopback.
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

/** How many connections are subscribed to `channel` on Redis (PUBSUB NUMSUB): a subscription is live once counted. */
export async function redisSubscribers(channel: string, url = REDIS_URL): Promise<number> {
  const r = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await r.connect();
    const [, n] = (await r.pubsub('NUMSUB', channel)) as [string, number];
    return Number(n);
  } finally {
    r.disconnect();
  }
}

/** A fresh database `name` on the test server, migrated; its URL (the instances' own database). */
export async function createMigratedDatabase(name: string): Promise<string> {
  await onServer(PG_URL!, `CREATE DATABASE ${name}`);
  const own = new URL(PG_URL!);
  own.pathname = `/${name}`;
  const db = openDatabase({ kind: 'postgres', url: own.href });
  await migrate(db);
  await db.close();
  return own.href;
}

/** Serves `app` on a free loopback port: its base URL and the server. */
export async function listenOnLoopback(app: { fetch: (req: Request) => Response | Promise<Response> }) {
  const server = await new Promise<ReturnType<typeof serve>>((r) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * Drops the instances' database, trying again while their closing pools still hold it. `force`
 * (WITH (FORCE)) for a test whose pg-boss connections may outlive its instances: without it each
 * try would wait out PostgreSQL's own 5 s for the other sessions.
 */
export async function dropInstancesDatabase(name: string, opts: { force?: boolean } = {}): Promise<void> {
  const drop = () =>
    onServer(PG_URL!, `DROP DATABASE IF EXISTS ${name}${opts.force ? ' WITH (FORCE)' : ''}`).then(
      () => true,
      () => false,
    );
  // However slowly they close (a loaded host), up to DROP_WAIT_MS; then the database is left behind.
  await pollUntil(drop, { timeoutMs: DROP_WAIT_MS });
}
