import { useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon';
import * as icons from '../market/icons';
import type { RowSnapshot } from './watchlist-queue';
import { useWatchlist } from './watchlist';
import '../market/market.css';

/** The watchlist star: toggles the instrument in the watchlist (works offline: the edit is queued). */
export function WatchStar({ row, className = 'icon-btn' }: { row: RowSnapshot; className?: string }) {
  const { t } = useLingui();
  const watchlist = useWatchlist();
  const on = watchlist.has(row.code);
  const full = !on && watchlist.codes.length >= watchlist.max;
  return (
    <button
      type="button"
      className={`${className} star-btn`}
      aria-pressed={on}
      aria-label={on ? t`お気に入りから外す` : t`お気に入りに追加`}
      title={full ? t`お気に入りは上限に達しています` : undefined}
      disabled={full}
      onClick={() => (on ? watchlist.remove(row.code) : watchlist.add(row))}
    >
      <Icon d={icons.star} size={22} />
    </button>
  );
}
