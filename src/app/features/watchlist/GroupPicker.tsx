import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { InstrumentRow } from '../../../shared/api/market';
import { Sheet } from '../../components/Sheet';
import { GroupNameDialog } from './GroupNameDialog';
import { groupsOf } from './groups-data';
import { useWatchlistGroups } from './groups';
import { useWatchlist } from './watchlist';
import type { RowSnapshot } from './watchlist-queue';
import './watchlist.css';

/**
 * The sheet that puts a stock into the user's watchlist groups (opened by a long press on the
 * watchlist star): one checkbox per group, the default group first, and a new group holding the
 * stock. The default group's edit is queued (works offline); named groups need a connection.
 */
export function GroupPicker({ row, onClose }: { row: RowSnapshot; onClose: () => void }) {
  const { t } = useLingui();
  const watchlist = useWatchlist();
  const groups = useWatchlistGroups();
  const [naming, setNaming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const data = groups.data;
  const member = groupsOf(data, row.code);
  const full = (data?.groups.length ?? 1) >= (data?.maxGroups ?? Infinity);

  useEffect(() => {
    closeRef.current?.focus();
  }, [naming, onClose]);

  const toggle = async (groupId: string, on: boolean) => {
    setBusy(groupId);
    if (on) await groups.add(groupId, row as unknown as InstrumentRow);
    else await groups.removeCode(groupId, row.code);
    setBusy(null);
  };

  return (
    <Sheet
      title={<Trans>登録するグループ</Trans>}
      onClose={onClose}
      testId="group-picker"
      closeOnEscape={!naming}
      closeRef={closeRef}
      foot={
        <button type="button" className="btn btn--secondary btn--block" disabled={full || !data} onClick={() => setNaming(true)}>
          <Trans>新しいグループを作って追加</Trans>
        </button>
      }
      overlay={
        naming ? (
          <GroupNameDialog
            title={t`新しいグループ`}
            saveLabel={t`作成して追加`}
            onSave={async (name) => (await groups.create(name, [row.code], row as unknown as InstrumentRow)) !== null}
            onClose={() => setNaming(false)}
          />
        ) : null
      }
    >
      <ul className="group-picks">
        <li>
          <label className="group-pick">
            <input type="checkbox" checked={watchlist.has(row.code)} onChange={(e) => (e.currentTarget.checked ? watchlist.add(row) : watchlist.remove(row.code))} />
            <span>
              <Trans>お気に入り</Trans>
            </span>
          </label>
        </li>
        {(data?.groups ?? [])
          .filter((g) => !g.isDefault)
          .map((g) => {
            const on = member.has(g.id);
            return (
              <li key={g.id}>
                <label className="group-pick">
                  <input type="checkbox" checked={on} disabled={busy === g.id} aria-busy={busy === g.id || undefined} onChange={(e) => void toggle(g.id, e.currentTarget.checked)} />
                  <span>{g.name}</span>
                  <span className="mk-muted group-pick__count">
                    {g.codes.length} / {g.max}
                  </span>
                </label>
              </li>
            );
          })}
      </ul>
      {!data && groups.query.isError ? (
        <p className="mk-muted">
          <Trans>グループを読み込めませんでした</Trans>
        </p>
      ) : null}
    </Sheet>
  );
}
