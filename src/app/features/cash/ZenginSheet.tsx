import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BankRow } from '../../../shared/api/cash';
import { Icon } from '../../components/Icon';
import { Spinner } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { Sheet } from '../../components/Sheet';
import { banksQuery, branchesQuery } from './api';
import { useDebounced } from '../../components/useDebounced';

const DEBOUNCE_MS = 200;

/**
 * The bank or branch search sheet over the Zengin list (searched on the server: the list never
 * enters the app). Name, kana in any width or script, romaji, or code. `bankCode` set: the
 * branches of that bank.
 */
export function ZenginSheet({ bankCode, initialQuery = '', onPick, onClose }: { bankCode?: string; initialQuery?: string; onPick: (row: BankRow) => void; onClose: () => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [q, setQ] = useState(initialQuery);
  const query = useDebounced(q.trim(), DEBOUNCE_MS);
  const banks = useQuery({ ...banksQuery(query), enabled: !bankCode });
  const branches = useQuery({ ...branchesQuery(bankCode ?? '', query), enabled: !!bankCode });
  const results = bankCode ? branches : banks;

  useEffect(() => {
    input.current?.focus();
  }, [onClose]);

  const rows = results.data?.items ?? [];
  return (
    <Sheet title={bankCode ? <Trans>支店を検索</Trans> : <Trans>銀行を検索</Trans>} onClose={onClose} className="cash-sheet">
      <div className="field__control cash-search">
        <Icon d={icons.search} size={20} className="cash-search__icon" />
        <input
          ref={input}
          className="field__input"
          type="search"
          enterKeyHint="search"
          aria-label={bankCode ? t`支店名・支店コード` : t`銀行名・金融機関コード`}
          placeholder={bankCode ? t`例：本店、ほんてん、001` : t`例：三菱ＵＦＪ、みつびし、0005`}
          value={q}
          maxLength={60}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
      </div>
      {results.isFetching && !results.data ? (
        <div className="center-pad">
          <Spinner size={24} label={t`検索中…`} />
        </div>
      ) : null}
      {results.isSuccess && rows.length === 0 ? (
        <p className="muted center-pad">{bankCode ? <Trans>該当する支店がありません</Trans> : <Trans>該当する銀行がありません</Trans>}</p>
      ) : null}
      {results.isError ? (
        <p className="muted center-pad">
          <Trans>検索できませんでした。通信状態をご確認ください。</Trans>
        </p>
      ) : null}
      <ul className="cash-picks" data-testid="zengin-results">
        {rows.map((r) => (
          <li key={r.code}>
            <button type="button" className="cash-picks__row" onClick={() => onPick(r)}>
              <span className="cash-picks__main">
                <span className="cash-picks__name">{r.name}</span>
                <span className="cash-picks__kana">{r.kana}</span>
              </span>
              <span className="cash-picks__code mono">{r.code}</span>
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
