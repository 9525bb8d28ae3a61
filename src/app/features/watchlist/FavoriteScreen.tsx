import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/market-icons';
import { SimNote } from '../market';
import { FavoriteDialogs } from './FavoriteDialogs';
import { FavoriteList } from './FavoriteList';
import { GroupTabs, GroupTools, ListTools } from './FavoriteTools';
import { useFavorites } from './useFavorites';
import './watchlist.css';

/**
 * /favorite/index — the watchlist, kept alive: live rows in the user's order; edit mode to reorder
 * (▲▼ buttons, keyboard and screen-reader friendly) and remove. Edits work offline (queued and
 * synced when back online, see watchlist-queue.ts); the cached list shows
 * offline with its time. Group tabs (docs/domain.md "Watchlist groups"): the default list first,
 * then the user's named groups (add, rename, delete here; a stock goes into a group from the
 * star's long press). Named groups read offline from the cache; their edits need a connection.
 * The state is useFavorites'.
 */
export function FavoriteScreen() {
  const { t } = useLingui();
  const fav = useFavorites();
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
      <GroupTabs fav={fav} />
      <ListTools fav={fav} />
      {fav.editing && !fav.isDefault ? <GroupTools fav={fav} /> : null}
      <div id="wgroup-panel" role="tabpanel" aria-labelledby={`wgroup-tab-${fav.groupId}`}>
        <FavoriteList fav={fav} />
      </div>
      <FavoriteDialogs fav={fav} />
      <p className="sr-only" role="status" aria-live="polite" style={srOnly}>
        {fav.announce}
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
