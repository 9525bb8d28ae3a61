import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { WATCHLIST_GROUPS_MAX, WATCHLIST_GROUP_CODES_MAX, WATCHLIST_GROUP_NAME_MAX, WATCHLIST_MAX } from '../../src/shared/api/watchlist';

/**
 * Watchlist groups (docs/domain.md "Watchlist groups"): named groups per user beside the default
 * list, a stock in several groups, the default group guarded, limits with their message ids, and
 * another user's group answered like a missing one.
 */
describe.each(testDialects())('watchlist groups (%s)', (dialect) => {
  let s: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    u = await registerUser(s);
  });
  afterAll(() => s?.close());

  const groups = async (token = u.token) => {
    const res = await s.call('get', 'watchlist/groups', { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const create = (name: unknown, codes: unknown = [], token = u.token) => s.call('post', 'watchlist/groups', { body: { name, codes }, token });
  const rename = (id: string, name: unknown, token = u.token) => s.call('post', `watchlist/groups/${id}/rename`, { body: { name }, token });
  const del = (id: string, token = u.token) => s.call('delete', `watchlist/groups/${id}`, { token });
  const add = (id: string, code: string, token = u.token) => s.call('post', `watchlist/groups/${id}/add`, { body: { code }, token });
  const remove = (id: string, code: string, token = u.token) => s.call('post', `watchlist/groups/${id}/remove`, { body: { code }, token });
  const order = (id: string, codes: unknown, token = u.token) => s.call('post', `watchlist/groups/${id}/order`, { body: { codes }, token });
  const orderGroups = (ids: unknown, token = u.token) => s.call('post', 'watchlist/groups/order', { body: { ids }, token });

  let tech = '';
  let banks = '';

  it('starts with the default group only, which is the existing watchlist', async () => {
    await s.call('put', 'watchlist/7203', { token: u.token });
    const d = await groups();
    expect(d).toMatchObject({ maxGroups: WATCHLIST_GROUPS_MAX, nameMax: WATCHLIST_GROUP_NAME_MAX, simulated: true });
    expect(d.groups).toEqual([{ id: 'default', name: null, isDefault: true, codes: ['7203'], max: WATCHLIST_MAX }]);
    expect(d.items.map((r: any) => r.code)).toEqual(['7203']);
  });

  it('creates named groups (trimmed names, initial codes without repeats), a stock in several groups', async () => {
    const a = await create('  ハイテク ', ['6758', '7203', '6758']);
    expect(a.status).toBe(200);
    expect(a.body.data.group).toMatchObject({ name: 'ハイテク', isDefault: false, codes: ['6758', '7203'], max: WATCHLIST_GROUP_CODES_MAX });
    tech = a.body.data.group.id;
    banks = (await create('銀行')).body.data.group.id;
    const d = await groups();
    expect(d.groups.map((g: any) => [g.id, g.name, g.codes])).toEqual([
      ['default', null, ['7203']],
      [tech, 'ハイテク', ['6758', '7203']],
      [banks, '銀行', []],
    ]);
    // One row per distinct code of all groups.
    expect(d.items.map((r: any) => r.code).sort()).toEqual(['6758', '7203']);
    expect((await create('x', ['9999'])).body).toMatchObject({ status: 0, msg: 'product_not_found' });
  });

  it('adds, removes and reorders inside a group; the default group id edits the existing watchlist', async () => {
    expect((await add(banks, '8306')).body.data).toEqual({ codes: ['8306'], added: true });
    expect((await add(banks, '8316')).body.data).toEqual({ codes: ['8306', '8316'], added: true });
    expect((await add(banks, '8306')).body.data).toEqual({ codes: ['8306', '8316'], added: false });
    expect((await order(banks, ['8316', '8306'])).body.data).toEqual({ codes: ['8316', '8306'] });
    expect((await order(banks, ['8316'])).status).toBe(400);
    expect((await order(banks, ['8316', '8306', '8306'])).status).toBe(400);
    expect((await remove(banks, '8316')).body.data).toEqual({ codes: ['8306'], removed: true });
    expect((await remove(banks, '8316')).body.data).toEqual({ codes: ['8306'], removed: false });
    expect((await add(banks, '8316')).body.data.codes).toEqual(['8306', '8316']);
    expect((await add(banks, '9999')).status).toBe(404);

    expect((await add('default', '9984')).body.data).toEqual({ codes: ['7203', '9984'], added: true });
    expect((await s.call('get', 'watchlist', { token: u.token })).body.data.codes).toEqual(['7203', '9984']);
    expect((await order('default', ['9984', '7203'])).body.data.codes).toEqual(['9984', '7203']);
    expect((await remove('default', '9984')).body.data.codes).toEqual(['7203']);
    // Removing from one group leaves the stock in the others.
    expect((await remove(tech, '7203')).body.data.codes).toEqual(['6758']);
    expect((await groups()).groups[0].codes).toEqual(['7203']);
  });

  it('renames and reorders groups; the default group cannot be renamed or deleted', async () => {
    expect((await rename(tech, '半導体')).body.data.group).toMatchObject({ id: tech, name: '半導体', codes: ['6758'] });
    expect((await orderGroups([banks, tech])).body.data).toEqual({ ids: [banks, tech] });
    expect((await groups()).groups.map((g: any) => g.id)).toEqual(['default', banks, tech]);
    for (const bad of [[banks], [banks, tech, tech], ['default', banks, tech], [banks, 'x']]) {
      const res = await orderGroups(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    for (const res of [await rename('default', 'x'), await del('default')]) {
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('watchlist_group_default');
    }
  });

  it('refuses bad names with a translated message id', async () => {
    const tooLong = 'あ'.repeat(WATCHLIST_GROUP_NAME_MAX + 1);
    for (const name of ['', '   ', tooLong, 'x\u202ey', 'x\u0085y']) {
      for (const res of [await create(name), await rename(banks, name)]) {
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(res.body).toMatchObject({ msg: 'watchlist_group_name_invalid', params: { min: 1, max: WATCHLIST_GROUP_NAME_MAX } });
      }
    }
    // C0 controls are already refused at the HTTP edge for every body field (invalid_request, issue control_character).
    for (const name of ['a\u0000b', 'line\nbreak', 'tab\there']) {
      for (const res of [await create(name), await rename(banks, name)]) {
        expect(res.status, JSON.stringify(name)).toBe(400);
        expect(res.body).toMatchObject({ msg: 'invalid_request', params: { field: 'name', issue: 'control_character' } });
      }
    }
    // Exactly the maximum, counted in characters (an emoji counts once).
    expect((await rename(banks, '😀'.repeat(WATCHLIST_GROUP_NAME_MAX))).status).toBe(200);
    expect((await rename(banks, '銀行')).status).toBe(200);
    expect((await create(1)).status).toBe(400);
  });

  it('deletes a group with its entries; the stock stays in the other groups', async () => {
    const g = (await create('一時', ['7203'])).body.data.group.id;
    expect((await del(g)).body.data).toEqual({ deleted: true });
    expect((await del(g)).status).toBe(404);
    expect((await add(g, '7203')).status).toBe(404);
    const left = await s.services.database.db.selectFrom('watchlist_group_item').select('code').where('group_id', '=', g).execute();
    expect(left).toEqual([]);
    expect((await groups()).groups[0].codes).toEqual(['7203']);
  });

  it("answers another user's group exactly like a missing one and changes nothing", async () => {
    const other = await registerUser(s);
    expect((await groups(other.token)).groups.map((g: any) => g.id)).toEqual(['default']);
    const attempts = [
      () => rename(banks, 'mine', other.token),
      () => del(banks, other.token),
      () => add(banks, '7203', other.token),
      () => remove(banks, '8306', other.token),
      () => order(banks, ['8316', '8306'], other.token),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('not_found');
    }
    expect((await orderGroups([banks, tech], other.token)).status).toBe(400);
    const mine = await groups();
    expect(mine.groups.find((g: any) => g.id === banks)).toMatchObject({ name: '銀行', codes: ['8306', '8316'] });
    expect((await s.call('get', 'watchlist/groups')).status).toBe(401);
  });

  it(`holds at most ${WATCHLIST_GROUPS_MAX} groups (with the default one) and ${WATCHLIST_GROUP_CODES_MAX} stocks per group`, async () => {
    const v = await registerUser(s);
    const made = await Promise.all(Array.from({ length: WATCHLIST_GROUPS_MAX + 2 }, (_, i) => create(`g${i}`, [], v.token)));
    expect(made.filter((r) => r.status === 200)).toHaveLength(WATCHLIST_GROUPS_MAX - 1);
    const over = made.filter((r) => r.status !== 200);
    expect(over).toHaveLength(3);
    for (const r of over) expect(r.body).toMatchObject({ status: 0, msg: 'watchlist_group_limit', params: { max: WATCHLIST_GROUPS_MAX } });
    const d = await groups(v.token);
    expect(d.groups).toHaveLength(WATCHLIST_GROUPS_MAX);
    expect(new Set(d.groups.map((g: any) => g.name)).size).toBe(WATCHLIST_GROUPS_MAX);

    const id = d.groups[1].id;
    const stocks = s.services.market.instruments().filter((i) => i.kind === 'stock').slice(0, WATCHLIST_GROUP_CODES_MAX + 1);
    expect((await create('full', stocks.map((i) => i.code), v.token)).status).toBe(400); // the contract bounds initial codes too
    for (const i of stocks.slice(0, WATCHLIST_GROUP_CODES_MAX)) expect((await add(id, i.code, v.token)).status).toBe(200);
    const full = await add(id, stocks[WATCHLIST_GROUP_CODES_MAX]!.code, v.token);
    expect(full.status).toBe(422);
    expect(full.body).toMatchObject({ msg: 'watchlist_group_full', params: { max: WATCHLIST_GROUP_CODES_MAX } });
    expect((await add(id, stocks[0]!.code, v.token)).body.data.added).toBe(false);
    const codes = (await groups(v.token)).groups[1].codes;
    expect(codes).toHaveLength(WATCHLIST_GROUP_CODES_MAX);
    const rows = await s.services.database.db.selectFrom('watchlist_group_item').select('position').where('group_id', '=', id).execute();
    expect(new Set(rows.map((r) => r.position)).size).toBe(WATCHLIST_GROUP_CODES_MAX);
  });
});
