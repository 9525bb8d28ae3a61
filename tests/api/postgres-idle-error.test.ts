import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database';
import { dropDatabase, onServer } from '../support/db';
import { pollUntil } from '../support/wait';

// An idle pooled connection that PostgreSQL ends (a restart, a failover, pg_terminate_backend) must
// not take the process down: node-postgres re-emits the error on the pool, where an 'error' event
// without a listener is an uncaught exception (src/server/db/database.ts). Without the listener this
// file fails with vitest's "unhandled error"; with it the error is reported and the next query
// opens a new connection.
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool: an idle connection ended by the server', () => {
  const name = `kabuto_idle_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const errors: Error[] = [];
  let database: Database;

  beforeAll(async () => {
    await onServer(url!, `CREATE DATABASE ${name}`);
    const own = new URL(url!);
    own.pathname = `/${name}`;
    database = openDatabase({ kind: 'postgres', url: own.href, poolSize: 2, onIdleError: (err) => errors.push(err) });
  });
  afterAll(async () => {
    await database?.close();
    await dropDatabase(url!, name);
  });

  it('is reported to onIdleError, and the next query runs on a new connection', async () => {
    const pidOf = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid;
    const before = await pidOf(); // one connection, now idle in the pool
    await onServer(url!, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}'`);
    // The pool hears of it when the server's FATAL message arrives: wait for that, however long it takes.
    await pollUntil(() => errors.length > 0);
    expect(errors.length).toBe(1);
    expect((errors[0] as Error & { code?: string }).code).toBe('57P01'); // admin_shutdown
    const after = await pidOf();
    expect(after).not.toBe(before);
  });
});
