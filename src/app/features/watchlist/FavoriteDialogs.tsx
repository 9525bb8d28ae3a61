import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DEFAULT_GROUP_ID } from '../../../shared/api/watchlist';
import { GroupNameDialog } from './GroupNameDialog';
import type { FavoritesState } from './useFavorites';

/** The dialog open, if any: a new group, rename the group shown, or delete it. */
export function FavoriteDialogs({ fav }: { fav: FavoritesState }) {
  const { t } = useLingui();
  const { dialog, setDialog, isDefault, groupLabel, groupId, groups, pick } = fav;
  return (
    <>
      {dialog === 'create' ? (
        <GroupNameDialog
          title={t`新しいグループ`}
          saveLabel={t`作成`}
          onSave={async (name) => {
            const made = await groups.create(name);
            if (made) pick(made.id);
            return made !== null;
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'rename' && !isDefault ? (
        <GroupNameDialog title={t`グループ名を変更`} initial={groupLabel} saveLabel={t`変更`} onSave={(name) => groups.rename(groupId, name)} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete' && !isDefault}
        title={t`「${groupLabel}」を削除しますか？`}
        body={<Trans>グループの中の銘柄の登録も消えます。ほかのグループやお気に入りの登録はそのままです。</Trans>}
        confirmLabel={t`削除`}
        cancelLabel={t`キャンセル`}
        danger
        onConfirm={() => {
          setDialog(null);
          void groups.remove(groupId).then((done) => {
            if (done) pick(DEFAULT_GROUP_ID);
          });
        }}
        onCancel={() => setDialog(null)}
      />
    </>
  );
}
