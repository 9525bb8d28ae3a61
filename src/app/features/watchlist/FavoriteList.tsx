import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { Icon } from '../../components/Icon';
import * as shellIcons from '../../components/icons';
import * as icons from '../../components/market-icons';
import { QuoteRow, instrumentName } from '../market';
import type { InstrumentRow } from '../../../shared/api/market';
import type { FavoritesState } from './useFavorites';

/** The group's list: loading, could not load (or offline with nothing cached), empty, or the rows. */
export function FavoriteList({ fav }: { fav: FavoritesState }) {
  const { view, online, isDefault } = fav;
  if (!fav.data && fav.pending === 0) {
    return !fav.restoring && (view.query.isError || !online) ? (
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
  }
  if (fav.count === 0 && !isDefault) {
    return (
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
  }
  if (fav.count === 0) {
    return (
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
  }
  return <FavoriteRows fav={fav} />;
}

/** The rows, live; in edit mode each with ▲ ▼ and remove. Codes not in the (cached) universe yet show as placeholders. */
function FavoriteRows({ fav }: { fav: FavoritesState }) {
  const { view, editing, locale } = fav;
  return (
    <ul className={`qlist${editing ? ' wlist-editing' : ''}`} style={{ listStyle: 'none', padding: 0 }} aria-label={fav.groupLabel}>
      {view.items.map((row, i) => (
        <li key={row.code} className="wrow" data-testid="watch-row">
          <QuoteRow row={row} locale={locale} href={fav.hrefOf(row)} onOpen={fav.onOpen} showPercent={editing} />
          {editing ? <RowEdit fav={fav} row={row} first={i === 0} last={i === view.items.length - 1} /> : null}
        </li>
      ))}
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

function RowEdit({ fav, row, first, last }: { fav: FavoritesState; row: InstrumentRow; first: boolean; last: boolean }) {
  const { t } = useLingui();
  const name = instrumentName(row, fav.locale);
  return (
    <span className="wrow__edit">
      <button type="button" className="icon-btn icon-btn--small" aria-label={t`${name} を上へ`} aria-disabled={first} disabled={first} onClick={() => fav.move(row, -1)}>
        <Icon d={icons.up} size={20} />
      </button>
      <button type="button" className="icon-btn icon-btn--small" aria-label={t`${name} を下へ`} disabled={last} onClick={() => fav.move(row, 1)}>
        <Icon d={icons.down} size={20} />
      </button>
      <button type="button" className="icon-btn icon-btn--small" aria-label={t`${name} を削除`} onClick={() => fav.removeRow(row)}>
        <Icon d={icons.trash} size={20} />
      </button>
    </span>
  );
}
