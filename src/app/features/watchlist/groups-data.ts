import type { InstrumentRow } from '../../../shared/api/market';
import type { DataOf } from '../../../shared/api/endpoint';
import type { watchlistApi } from '../../../shared/api/watchlist';

/*
 * Pure helpers of the watchlist groups cache (`GET watchlist/groups`, docs/domain.md "Watchlist
 * groups"): rows of one group, and the cache after a server answer. Unit-tested in
 * tests/unit/watchlist-groups-ui.test.ts.
 */

export type GroupsData = DataOf<typeof watchlistApi.groups>;
export type WatchGroup = GroupsData['groups'][number];

/** The group's rows in its order; codes without a row (not known to the market, or added just now) apart. */
export function groupRows(data: GroupsData | undefined, groupId: string): { group: WatchGroup | undefined; items: InstrumentRow[]; unknown: string[] } {
  const group = data?.groups.find((g) => g.id === groupId);
  const known = new Map((data?.items ?? []).map((r) => [r.code, r]));
  const items: InstrumentRow[] = [];
  const unknown: string[] = [];
  for (const code of group?.codes ?? []) {
    const r = known.get(code);
    if (r) items.push(r);
    else unknown.push(code);
  }
  return { group, items, unknown };
}

/** The cache with one group's codes replaced (and a row for a code just added, when we have one). */
export function withGroupCodes(data: GroupsData, groupId: string, codes: string[], row?: InstrumentRow): GroupsData {
  const items = row && !data.items.some((r) => r.code === row.code) ? [...data.items, row] : data.items;
  return { ...data, items, groups: data.groups.map((g) => (g.id === groupId ? { ...g, codes } : g)) };
}

/** The cache with a group added at the end, renamed, or removed. */
export function withGroup(data: GroupsData, group: WatchGroup): GroupsData {
  const at = data.groups.findIndex((g) => g.id === group.id);
  const groups = at < 0 ? [...data.groups, group] : data.groups.map((g) => (g.id === group.id ? group : g));
  return { ...data, groups };
}

export function withoutGroup(data: GroupsData, groupId: string): GroupsData {
  return { ...data, groups: data.groups.filter((g) => g.id !== groupId) };
}

/** The groups holding `code` (by id). */
export function groupsOf(data: GroupsData | undefined, code: string): Set<string> {
  return new Set((data?.groups ?? []).filter((g) => g.codes.includes(code)).map((g) => g.id));
}

/** The cache with the named groups in `ids` order (the default group stays first). */
export function withGroupOrder(data: GroupsData, ids: readonly string[]): GroupsData {
  const byId = new Map(data.groups.map((g) => [g.id, g]));
  const named = ids.map((id) => byId.get(id)).filter((g): g is WatchGroup => g !== undefined && !g.isDefault);
  return { ...data, groups: [...data.groups.filter((g) => g.isDefault), ...named] };
}
