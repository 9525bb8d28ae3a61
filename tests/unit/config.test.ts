/**
 * The process's settings (src/server/platform/config.ts, issue 34): every environment variable is
 * parsed once at start, a bad value stops the start naming the variable, and README.md's
 * "Environment" table lists exactly the variables the server reads, with their defaults and
 * descriptions.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, VARIABLES, type Env } from '../../src/server/platform/config';

/** The error loadConfig throws for `env` (fails the test when it does not throw). */
function problemsOf(env: Env): readonly string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.server).toEqual({ port: 8080, role: 'all', distDir: resolve('dist'), trustProxy: 0, countryHeader: undefined, rpId: undefined, origins: undefined });
    expect(c.database).toEqual({ url: undefined, dataDir: './data' });
    expect(c.redis).toEqual({ url: undefined, prefix: 'kabuto:' });
    expect(c.jobs).toEqual({ local: false, periodMs: 5_000, pgbossSchema: undefined });
    expect(c.uploads).toEqual({ kind: 'dir', dir: './data/uploads' });
    expect(c.market).toEqual({ clock: { kind: 'real' }, seed: undefined, demo: false });
    expect(c.admin).toEqual({ phone: '09000000000', password: undefined, rootInvite: 'KABUTO' });
    expect(c.push).toEqual({ vapidSubject: 'mailto:support@kabuto.invalid' });
    expect(c.logging).toEqual({ level: 'info' });
    expect(c.test).toEqual({ control: false });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', KABUTO_ROLE: '', DATABASE_URL: '', REDIS_URL: '', KABUTO_DATA_DIR: '' })).toMatchObject({
      server: { port: 8080, role: 'all' },
      database: { url: undefined, dataDir: './data' },
      redis: { url: undefined },
    });
  });

  it('parses every kind of value', () => {
    const c = loadConfig({
      PORT: '9090', KABUTO_ROLE: 'api', KABUTO_DIST_DIR: '/srv/pwa', KABUTO_TRUST_PROXY: '2',
      KABUTO_COUNTRY_HEADER: 'CF-IPCountry', KABUTO_RP_ID: 'kabuto.example', KABUTO_ORIGIN: 'https://app.kabuto.example/, https://kabuto.example',
      DATABASE_URL: 'postgres://kabuto:pw@db/kabuto', KABUTO_DATA_DIR: '/var/kabuto',
      REDIS_URL: 'redis://cache:6379', KABUTO_REDIS_PREFIX: 'k1:', KABUTO_JOBS: 'local', KABUTO_JOB_PERIOD_MS: '2000', KABUTO_PGBOSS_SCHEMA: 'jobs_1',
      KABUTO_MARKET_CLOCK: '2025-03-03T10:15', KABUTO_MARKET_SEED: 'seed', KABUTO_DEMO: '1',
      KABUTO_ADMIN_PHONE: '090-1234-5678', KABUTO_ADMIN_PASSWORD: 'admin-pass-123', KABUTO_ROOT_INVITE: 'rootcode',
      KABUTO_VAPID_SUBJECT: 'https://kabuto.example/contact', LOG_LEVEL: 'warn', KABUTO_TEST_CONTROL: '1',
    });
    expect(c.server).toEqual({
      port: 9090, role: 'api', distDir: '/srv/pwa', trustProxy: 2, countryHeader: 'CF-IPCountry', rpId: 'kabuto.example',
      origins: ['https://app.kabuto.example', 'https://kabuto.example'],
    });
    expect(c.database).toEqual({ url: 'postgres://kabuto:pw@db/kabuto', dataDir: '/var/kabuto' });
    expect(c.redis).toEqual({ url: 'redis://cache:6379', prefix: 'k1:' });
    expect(c.jobs).toEqual({ local: true, periodMs: 2_000, pgbossSchema: 'jobs_1' });
    expect(c.uploads).toEqual({ kind: 'dir', dir: '/var/kabuto/uploads' });
    // Offset-less times are Tokyo time (market-sim/market-clock.ts).
    expect(c.market).toEqual({ clock: { kind: 'fixed', at: Date.parse('2025-03-03T10:15:00+09:00') }, seed: 'seed', demo: true });
    expect(c.admin).toEqual({ phone: '09012345678', password: 'admin-pass-123', rootInvite: 'ROOTCODE' });
    expect(c.push.vapidSubject).toBe('https://kabuto.example/contact');
    expect(c.logging.level).toBe('warn');
    expect(c.test.control).toBe(true);
  });

  it('uploads to S3 when a bucket is named, with its keys', () => {
    const s3 = { KABUTO_S3_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'key' };
    expect(loadConfig({ ...s3, KABUTO_UPLOADS_DIR: '/ignored' }).uploads).toEqual({
      kind: 's3', bucket: 'b', region: 'us-east-1', endpoint: 'https://s3.us-east-1.amazonaws.com', accessKeyId: 'id', secretAccessKey: 'key',
      prefix: undefined, serverSideEncryption: false,
    });
    expect(loadConfig({ ...s3, KABUTO_S3_REGION: 'ap-northeast-1', KABUTO_S3_PREFIX: '', KABUTO_S3_SSE: '1' }).uploads).toMatchObject({
      endpoint: 'https://s3.ap-northeast-1.amazonaws.com', prefix: '', serverSideEncryption: true,
    });
    expect(loadConfig({ ...s3, KABUTO_S3_ENDPOINT: 'http://127.0.0.1:9000' }).uploads).toMatchObject({ endpoint: 'http://127.0.0.1:9000' });
    expect(problemsOf({ KABUTO_S3_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'id' })).toEqual(['KABUTO_S3_BUCKET needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY']);
  });

  it('names the variable, its value and what it must be', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual(["PORT must be a port number (0–65535), got 'abc'"]);
    const bad: Env = {
      PORT: '70000', KABUTO_ROLE: 'worker', KABUTO_TRUST_PROXY: 'yes', KABUTO_COUNTRY_HEADER: 'X Country', KABUTO_RP_ID: 'https://kabuto.example',
      KABUTO_ORIGIN: ' , ', DATABASE_URL: 'mysql://db', REDIS_URL: 'cache:6379', KABUTO_JOBS: 'remote', KABUTO_JOB_PERIOD_MS: '100',
      KABUTO_PGBOSS_SCHEMA: 'pg-boss', KABUTO_S3_ENDPOINT: 'ftp://s3', KABUTO_S3_REGION: 'Tokyo', KABUTO_S3_SSE: 'yes',
      KABUTO_MARKET_CLOCK: 'tomorrow', KABUTO_DEMO: 'true', KABUTO_ADMIN_PHONE: 'admin', KABUTO_ROOT_INVITE: 'no way!',
      KABUTO_VAPID_SUBJECT: 'support@kabuto.example', LOG_LEVEL: 'verbose', KABUTO_TEST_CONTROL: 'on',
    };
    const problems = problemsOf(bad);
    // Every bad value at once, each naming its variable and value.
    expect(problems).toHaveLength(Object.keys(bad).length);
    for (const [name, value] of Object.entries(bad)) {
      expect(problems.find((p) => p.startsWith(`${name} must be `))).toContain(`got '${value}'`);
    }
    expect(() => loadConfig(bad)).toThrow(/^The environment has 21 bad values \(README\.md "Environment"\):\n {2}PORT must be /);
  });

  it('never shows a secret in its message', () => {
    const problems = problemsOf({ KABUTO_ADMIN_PASSWORD: 'short', DATABASE_URL: 'mysql://kabuto:hunter2@db/kabuto' });
    expect(problems).toEqual([
      "DATABASE_URL must be a postgres:// or postgresql:// URL, got 'mysql://kabuto:***@db/kabuto'",
      "KABUTO_ADMIN_PASSWORD must be a password the sign-up rules accept, got '***'",
    ]);
  });

  it('is frozen, and printed or logged without its secrets', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://kabuto:db-secret@db/kabuto', REDIS_URL: 'redis://:redis-secret@cache:6379', KABUTO_MARKET_SEED: 'seed-secret',
      KABUTO_ADMIN_PASSWORD: 'admin-secret-1', KABUTO_S3_BUCKET: 'b', AWS_ACCESS_KEY_ID: 'key-id-secret', AWS_SECRET_ACCESS_KEY: 'key-secret',
    });
    expect(Object.isFrozen(c) && Object.isFrozen(c.server) && Object.isFrozen(c.uploads)).toBe(true);
    expect(() => ((c.server as { port: number }).port = 1)).toThrow(TypeError);
    for (const shown of [JSON.stringify(c), inspect(c, { depth: 5 })]) {
      expect(shown).toContain('postgres://kabuto:***@db/kabuto');
      for (const secret of ['db-secret', 'redis-secret', 'seed-secret', 'admin-secret-1', 'key-id-secret', 'key-secret']) expect(shown).not.toContain(secret);
    }
    expect(c.admin.password).toBe('admin-secret-1'); // kept for the code that needs it
  });

  it('reads every declared variable, and only those', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Env, { get: (_, name) => (typeof name === 'string' && read.add(name), undefined) });
    loadConfig(env);
    expect([...read].sort()).toEqual(VARIABLES.map((v) => v.name).sort());
  });
});

/** Variables of the test harness (tests/support/db.ts), documented beside the server's. */
const NOT_THE_SERVERS = ['TEST_DATABASE_URL'];

/** README.md's "Environment" table: name → [default, meaning]. */
function readmeTable(): Map<string, [string, string]> {
  const lines = readFileSync(resolve(__dirname, '../../README.md'), 'utf8').split('\n');
  const start = lines.findIndex((l) => /^## Environment\s*$/.test(l));
  expect(start, 'README.md has an "## Environment" section').toBeGreaterThan(-1);
  const rows = new Map<string, [string, string]>();
  let inTable = false;
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('|')) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    // Cells split on unescaped pipes; the header and the |---| line have no `NAME` cell.
    const [name, dflt, meaning] = line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());
    const m = /^`([A-Z][A-Z0-9_]*)`$/.exec(name ?? '');
    if (m) rows.set(m[1]!, [dflt!, meaning!]);
  }
  return rows;
}

describe('README.md "Environment"', () => {
  const table = readmeTable();
  for (const name of NOT_THE_SERVERS) table.delete(name);

  it('lists exactly the variables the server reads', () => {
    expect([...table.keys()].sort()).toEqual(VARIABLES.map((v) => v.name).sort());
  });

  it('shows each variable with the default and description of its declaration', () => {
    const declared = Object.fromEntries(VARIABLES.map((v) => [v.name, [v.default, v.description]]));
    expect(Object.fromEntries(table)).toEqual(declared);
  });
});
