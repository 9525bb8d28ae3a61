import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { Sheet } from '../../components/Sheet';
import { formatPriceYen } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { Signed } from '../../components/Signed';
import { searchQuery, type SearchRow } from './api';
import { useDebounced } from '../../components/useDebounced';

/** Waits this long after the last keystroke before searching. */
const DEBOUNCE_MS = 250;

export interface PickedStock {
  code: string;
  name: string;
}

/** The stock of the ticket: a button that opens a search sheet (code, Japanese or English name, kana). */
export function CodePicker({
  value,
  onPick,
}: {
  value: PickedStock | null;
  onPick: (stock: PickedStock) => void;
}) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="picker" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className="picker__icon">
          <Icon d={icons.search} size={20} />
        </span>
        {value ? (
          <span className="picker__main">
            <span className="picker__name">{value.name}</span>
            <span className="picker__code mono">{value.code}</span>
          </span>
        ) : (
          <span className="picker__placeholder">
            <Trans>銘柄を選ぶ（コード・銘柄名）</Trans>
          </span>
        )}
        <span className="picker__change">{value ? t`変更` : null}</span>
      </button>
      {open ? (
        <SearchSheet
          onClose={() => setOpen(false)}
          onPick={(s) => {
            setOpen(false);
            onPick(s);
          }}
        />
      ) : null}
    </>
  );
}

function SearchSheet({ onClose, onPick }: { onClose: () => void; onPick: (s: PickedStock) => void }) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), DEBOUNCE_MS);
  const results = useQuery({ ...searchQuery(query), enabled: query.length > 0 });

  useEffect(() => {
    input.current?.focus();
  }, [onClose]);

  const rows: SearchRow[] = query ? (results.data ?? []) : [];
  return (
    <Sheet title={<Trans>銘柄を検索</Trans>} onClose={onClose} className="sheet--tall">
      <div className="field__control search-box">
        <Icon d={icons.search} size={20} className="search-box__icon" />
        <input
          ref={input}
          className="field__input"
          type="search"
          enterKeyHint="search"
          aria-label={t`銘柄コードまたは銘柄名`}
          placeholder={t`例：7203、トヨタ、toyota`}
          value={q}
          maxLength={50}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </div>
      {query && results.isFetching && !results.data ? (
        <div className="center-pad">
          <Spinner size={24} label={t`検索中…`} />
        </div>
      ) : null}
      {query && results.isSuccess && rows.length === 0 ? (
        <p className="muted center-pad">
          <Trans>該当する銘柄がありません</Trans>
        </p>
      ) : null}
      {results.isError ? (
        <p className="muted center-pad">
          <Trans>検索できませんでした。通信状態をご確認ください。</Trans>
        </p>
      ) : null}
      <ul className="pick-list">
        {rows.map((r) => {
          const name = displayName(r, i18n.locale);
          return (
            <li key={r.code}>
              <button type="button" className="pick-list__row" onClick={() => onPick({ code: r.code, name })}>
                <span className="pick-list__main">
                  <span className="pick-list__name">{name}</span>
                  <span className="pick-list__code mono">{r.code}</span>
                </span>
                <span className="pick-list__side">
                  <span className="mono">{formatPriceYen(r.price, r.priceScale)}</span>
                  <Signed value={r.changeBp} bp className="small" />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </Sheet>
  );
}
