import { afterEach, describe, expect, it } from 'vitest';
import { testDialects, createTestDatabase, type TestDatabase } from '../support/db';
import { countUsers, startTestServer, TEST_ADMIN, TEST_NOW, type TestServer } from '../support/server';
import { ManualClock } from '../../src/server/clock';
import { createLogger } from '../../src/server/logger';
import { createServices, type Services } from '../../src/server/services';
import { bootstrap as bootstrapWith, DEFAULT_ADMIN_PASSWORD, DEMO_GRANT_JPY, DEMO_PASSWORD, DEMO_PHONE } from '../../src/server/bootstrap';
import { DEFAULT_ADMIN_PHONE, loadConfig, type Env } from '../../src/server/platform/config';

/** A start with `env` as its environment: the settings main.ts would read from it, then bootstrap. */
const bootstrap = async (services: Services, env: Env) => bootstrapWith(services, loadConfig(env));

describe.each(testDialects())('start-up bootstrap (%s)', (dialect) => {
  let tdb: TestDatabase | undefined;
  let s: TestServer | undefined;
  afterEach(async () => {
    await tdb?.dispose();
    await s?.close();
    tdb = undefined;
    s = undefined;
  });

  async function bareServices(): Promise<Services> {
    tdb = await createTestDatabase(dialect);
    return createServices({ database: tdb.database, clock: new ManualClock(TEST_NOW), logger: createLogger('silent'), settings: loadConfig({}) });
  }

  it('on an empty install creates the default admin (flagged as using the default password) and config', async () => {
    const services = await bareServices();
    const first = await bootstrap(services, {});
    expect(first.admin).toMatchObject({ phone: DEFAULT_ADMIN_PHONE, inviteCode: 'KABUTO', created: true, usesDefaultPassword: true });
    expect(first.demo).toBeNull();
    const session = await services.accounts.login({ phone: DEFAULT_ADMIN_PHONE, password: DEFAULT_ADMIN_PASSWORD }, '127.0.0.1');
    expect(session.is_admin).toBe(true);
    expect((await services.config.list()).length).toBeGreaterThan(0);

    // idempotent: a restart finds the same admin and creates nothing
    const again = await bootstrap(services, {});
    expect(again.admin).toMatchObject({ id: first.admin!.id, created: false, usesDefaultPassword: true });
    const rows = await services.database.db.selectFrom('users').select('id').execute();
    expect(rows.length).toBe(1);
  });

  it('KABUTO_DEMO=1 ensures a demo user invited by the admin', async () => {
    const services = await bareServices();
    const res = await bootstrap(services, { KABUTO_DEMO: '1' });
    expect(res.demo).toMatchObject({ phone: DEMO_PHONE, password: DEMO_PASSWORD });
    const session = await services.accounts.login({ phone: DEMO_PHONE, password: DEMO_PASSWORD }, '127.0.0.1');
    expect(session.is_admin).toBe(false);
    const row = await services.database.db.selectFrom('users').selectAll().where('phone', '=', DEMO_PHONE).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(res.admin!.id);
    // the demo money is a journaled grant the user can see, made once
    expect(await services.ledger.balance(res.demo!.id, 'JPY', 'cash')).toBe(DEMO_GRANT_JPY);
    const again = await bootstrap(services, { KABUTO_DEMO: '1' });
    expect(again.demo!.id).toBe(res.demo!.id);
    expect(await services.ledger.balance(res.demo!.id, 'JPY', 'cash')).toBe(DEMO_GRANT_JPY);
    const entries = await services.ledger.entries(res.demo!.id);
    expect(entries.items.map((e) => e.kind)).toEqual(['demo_grant']);
    // …and one deposit channel that says on every field it is fictitious, made once.
    const channels = await services.database.db.selectFrom('cash_deposit_channel').selectAll().execute();
    expect(channels).toHaveLength(1);
    expect(channels[0]).toMatchObject({ type: 'bank', currency: 'JPY', active: 1 });
    for (const field of [channels[0]!.label, channels[0]!.bank_name, channels[0]!.holder]) expect(field).toMatch(/架空/);
  });

  it('without KABUTO_DEMO no deposit channel is made up', async () => {
    const services = await bareServices();
    await bootstrap(services, {});
    expect(await services.database.db.selectFrom('cash_deposit_channel').selectAll().execute()).toEqual([]);
  });

  it('refuses invalid admin settings instead of starting with a surprise', async () => {
    const services = await bareServices();
    await expect(bootstrap(services, { KABUTO_ADMIN_PHONE: 'admin' })).rejects.toThrow(/KABUTO_ADMIN_PHONE/);
    await expect(bootstrap(services, { KABUTO_ADMIN_PASSWORD: 'short' })).rejects.toThrow(/KABUTO_ADMIN_PASSWORD/);
    await expect(bootstrap(services, { KABUTO_ROOT_INVITE: 'no way!' })).rejects.toThrow(/KABUTO_ROOT_INVITE/);
  });

  it('KABUTO_ADMIN_PASSWORD is the source of truth for the admin password on every start', async () => {
    s = await startTestServer({ dialect });
    const env = { KABUTO_ADMIN_PHONE: TEST_ADMIN.phone, KABUTO_ADMIN_PASSWORD: 'rotated-admin-pass', KABUTO_ROOT_INVITE: TEST_ADMIN.invite };
    const res = await bootstrap(s.services, env);
    expect(res.admin).toMatchObject({ id: s.admin.id, created: false, usesDefaultPassword: false });
    const login = (password: string) => s!.call('post', 'user/login', { body: { phone: TEST_ADMIN.phone, password } });
    expect((await s.call('get', 'user/info', { token: s.admin.token })).status).toBe(401); // old sessions ended
    expect((await login(TEST_ADMIN.password)).status).toBe(422);
    const ok = await login('rotated-admin-pass');
    expect(ok.status).toBe(200);
    expect(ok.body.data.is_admin).toBe(true);
  });

  it('without a password, no default admin is added when an admin already exists', async () => {
    s = await startTestServer({ dialect });
    const before = await countUsers(s);
    const res = await bootstrap(s.services, { KABUTO_ADMIN_PHONE: '09055556666' });
    expect(res.admin).toBeNull();
    expect(await countUsers(s)).toBe(before);
  });

  it('users register with the root invitation code', async () => {
    s = await startTestServer({ dialect });
    const res = await s.call('post', 'user/register', {
      body: { phone: '08099990000', password: 'secret-pass-1', password2: 'secret-pass-1', inviteCode: TEST_ADMIN.invite.toLowerCase(), agree: true },
    });
    expect(res.status).toBe(200);
  });
});
