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
import { SimNote } from '../../components/market/parts';
import { QuoteRow, type RowData } from '../../components/market/QuoteRow';
import { onWatchlistDropped, useWatchlist } from '../../components/watchlist/watchlist';
import { useLiveQuotes } from '../../api/quotes/live';
import { useOnline } from '../../query/online';

/**
 * /favorite/index — the watchlist, kept alive: live rows in the user's order; edit mode to reorder
 * (▲▼ buttons, keyboard and screen-reader friendly) and remove. Edits work offline (queued and
 * synced when back online, see components/watchlist/watchlist-queue.ts); the cached list shows
 * offline with its time.
 */
export function FavoriteScreen() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const online = useOnline();
  const restoring = useIsRestoring();
  const navigate = useNavigate();
  const wl = useWatchlist();
  const [editing, setEditing] = useState(false);
  const [announce, setAnnounce] = useState('');
  useLiveQuotes(editing ? [] : wl.codes);

  useEffect(() => {
    onWatchlistDropped(() => toast(t`お気に入りの変更の一部を反映できませんでした`));
    return () => onWatchlistDropped(null);
  }, [t]);

  const hrefOf = (row: RowData) => `#${detailPath(row.kind)}?code=${encodeURIComponent(row.code)}`;
  const onOpen = useCallback(
    (row: RowData) => void navigate({ to: detailPath(row.kind), search: { code: row.code } }),
    [navigate],
  );

  const data = wl.query.data;
  const count = wl.codes.length;
  const max = wl.max;
  const pending = wl.pending;
  const asOf = wl.query.dataUpdatedAt ? formatDateTime(wl.query.dataUpdatedAt) : null;

  const move = (row: RowData, delta: number) => {
    const i = wl.codes.indexOf(row.code);
    const j = i + delta;
    if (i < 0 || j < 0 || j >= wl.codes.length) return;
    wl.move(row.code, delta);
    const name = instrumentName(row, locale);
    const place = j + 1;
    setAnnounce(t`${name} を ${place} 番目に移動しました`);
  };

  let body;
  if (!data && pending === 0) {
    body =
      !restoring && (wl.query.isError || !online) ? (
        <EmptyView
          icon={shellIcons.alert}
          text={online ? <Trans>お気に入りを読み込めませんでした</Trans> : <Trans>オフラインです。お気に入りはまだ保存されていません。</Trans>}
          action={
            online ? (
              <button type="button" className="btn btn--secondary" onClick={() => void wl.query.refetch()}>
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
      <ul className={`qlist${editing ? ' wlist-editing' : ''}`} style={{ listStyle: 'none', padding: 0 }} aria-label={t`お気に入り`}>
        {wl.items.map((row, i) => {
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
                    disabled={i === wl.items.length - 1}
                    onClick={() => move(row, 1)}
                  >
                    <Icon d={icons.down} size={20} />
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn--small"
                    aria-label={t`${name} を削除`}
                    onClick={() => {
                      wl.remove(row.code);
                      setAnnounce(t`${name} をお気に入りから外しました`);
                    }}
                  >
                    <Icon d={icons.trash} size={20} />
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
        {wl.unknown.map((code) => (
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
        {count > 0 ? (
          <button type="button" className="btn btn--text" style={{ minHeight: 40, padding: '0 0.5rem' }} aria-pressed={editing} onClick={() => setEditing(!editing)}>
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
      {body}
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
