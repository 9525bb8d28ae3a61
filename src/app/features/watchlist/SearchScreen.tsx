import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { Icon } from '../../components/Icon';
import * as shellIcons from '../../components/icons';
import * as icons from '../../components/market-icons';
import { QuoteRow, SimNote, detailPath, useMarketLabels, type RowData } from '../market';
import { WatchStar } from './WatchStar';
import { useLiveQuotes } from '../../api/quotes/live';
import { localJsonStore } from '../../json-store';
import { useOnline } from '../../query/online';
import { getAccount } from '../../storage';
import { searchQuery } from './api';
import { SearchHistory, normalizeTerm } from './search-history';

const route = getRouteApi('/favorite/search');
const history = new SearchHistory(localJsonStore, getAccount);
const DEBOUNCE_MS = 300;

/**
 * /favorite/search?q= — search by code, Japanese or English name, or kana, with history (kept per
 * account in localStorage, clearable). Results open the detail screen and can be added to the
 * watchlist with ☆.
 */
export function SearchScreen() {
  const { t, i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const labels = useMarketLabels();
  const online = useOnline();
  const restoring = useIsRestoring();
  const search = route.useSearch();
  const navigate = useNavigate();
  const [text, setText] = useState(search.q ?? '');
  const terms = useSyncExternalStore(history.subscribe, history.list, history.list);
  const q = normalizeTerm(search.q ?? '');
  const ownQ = useRef<string | null>(null);
  // The box follows the URL when it changes from outside (back / forward, a history term).
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    if (q !== ownQ.current && normalizeTerm(text) !== q) setText(q);
  }

  // The URL follows the box (debounced), so back / reload keep the search.
  useEffect(() => {
    const next = normalizeTerm(text);
    if (next === q) return;
    const timer = setTimeout(() => {
      ownQ.current = next;
      void navigate({ to: '/favorite/search', search: next ? { q: next } : {}, replace: true, resetScroll: false });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q, navigate]);

  const query = useQuery({ ...searchQuery(q), enabled: q.length > 0 });
  const items = query.data?.items;
  useLiveQuotes(items?.slice(0, 50).map((r) => r.code) ?? []);

  const runTerm = (term: string) => {
    setText(term);
    history.add(term);
    ownQ.current = normalizeTerm(term);
    void navigate({ to: '/favorite/search', search: { q: normalizeTerm(term) }, replace: true, resetScroll: false });
  };
  const open = (row: RowData) => {
    history.add(q || text);
    void navigate({ to: detailPath(row.kind), search: { code: row.code } });
  };
  const hrefOf = (row: RowData) => `#${detailPath(row.kind)}?code=${encodeURIComponent(row.code)}`;

  let results = null;
  if (q) {
    if (items) {
      results =
        items.length === 0 ? (
          <EmptyView compact icon={icons.search} text={<Trans>「{q}」に一致する銘柄はありません</Trans>} />
        ) : (
          <ul className="qlist" style={{ listStyle: 'none', padding: 0 }} aria-label={t`検索結果`} data-testid="search-results">
            {items.map((row) => (
              <li key={row.code} className="srow">
                <QuoteRow row={row} locale={locale} href={hrefOf(row)} onOpen={open} sub={labels.kind(row.kind)} showPercent />
                {row.kind !== 'index' ? <WatchStar row={row} /> : null}
              </li>
            ))}
          </ul>
        );
    } else if (!restoring && (query.isError || !online)) {
      results = (
        <EmptyView
          compact
          icon={shellIcons.alert}
          text={online ? <Trans>検索できませんでした</Trans> : <Trans>オフラインのため検索できません</Trans>}
        />
      );
    } else {
      results = (
        <p className="mk-muted" aria-busy="true">
          <Trans>検索中…</Trans>
        </p>
      );
    }
  }

  return (
    <Page title={t`銘柄検索`} fallback="/favorite/index">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (normalizeTerm(text)) runTerm(text);
        }}
      >
        <label className="search-box">
          <Icon d={icons.search} size={20} aria-hidden="true" />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t`コード・銘柄名・かな`}
            aria-label={t`銘柄を検索`}
            enterKeyHint="search"
            autoComplete="off"
            maxLength={50}
          />
          {text ? (
            <button type="button" className="icon-btn icon-btn--small" aria-label={t`入力を消去`} onClick={() => setText('')}>
              <Icon d={icons.close} size={18} />
            </button>
          ) : null}
        </label>
      </form>
      <SimNote />
      {!q ? (
        <section aria-labelledby="search-history-title">
          <div className="head-row">
            <h2 id="search-history-title" className="section-title">
              <Trans>検索履歴</Trans>
            </h2>
            {terms.length ? (
              <button type="button" className="btn btn--text" style={{ minHeight: 40, padding: '0 0.25rem' }} onClick={() => history.clear()}>
                <Trans>履歴を消去</Trans>
              </button>
            ) : null}
          </div>
          {terms.length ? (
            <ul className="mk-chips" data-testid="search-history">
              {terms.map((term) => (
                <li key={term} className="mk-chip">
                  <button type="button" className="mk-chip__main" onClick={() => runTerm(term)}>
                    {term}
                  </button>
                  <button type="button" className="mk-chip__x" aria-label={t`「${term}」を履歴から削除`} onClick={() => history.remove(term)}>
                    <Icon d={icons.close} size={14} />
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mk-muted">
              <Trans>検索履歴はありません</Trans>
            </p>
          )}
        </section>
      ) : (
        results
      )}
    </Page>
  );
}
