import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import { instrumentName } from '../market';
import * as icons from '../../components/market-icons';
import type { RowSnapshot } from './watchlist-queue';
import { useWatchlist } from './watchlist';
import { GroupPicker } from './GroupPicker';
import './watchlist.css';

/** How long a press on the star opens the group picker instead of toggling. */
export const LONG_PRESS_MS = 500;

/**
 * The watchlist star: a tap toggles the instrument in the default watchlist (works offline: the
 * edit is queued); a long press, a right click or the context-menu key opens the group picker
 * (GroupPicker.tsx) to put it into other groups too.
 */
export function WatchStar({ row, className = 'icon-btn' }: { row: RowSnapshot; className?: string }) {
  const { t, i18n } = useLingui();
  const watchlist = useWatchlist();
  const [picking, setPicking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pressed = useRef(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const on = watchlist.has(row.code);
  const full = !on && watchlist.codes.length >= watchlist.max;
  const cancel = () => clearTimeout(timer.current);
  const open = () => {
    pressed.current = true;
    setPicking(true);
  };
  return (
    <>
      <button
        type="button"
        className={`${className} star-btn`}
        aria-pressed={on}
        aria-label={on ? t`お気に入りから外す` : t`お気に入りに追加`}
        aria-haspopup="dialog"
        title={full ? t`お気に入りは上限に達しています` : t`長押しでグループに登録`}
        disabled={full}
        data-testid="watch-star"
        onPointerDown={() => {
          pressed.current = false;
          cancel();
          timer.current = setTimeout(open, LONG_PRESS_MS);
        }}
        onPointerUp={cancel}
        onPointerLeave={cancel}
        onPointerCancel={cancel}
        onContextMenu={(e) => {
          e.preventDefault();
          cancel();
          open();
        }}
        onClick={() => {
          // The click that ends a long press only closes it.
          if (pressed.current) {
            pressed.current = false;
            return;
          }
          // Said in words too: the star's fill alone is easy to miss on a small screen (issue 35).
          const name = instrumentName(row, i18n.locale || 'ja');
          if (on) {
            watchlist.remove(row.code);
            toast(t`${name} をお気に入りから外しました`);
          } else {
            watchlist.add(row);
            toast(t`${name} をお気に入りに追加しました`);
          }
        }}
      >
        <Icon d={icons.star} size={22} />
      </button>
      {/* Out of the top bar or the row it sits in (their stacking and clicks are not the sheet's). */}
      {picking ? createPortal(<GroupPicker row={row} onClose={() => setPicking(false)} />, document.body) : null}
    </>
  );
}
