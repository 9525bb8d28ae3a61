import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { InstrumentRow } from '../../../shared/api/market';
import { watchlistApi } from '../../../shared/api/watchlist';
import { apiCall } from '../../api/client';
import { endpointQuery } from '../../api/query';
import { watchlistKeys } from '../../api/quotes/keys';
import { isOnline } from '../../query/online';
import { toast } from '../../components/Toast';
import { moveCode } from './watchlist-queue';
import { withGroup, withGroupCodes, withGroupOrder, withoutGroup, type GroupsData, type WatchGroup } from './groups-data';

export type { GroupsData, WatchGroup } from './groups-data';

/**
 * The user's watchlist groups with their codes and quote rows (`GET watchlist/groups`). Persisted
 * like every query with data, so the groups read offline. The default group's edits go through
 * the watchlist queue (watchlist.ts, they work offline); named-group edits need a connection and
 * say so when offline.
 */
export function watchlistGroupsQuery() {
  return endpointQuery(watchlistApi.groups, {}, { silent: true, staleTime: 30_000 });
}

export interface GroupActions {
  create(name: string, codes?: string[], row?: InstrumentRow): Promise<WatchGroup | null>;
  rename(id: string, name: string): Promise<boolean>;
  remove(id: string): Promise<boolean>;
  add(id: string, row: InstrumentRow): Promise<boolean>;
  removeCode(id: string, code: string): Promise<boolean>;
  move(id: string, code: string, delta: number): Promise<boolean>;
  /** Move a named group one place left (−1) or right (+1) among the named groups. */
  moveGroup(id: string, delta: number): Promise<boolean>;
}

export function useWatchlistGroups() {
  const { t } = useLingui();
  const client = useQueryClient();
  const query = useQuery(watchlistGroupsQuery());

  const update = useCallback((fn: (d: GroupsData) => GroupsData) => client.setQueryData<GroupsData>(watchlistKeys.groups, (d) => (d ? fn(d) : d)), [client]);

  /** Run a named-group command: online only; a refusal is toasted by the API client (translated). */
  const run = useCallback(
    async <T>(call: () => Promise<T>, apply: (result: T) => void, optimistic?: () => void): Promise<boolean> => {
      if (!isOnline()) {
        toast(t`オフラインのため、グループは編集できません`);
        return false;
      }
      optimistic?.();
      try {
        apply(await call());
        return true;
      } catch {
        return false;
      } finally {
        void client.invalidateQueries({ queryKey: watchlistKeys.groups, exact: true });
      }
    },
    [client, t],
  );

  const actions = useMemo<GroupActions>(
    () => ({
      create: async (name, codes = [], row) => {
        let made: WatchGroup | null = null;
        await run(
          () => apiCall(watchlistApi.createGroup, { body: { name, codes } }),
          (r) => {
            made = r.group;
            update((d) => withGroup(row ? withGroupCodes(d, r.group.id, r.group.codes, row) : d, r.group));
          },
        );
        return made;
      },
      rename: (id, name) => run(() => apiCall(watchlistApi.renameGroup, { params: { id }, body: { name } }), (r) => update((d) => withGroup(d, r.group))),
      remove: (id) => run(() => apiCall(watchlistApi.deleteGroup, { params: { id } }), () => update((d) => withoutGroup(d, id))),
      add: (id, row) => run(() => apiCall(watchlistApi.addToGroup, { params: { id }, body: { code: row.code } }), (r) => update((d) => withGroupCodes(d, id, r.codes, row))),
      removeCode: (id, code) => run(() => apiCall(watchlistApi.removeFromGroup, { params: { id }, body: { code } }), (r) => update((d) => withGroupCodes(d, id, r.codes))),
      move: (id, code, delta) => {
        const group = client.getQueryData<GroupsData>(watchlistKeys.groups)?.groups.find((g) => g.id === id);
        if (!group) return Promise.resolve(false);
        const codes = moveCode(group.codes, code, delta);
        return run(
          () => apiCall(watchlistApi.orderGroup, { params: { id }, body: { codes } }),
          (r) => update((d) => withGroupCodes(d, id, r.codes)),
          () => update((d) => withGroupCodes(d, id, codes)),
        );
      },
      moveGroup: (id, delta) => {
        const named = (client.getQueryData<GroupsData>(watchlistKeys.groups)?.groups ?? []).filter((g) => !g.isDefault).map((g) => g.id);
        const ids = moveCode(named, id, delta);
        if (ids.join() === named.join()) return Promise.resolve(false);
        return run(
          () => apiCall(watchlistApi.orderGroups, { body: { ids } }),
          (r) => update((d) => withGroupOrder(d, r.ids)),
          () => update((d) => withGroupOrder(d, ids)),
        );
      },
    }),
    [client, run, update],
  );

  return { query, data: query.data, ...actions };
}
