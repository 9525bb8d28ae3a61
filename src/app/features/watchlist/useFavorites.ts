import { useCallback, useEffect, useState } from 'react';
import { useIsRestoring } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/money';
import { toast } from '../../components/Toast';
import { detailPath, instrumentName, type RowData } from '../market';
import { onWatchlistDropped, useWatchlist } from './watchlist';
import { useWatchlistGroups } from './groups';
import { groupRows } from './groups-data';
import { DEFAULT_GROUP_ID } from '../../../shared/api/watchlist';
import type { InstrumentRow } from '../../../shared/api/market';
import { useLiveQuotes } from '../../api/quotes/live';
import { useOnline } from '../../query/online';

export type FavoritesState = ReturnType<typeof useFavorites>;
export type GroupDialog = 'create' | 'rename' | 'delete' | null;

/**
 * Everything the watchlist screen (FavoriteScreen.tsx) knows: the group shown (the default list or
 * a named group) and its rows, count and time, the edit mode, the dialog open, the screen-reader
 * announcement, and the edits (move, remove, pick a group).
 */
export function useFavorites() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const online = useOnline();
  const restoring = useIsRestoring();
  const navigate = useNavigate();
  const wl = useWatchlist();
  const groups = useWatchlistGroups();
  const [picked, setPicked] = useState<string>(DEFAULT_GROUP_ID);
  const [editing, setEditing] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [dialog, setDialog] = useState<GroupDialog>(null);
  const named = groups.data?.groups.filter((g) => !g.isDefault) ?? [];
  // A group deleted elsewhere (or not in the cache any more) falls back to the default list.
  const groupId = picked !== DEFAULT_GROUP_ID && named.some((g) => g.id === picked) ? picked : DEFAULT_GROUP_ID;
  const isDefault = groupId === DEFAULT_GROUP_ID;
  const inGroup = groupRows(groups.data, groupId);
  const view = isDefault
    ? { codes: wl.codes, items: wl.items, unknown: wl.unknown, max: wl.max, query: wl.query as { data?: unknown; dataUpdatedAt: number; isError: boolean; refetch: () => unknown } }
    : { codes: inGroup.group?.codes ?? [], items: inGroup.items, unknown: inGroup.unknown, max: inGroup.group?.max ?? 0, query: groups.query };
  useLiveQuotes(editing ? [] : view.codes);
  const pick = (id: string) => {
    setPicked(id);
    setEditing(false);
  };

  useEffect(() => {
    onWatchlistDropped(() => toast(t`お気に入りの変更の一部を反映できませんでした`));
    return () => onWatchlistDropped(null);
  }, [t]);

  const hrefOf = (row: RowData) => `#${detailPath(row.kind)}?code=${encodeURIComponent(row.code)}`;
  const onOpen = useCallback(
    (row: RowData) => void navigate({ to: detailPath(row.kind), search: { code: row.code } }),
    [navigate],
  );

  const pending = isDefault ? wl.pending : 0;
  const asOf = view.query.dataUpdatedAt ? formatDateTime(view.query.dataUpdatedAt) : null;

  const move = (row: RowData, delta: number) => {
    const i = view.codes.indexOf(row.code);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= view.codes.length) return;
    if (isDefault) wl.move(row.code, delta);
    else void groups.move(groupId, row.code, delta);
    const name = instrumentName(row, locale);
    const place = j + 1;
    setAnnounce(t`${name} を ${place} 番目に移動しました`);
  };
  const removeRow = (row: InstrumentRow) => {
    const name = instrumentName(row, locale);
    if (isDefault) {
      wl.remove(row.code);
      setAnnounce(t`${name} をお気に入りから外しました`);
    } else {
      void groups.removeCode(groupId, row.code).then((done) => {
        if (done) setAnnounce(t`${name} をグループから外しました`);
      });
    }
  };

  const groupLabel = isDefault ? t`お気に入り` : (inGroup.group?.name ?? '');
  const tabs = [{ id: DEFAULT_GROUP_ID, label: t`お気に入り` }, ...named.map((g) => ({ id: g.id, label: g.name ?? '' }))];
  const groupsFull = groups.data ? groups.data.groups.length >= groups.data.maxGroups : true;

  return {
    locale, online, restoring, groups, named, groupId, isDefault, groupLabel, tabs, groupsFull, pick,
    view, data: view.query.data, count: view.codes.length, max: view.max, pending, asOf, hrefOf, onOpen,
    editing, setEditing, move, removeRow, dialog, setDialog, announce,
  };
}
