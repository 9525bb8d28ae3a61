import { useCallback, useEffect, useState } from 'react';
import { useIsRestoring } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/money';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import * as shellIcons from '../../components/icons';
import * as icons from '../../components/market/icons';
import { detailPath, instrumentName } from '../../components/market/names';
import { QuoteRow, type RowData } from '../../components/market/QuoteRow';
import { onWatchlistDropped, useWatchlist } from '../../components/watchlist/watchlist';
import { useWatchlistGroups } from '../../components/watchlist/groups';
import { groupRows } from '../../components/watchlist/groups-data';
import { GroupNameDialog } from '../../components/watchlist/GroupNameDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SimNote, TabList } from '../../components/market/parts';
import { DEFAULT_GROUP_ID } from '../../../shared/api/watchlist';
import type { InstrumentRow } from '../../../shared/api/market';
import '../../components/watchlist/watchlist.css';
import { useLiveQuotes } from '../../api/quotes/live';
import { useOnline } from '../../query/online';

/**
 * /favorite/index — the watchlist, kept alive: live rows in the user's order; edit mode to reorder
 * (▲▼ buttons, keyboard and screen-reader friendly) and remove. Edits work offline (queued and
 * synced when back online, see components/watchlist/watchlist-queue.ts); the cached list shows
 * offline with its time. Group tabs (docs/domain.md "Watchlist groups"): the default list first,
 * then the user's named groups (add, rename, delete here; a stock goes into a group from the
 * star's long press). Named groups read offline from the cache; their edits need a connection.
 */
export function FavoriteScreen() {
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
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete' | null>(null);
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

  const data = view.query.data;
  const count = view.codes.length;
  const max = view.max;
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

  let body;
  if (!data && pending === 0) {
    body =
      !restoring && (view.query.isError || !online) ? (
        <EmptyView
          icon={shellIcons.alert}
          text={online ? <Trans>お気に入りを読み込めませんでした</Trans> : <Trans>オフラインです。お気に入りはまだ保存されていません。</Trans>}
          action={
            online ? (
              <button type="button" className="btn btn--secondary" onClick={() => void view.query.refetch()}>
                <Trans>再読み込み</Trans>
              </button>
            ) : undefined
          }
        />
      ) : (
        <p className="mk-muted" aria-busy="true">
          <Trans>読み込み中…</Trans>
        </p>
      );
  } else if (count === 0 && !isDefault) {
    body = (
      <EmptyView
        icon={icons.star}
        text={<Trans>このグループにはまだ銘柄がありません</Trans>}
        hint={<Trans>銘柄詳細や検索結果の ☆ を長押しすると、グループを選んで登録できます。</Trans>}
        action={
          <Link to="/favorite/search" className="btn btn--secondary">
            <Trans>銘柄を探す</Trans>
          </Link>
        }
      />
    );
  } else if (count === 0) {
    body = (
      <EmptyView
        icon={icons.star}
        text={<Trans>お気に入りはまだありません</Trans>}
        hint={<Trans>銘柄詳細や検索結果の ☆ で追加できます。</Trans>}
        action={
          <Link to="/favorite/search" className="btn btn--secondary">
            <Trans>銘柄を探す</Trans>
          </Link>
        }
      />
    );
  } else {
    body = (
      <ul className={`qlist${editing ? ' wlist-editing' : ''}`} style={{ listStyle: 'none', padding: 0 }} aria-label={groupLabel}>
        {view.items.map((row, i) => {
          const name = instrumentName(row, locale);
          return (
            <li key={row.code} className="wrow" data-testid="watch-row">
              <QuoteRow row={row} locale={locale} href={hrefOf(row)} onOpen={onOpen} showPercent={editing} />
              {editing ? (
                <span className="wrow__edit">
                  <button
                    type="button"
                    className="icon-btn icon-btn--small"
                    aria-label={t`${name} を上へ`}
                    aria-disabled={i === 0}
                    disabled={i === 0}
                    onClick={() => move(row, -1)}
                  >
                    <Icon d={icons.up} size={20} />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--small"
                    aria-label={t`${name} を下へ`}
                    disabled={i === view.items.length - 1}
                    onClick={() => move(row, 1)}
                  >
                    <Icon d={icons.down} size={20} />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--small"
                    aria-label={t`${name} を削除`}
                    onClick={() => removeRow(row)}
                  >
                    <Icon d={icons.trash} size={20} />
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
        {view.unknown.map((code) => (
          <li key={code} className="wrow">
            <span className="qrow">
              <span className="qrow__name">
                <span className="qrow__title">{code}</span>
                <span className="qrow__sub">
                  <Trans>接続後に表示されます</Trans>
                </span>
              </span>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Page
      title={t`お気に入り`}
      fallback="/home/index"
      right={
        <Link to="/favorite/search" className="icon-btn" aria-label={t`銘柄検索`}>
          <Icon d={icons.search} size={22} />
        </Link>
      }
    >
      <SimNote />
      <div className="wgroups">
        <TabList items={tabs} value={groupId} onChange={pick} label={t`お気に入りのグループ`} idPrefix="wgroup" />
        <button
          type="button"
          className="icon-btn"
          aria-label={t`グループを追加`}
          disabled={groupsFull}
          title={groupsFull && groups.data ? t`グループは上限に達しています` : undefined}
          data-testid="group-add"
          onClick={() => setDialog('create')}
        >
          <Icon d={icons.plus} size={22} />
        </button>
      </div>
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
        {count > 0 || !isDefault ? (
          <button type="button" className="btn btn--text" style={{ minHeight: 44, padding: '0 0.5rem' }} aria-pressed={editing} onClick={() => setEditing(!editing)}>
            {editing ? <Trans>完了</Trans> : <Trans>並び替え・削除</Trans>}
          </button>
        ) : null}
      </div>
      {pending > 0 ? (
        <p className="notice notice--warn" role="status" data-testid="watchlist-pending">
          {online ? (
            <Trans>変更 {pending} 件を同期しています…</Trans>
          ) : (
            <Trans>オフラインでの変更 {pending} 件は、接続が戻ると同期されます。</Trans>
          )}
        </p>
      ) : null}
      {editing && !isDefault ? (
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
      ) : null}
      <div id="wgroup-panel" role="tabpanel" aria-labelledby={`wgroup-tab-${groupId}`}>
        {body}
      </div>
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
      <p className="sr-only" role="status" aria-live="polite" style={srOnly}>
        {announce}
      </p>
    </Page>
  );
}

const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
