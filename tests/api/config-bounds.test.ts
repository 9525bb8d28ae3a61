import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { configBounds } from '../../src/shared/domain/config-items';

/** Config bounds from law and design (issue 9 §6, docs/domain.md "Config bounds"). */
describe.each(testDialects())('config bounds (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    s.clock.set(TEST_NOW);
  });
  afterAll(() => s?.close());

  const setConfig = (name: string, value: unknown) => s.call('post', 'admin/config', { body: { name, value, reason: 'bounds test' }, token: s.admin.token });
  const current = async () => {
    const res = await s.call('post', 'common/config', { body: { type: 'all' } });
    return new Map((res.body.data as { name: string; value: unknown }[]).map((i) => [i.name, i.value]));
  };
  const auditCount = async () => (await s.services.database.db.selectFrom('admin_audit').selectAll().execute()).length;

  it('publishes the bounds with the item definitions', () => {
    expect(configBounds('maxLeverage')).toEqual({ min: 1, max: 3.3 });
    expect(configBounds('marginInterestBp')).toEqual({ min: 0, max: 2_000 });
    expect(configBounds('shortFeeBp')).toEqual({ min: 0, max: 2_000 });
    expect(configBounds('maintenanceRatioBp')).toEqual({ min: 2_000, max: 3_000 });
    expect(configBounds('forcedCloseRatioBp')).toEqual({ min: 0, max: 2_999 });
    expect(configBounds('title')).toBeNull();
  });

  it('refuses leverage above 3.3 and rates above 20%/yr with config_out_of_bounds; nothing changes', async () => {
    const audits = await auditCount();
    const cases: [string, number, number, number][] = [
      ['maxLeverage', 10, 1, 3.3],
      ['maxLeverage', 3.4, 1, 3.3],
      ['maxLeverage', 0.5, 1, 3.3],
      ['marginInterestBp', 10_000, 0, 2_000],
      ['marginInterestBp', 2_001, 0, 2_000],
      ['shortFeeBp', 2_001, 0, 2_000],
      ['shortFeeBp', -1, 0, 2_000],
      // the margin-call level: the exchange's 20 % floor to 30 % (issue 37: 100 % was accepted)
      ['maintenanceRatioBp', 10_000, 2_000, 3_000],
      ['maintenanceRatioBp', 3_001, 2_000, 3_000],
      ['maintenanceRatioBp', 1_999, 2_000, 3_000],
      ['maintenanceRatioBp', 0, 2_000, 3_000],
      ['forcedCloseRatioBp', 3_000, 0, 2_999],
      ['forcedCloseRatioBp', 10_000, 0, 2_999],
      ['forcedCloseRatioBp', -1, 0, 2_999],
    ];
    for (const [name, value, min, max] of cases) {
      const res = await setConfig(name, value);
      expect(res.status, `${name}=${value}`).toBe(400);
      expect(res.body).toMatchObject({ status: 0, msg: 'config_out_of_bounds', params: { name, min, max } });
    }
    const items = await current();
    expect(items.get('maxLeverage')).toBe(3.3);
    expect(items.get('marginInterestBp')).toBe(280);
    expect(items.get('shortFeeBp')).toBe(110);
    expect(items.get('maintenanceRatioBp')).toBe(2_000);
    expect(items.get('forcedCloseRatioBp')).toBe(1_000);
    expect(await auditCount()).toBe(audits);
  });

  it('accepts values on the bounds', async () => {
    for (const [name, value] of [['maxLeverage', 3.3], ['maxLeverage', 1], ['marginInterestBp', 2_000], ['shortFeeBp', 0]] as const) {
      const res = await setConfig(name, value);
      expect(res.status, `${name}=${value}`).toBe(200);
      expect(res.body.data).toEqual({ name, value });
    }
    expect((await current()).get('marginInterestBp')).toBe(2_000);
    await setConfig('maxLeverage', 3.3);
    await setConfig('marginInterestBp', 280);
    await setConfig('shortFeeBp', 110);
  });

  it('keeps the forced-close ratio strictly below the maintenance ratio, in either order of changes', async () => {
    const audits = await auditCount();
    // Raising the forced-close level to or above the margin call (2,000) is refused.
    for (const value of [2_000, 2_500]) {
      const res = await setConfig('forcedCloseRatioBp', value);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ msg: 'config_inconsistent', params: { name: 'forcedCloseRatioBp', other: 'maintenanceRatioBp', otherValue: 2_000 } });
    }
    // Lowering the margin call to or below the forced close (1,000) is under its 20 % floor already.
    for (const value of [1_000, 500]) {
      const res = await setConfig('maintenanceRatioBp', value);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ msg: 'config_out_of_bounds', params: { name: 'maintenanceRatioBp', min: 2_000, max: 3_000 } });
    }
    let items = await current();
    expect(items.get('forcedCloseRatioBp')).toBe(1_000);
    expect(items.get('maintenanceRatioBp')).toBe(2_000);
    expect(await auditCount()).toBe(audits);

    // Raise the margin call first, then the forced close below it: both accepted.
    expect((await setConfig('maintenanceRatioBp', 3_000)).status).toBe(200);
    expect((await setConfig('forcedCloseRatioBp', 2_999)).status).toBe(200);
    // Now the margin call cannot come back to 2,000 before the forced close goes down.
    expect((await setConfig('maintenanceRatioBp', 2_000)).body).toMatchObject({ msg: 'config_inconsistent', params: { otherValue: 2_999 } });
    expect((await setConfig('forcedCloseRatioBp', 1_000)).status).toBe(200);
    expect((await setConfig('maintenanceRatioBp', 2_000)).status).toBe(200);
    items = await current();
    expect(items.get('forcedCloseRatioBp')).toBe(1_000);
    expect(items.get('maintenanceRatioBp')).toBe(2_000);
    expect(await auditCount()).toBe(audits + 4);
  });

  it('two concurrent changes of either side cannot both pass and break the order', async () => {
    // From 3,000 / 1,000 each change alone is fine (2,800 < 3,000; 1,000 < 2,500), both together are not.
    expect((await setConfig('maintenanceRatioBp', 3_000)).status).toBe(200);
    const [a, b] = await Promise.all([setConfig('forcedCloseRatioBp', 2_800), setConfig('maintenanceRatioBp', 2_500)]);
    expect([a.status, b.status].filter((st) => st === 200).length).toBe(1);
    const items = await current();
    expect(items.get('forcedCloseRatioBp') as number).toBeLessThan(items.get('maintenanceRatioBp') as number);
    await setConfig('forcedCloseRatioBp', 1_000);
    await setConfig('maintenanceRatioBp', 2_000);
  });

  it('keeps each minimum amount at or below its maximum, in either order of changes; equal is accepted', async () => {
    const audits = await auditCount();
    const cases: [string, number, string, number][] = [
      ['depositMin', 10_000_001, 'depositMax', 10_000_000],
      ['depositMax', 999, 'depositMin', 1_000],
      ['withdrawMin', 5_000_001, 'withdrawMax', 5_000_000],
      ['withdrawMax', 99, 'withdrawMin', 100],
      ['usdtDepositMax', 999, 'usdtDepositMin', 1_000],
      ['usdtWithdrawMin', 3_000_001, 'usdtWithdrawMax', 3_000_000],
    ];
    for (const [name, value, other, otherValue] of cases) {
      const res = await setConfig(name, value);
      expect(res.status, `${name}=${value}`).toBe(name === 'withdrawMax' ? 400 : 422);
      if (name !== 'withdrawMax') expect(res.body).toMatchObject({ msg: 'config_inconsistent', params: { name, other, otherValue } });
    }
    const items = await current();
    expect([items.get('depositMin'), items.get('depositMax'), items.get('withdrawMin'), items.get('withdrawMax')]).toEqual([1_000, 10_000_000, 100, 5_000_000]);
    expect(await auditCount()).toBe(audits);
    expect((await setConfig('withdrawMin', 5_000_000)).status).toBe(200);
    expect((await setConfig('withdrawMax', 4_999_999)).body).toMatchObject({ msg: 'config_inconsistent', params: { otherValue: 5_000_000 } });
    expect((await setConfig('withdrawMin', 100)).status).toBe(200);
  });

  it('refuses an empty deposit or withdrawal window and share counts off the lot of 100 (config_invalid)', async () => {
    for (const [name, value] of [['withdrawHours', '09:30-09:30'], ['depositHours', '00:00-00:00'], ['withdrawHours', '24:00-23:59'], ['blockMinShares', 150], ['ipoMinShares', 50]] as const) {
      const res = await setConfig(name, value);
      expect(res.status, `${name}=${value}`).toBe(400);
      expect(res.body.msg).toBe('config_invalid');
    }
    const items = await current();
    expect([items.get('withdrawHours'), items.get('depositHours'), items.get('blockMinShares')]).toEqual(['09:30-24:00', '00:00-23:59', 100]);
    // A window past midnight is not empty.
    expect((await setConfig('withdrawHours', '22:00-02:00')).status).toBe(200);
    expect((await setConfig('withdrawHours', '09:30-24:00')).status).toBe(200);
  });
});
