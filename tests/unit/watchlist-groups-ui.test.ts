import { describe, expect, it } from 'vitest';
import { groupRows, groupsOf, withGroup, withGroupCodes, withGroupOrder, withoutGroup, type GroupsData } from '../../src/app/features/watchlist/groups-data';
import { groupNameFits } from '../../src/app/features/watchlist/GroupNameDialog';
import type { InstrumentRow } from '../../src/shared/api/market';

const row = (code: string) => ({ code, nameJa: code, nameEn: code }) as unknown as InstrumentRow;
const data: GroupsData = {
  groups: [
    { id: 'default', name: null, isDefault: true, codes: ['7203'], max: 200 },
    { id: 'g1', name: '半導体', isDefault: false, codes: ['6758', 'XXXX', '7203'], max: 100 },
  ],
  items: [row('7203'), row('6758')],
  maxGroups: 20,
  nameMax: 20,
  simulated: true,
};

describe('watchlist groups cache (client)', () => {
  it("gives a group's rows in its order, codes without a row apart", () => {
    const g = groupRows(data, 'g1');
    expect(g.group?.name).toBe('半導体');
    expect(g.items.map((r) => r.code)).toEqual(['6758', '7203']);
    expect(g.unknown).toEqual(['XXXX']);
    expect(groupRows(undefined, 'g1')).toEqual({ group: undefined, items: [], unknown: [] });
  });

  it('applies server answers: codes, a row just added, new, renamed and deleted groups', () => {
    const added = withGroupCodes(data, 'g1', ['6758', '7203', '9984'], row('9984'));
    expect(groupRows(added, 'g1').items.map((r) => r.code)).toEqual(['6758', '7203', '9984']);
    expect(added.groups[0]).toBe(data.groups[0]);
    expect(withGroupCodes(added, 'g1', ['9984'], row('9984')).items.filter((r) => r.code === '9984')).toHaveLength(1);
    const made = withGroup(data, { id: 'g2', name: '銀行', isDefault: false, codes: [], max: 100 });
    expect(made.groups.map((g) => g.id)).toEqual(['default', 'g1', 'g2']);
    expect(withGroup(made, { ...made.groups[1]!, name: 'ハイテク' }).groups[1]!.name).toBe('ハイテク');
    expect(withoutGroup(made, 'g1').groups.map((g) => g.id)).toEqual(['default', 'g2']);
    expect([...groupsOf(data, '7203')].sort()).toEqual(['default', 'g1']);
    expect([...groupsOf(data, '6758')]).toEqual(['g1']);
    // Reordering the named groups keeps the default group first and ignores unknown ids.
    expect(withGroupOrder(made, ['g2', 'default', 'zz', 'g1']).groups.map((g) => g.id)).toEqual(['default', 'g2', 'g1']);
  });

  it('checks a name before sending it like the server does', () => {
    expect(groupNameFits(' 高配当 ')).toBe(true);
    expect(groupNameFits('')).toBe(false);
    expect(groupNameFits('   ')).toBe(false);
    expect(groupNameFits('あ'.repeat(20))).toBe(true);
    expect(groupNameFits('あ'.repeat(21))).toBe(false);
    expect(groupNameFits('😀'.repeat(20))).toBe(true);
    expect(groupNameFits('a\tb')).toBe(false);
  });
});
