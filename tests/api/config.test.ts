import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer } from '../support/server';
import { CONFIG_ITEMS, CONFIG_NAMES } from '../../src/shared/domain/config-items';

describe.each(testDialects())('config (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const list = async () => {
    const res = await s.call('post', 'common/config', { body: { type: 'all' } });
    expect(res.status).toBe(200);
    return new Map((res.body.data as { name: string; value: unknown }[]).map((i) => [i.name, i.value]));
  };
  const setConfig = (body: unknown, token = s.admin.token) => s.call('post', 'admin/config', { body, token });

  it('lists every configuration item with its seeded default', async () => {
    const items = await list();
    expect([...items.keys()]).toEqual(CONFIG_NAMES);
    for (const name of CONFIG_NAMES) expect(items.get(name)).toEqual(CONFIG_ITEMS[name].default);
    // seeded into the database at start, not only served from code
    const rows = await s.services.database.db.selectFrom('config').select('name').execute();
    expect(rows.map((r) => r.name).sort()).toEqual([...CONFIG_NAMES].sort());
  });

  it('refuses any type other than "all"', async () => {
    for (const body of [{ type: 'x' }, {}]) {
      const res = await s.call('post', 'common/config', { body });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('invalid_request');
      expect(res.body.params.field).toBe('type');
    }
  });

  it('an admin change is validated, audited and visible at once (cache invalidated)', async () => {
    await list(); // warm the cache
    const res = await setConfig({ name: 'withdrawMax', value: 1_234_500, reason: 'raise the daily cap' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: 'withdrawMax', value: 1_234_500 });
    expect((await list()).get('withdrawMax')).toBe(1_234_500);

    const audit = await s.call('get', 'admin/audit?limit=1', { token: s.admin.token });
    expect(audit.body.data.items[0]).toMatchObject({
      adminId: s.admin.id,
      action: 'config.set',
      target: 'withdrawMax',
      reason: 'raise the daily cap',
      detail: { from: 5_000_000, to: 1_234_500 },
      at: s.clock.now(),
    });
  });

  it('refuses an unknown name with 404 config_unknown and writes nothing', async () => {
    const before = await s.services.database.db.selectFrom('admin_audit').selectAll().execute();
    const res = await setConfig({ name: 'noSuchItem', value: 1, reason: 'because' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 0, msg: 'config_unknown', params: { name: 'noSuchItem' } });
    const after = await s.services.database.db.selectFrom('admin_audit').selectAll().execute();
    expect(after.length).toBe(before.length);
  });

  it('refuses a value its item schema rejects with 400 config_invalid', async () => {
    const cases: [string, unknown][] = [
      ['withdrawMin', 50], // below the 100 floor
      ['withdrawMin', 'many'],
      ['inviteRequired', 'yes'],
      ['depositHours', '9-17'],
      ['sellAfterDays', 1.5],
      ['title', ''],
    ];
    for (const [name, value] of cases) {
      const res = await setConfig({ name, value, reason: 'try a bad value' });
      expect(res.status, `${name}=${String(value)}`).toBe(400);
      expect(res.body.msg).toBe('config_invalid');
    }
    const items = await list();
    expect(items.get('withdrawMin')).toBe(100);
    expect(items.get('inviteRequired')).toBe(true);
  });

  it('needs a reason', async () => {
    const res = await setConfig({ name: 'title', value: 'Kabuto X' });
    expect(res.status).toBe(400);
    expect(res.body.params.field).toBe('reason');
    expect((await list()).get('title')).toBe('Kabuto');
  });

  it('is admin-only: 401 without a session, 403 admin_only for a user', async () => {
    const anon = await s.call('post', 'admin/config', { body: { name: 'title', value: 'Hacked', reason: 'nope' } });
    expect(anon.status).toBe(401);
    expect(anon.body.msg).toBe('login_required');
    const user = await registerUser(s);
    const res = await setConfig({ name: 'title', value: 'Hacked', reason: 'nope' }, user.token);
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('admin_only');
    expect((await list()).get('title')).toBe('Kabuto');
  });

  it('a restart keeps what an admin set (seeding only fills in missing items)', async () => {
    await setConfig({ name: 'title', value: 'Kabuto Test', reason: 'rename for tests' });
    await s.services.config.seedDefaults();
    expect((await list()).get('title')).toBe('Kabuto Test');
  });
});
