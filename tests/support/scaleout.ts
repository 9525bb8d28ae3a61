import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';

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

/** A fresh database `name` on the test server, migrated; its URL (the instances' own database). */
export async function createMigratedDatabase(name: string): Promise<string> {
  await onPgServer(`CREATE DATABASE ${name}`);
  const own = new URL(PG_URL!);
  own.pathname = `/${name}`;
  const db = openDatabase({ kind: 'postgres', url: own.href });
  await migrate(db);
  await db.close();
  return own.href;
}

/** Drops database `name`, trying again while the instances' closing pools still hold it. */
export async function dropDatabase(name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    try {
      await onPgServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** Serves `app` on a free loopback port: its base URL and the server. */
export async function listenOnLoopback(app: { fetch: (req: Request) => Response | Promise<Response> }) {
  const server = await new Promise<ReturnType<typeof serve>>((r) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
