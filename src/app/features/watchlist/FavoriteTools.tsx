import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/market-icons';
import { TabList } from '../market';
import type { FavoritesState } from './useFavorites';

/** The group tabs (the default list first) and the add-a-group button. */
export function GroupTabs({ fav }: { fav: FavoritesState }) {
  const { t } = useLingui();
  const { groupsFull } = fav;
  return (
    <div className="wgroups">
      <TabList items={fav.tabs} value={fav.groupId} onChange={fav.pick} label={t`お気に入りのグループ`} idPrefix="wgroup" />
      <button
        type="button"
        className="icon-btn"
        aria-label={t`グループを追加`}
        disabled={groupsFull}
        title={groupsFull && fav.groups.data ? t`グループは上限に達しています` : undefined}
        data-testid="group-add"
        onClick={() => fav.setDialog('create')}
      >
        <Icon d={icons.plus} size={22} />
      </button>
    </div>
  );
}

/** The count and the list's time, the edit-mode toggle, and the edits waiting to be synced. */
export function ListTools({ fav }: { fav: FavoritesState }) {
  const { count, max, asOf, pending, editing } = fav;
  return (
    <>
      <div className="wlist-tools">
        <span className="mk-muted">
          <Trans>
            {count} / {max} 銘柄
          </Trans>
          {asOf ? (
            <>
              {' · '}
              <span data-testid="watchlist-asof">
                <Trans>{asOf} 時点</Trans>
              </span>
            </>
          ) : null}
        </span>
        {count > 0 || !fav.isDefault ? (
          <button type="button" className="btn btn--text" style={{ minHeight: 44, padding: '0 0.5rem' }} aria-pressed={editing} onClick={() => fav.setEditing(!editing)}>
            {editing ? <Trans>完了</Trans> : <Trans>並び替え・削除</Trans>}
          </button>
        ) : null}
      </div>
      {pending > 0 ? (
        <p className="notice notice--warn" role="status" data-testid="watchlist-pending">
          {fav.online ? (
            <Trans>変更 {pending} 件を同期しています…</Trans>
          ) : (
            <Trans>オフラインでの変更 {pending} 件は、接続が戻ると同期されます。</Trans>
          )}
        </p>
      ) : null}
    </>
  );
}

/** A named group's tools in edit mode: rename, delete, move the tab left or right. */
export function GroupTools({ fav }: { fav: FavoritesState }) {
  const { t } = useLingui();
  const { groupLabel, groupId, named, groups, setDialog } = fav;
  return (
    <div className="wgroup-tools">
      <button type="button" className="btn btn--secondary" onClick={() => setDialog('rename')}>
        <Trans>名前を変更</Trans>
      </button>
      <button type="button" className="btn btn--secondary" onClick={() => setDialog('delete')}>
        <Trans>グループを削除</Trans>
      </button>
      <button
        type="button"
        className="btn btn--secondary wgroup-move"
        aria-label={t`「${groupLabel}」を左へ移動`}
        disabled={named[0]?.id === groupId}
        onClick={() => void groups.moveGroup(groupId, -1)}
      >
        ◀
      </button>
      <button
        type="button"
        className="btn btn--secondary wgroup-move"
        aria-label={t`「${groupLabel}」を右へ移動`}
        disabled={named[named.length - 1]?.id === groupId}
        onClick={() => void groups.moveGroup(groupId, 1)}
      >
        ▶
      </button>
    </div>
  );
}
