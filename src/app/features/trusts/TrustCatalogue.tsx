import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { TRUST_CATEGORIES, type TrustCategory } from '../../../shared/domain/trust';
import type { TRUST_SORTS } from '../../../shared/api/trusts';
import { Segmented } from '../../components/Segmented';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { useDebounced } from '../../components/useDebounced';
import { trustListQuery } from './api';
import { CATEGORY_NAME, formatPpm, RISK_NAME } from './labels';
import { TrustRow } from './parts';

type Sort = (typeof TRUST_SORTS)[number];
type Nisa = '' | 'nisa_growth' | 'nisa_tsumitate';

/** 信託報酬 上限 choices (ppm): the low-cost index funds, then the wider bands. */
const FEE_CAPS = [2_000, 5_000, 10_000, 20_000] as const;

/** ファンド一覧: search, filters (category, fee cap, risk, NISA frame) and the ranking; the server filters. */
export function TrustCatalogue() {
  const { t, i18n } = useLingui();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<TrustCategory | ''>('');
  const [maxFee, setMaxFee] = useState<number | ''>('');
  const [risk, setRisk] = useState<number | ''>('');
  const [nisa, setNisa] = useState<Nisa>('');
  const [sort, setSort] = useState<Sort>('assets');
  const text = useDebounced(q.trim(), 300);
  const query = useQuery(
    trustListQuery({
      q: text || undefined,
      category: category || undefined,
      maxFeePpm: maxFee === '' ? undefined : maxFee,
      risk: risk === '' ? undefined : risk,
      nisa: nisa || undefined,
      sort,
    }),
  );
  const items = query.data?.items ?? [];
  return (
    <div className="trust-catalogue">
      <label className="trust-search">
        <Icon d={icons.search} size={18} />
        <input
          type="search"
          className="trust-search__input"
          placeholder={t`ファンド名・コードで検索`}
          aria-label={t`ファンド名・コードで検索`}
          value={q}
          maxLength={60}
          onChange={(e) => setQ(e.target.value)}
          data-testid="trust-search"
        />
      </label>
      <div className="trust-filters">
        <label className="trust-filter">
          <span>
            <Trans>カテゴリー</Trans>
          </span>
          <select value={category} onChange={(e) => setCategory(e.target.value as TrustCategory | '')} data-testid="trust-filter-category">
            <option value="">{t`すべて`}</option>
            {TRUST_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {i18n._(CATEGORY_NAME[c])}
              </option>
            ))}
          </select>
        </label>
        <label className="trust-filter">
          <span>
            <Trans>信託報酬</Trans>
          </span>
          <select value={maxFee} onChange={(e) => setMaxFee(e.target.value === '' ? '' : Number(e.target.value))} data-testid="trust-filter-fee">
            <option value="">{t`指定なし`}</option>
            {FEE_CAPS.map((c) => (
              <option key={c} value={c}>
                {t`${formatPpm(c)}以下`}
              </option>
            ))}
          </select>
        </label>
        <label className="trust-filter">
          <span>
            <Trans>リスク区分</Trans>
          </span>
          <select value={risk} onChange={(e) => setRisk(e.target.value === '' ? '' : Number(e.target.value))} data-testid="trust-filter-risk">
            <option value="">{t`指定なし`}</option>
            {[1, 2, 3, 4, 5].map((r) => {
              const word = i18n._(RISK_NAME[r]!);
              return (
                <option key={r} value={r}>
                  {t`${r}（${word}）`}
                </option>
              );
            })}
          </select>
        </label>
        <label className="trust-filter">
          <span>
            <Trans>NISA</Trans>
          </span>
          <select value={nisa} onChange={(e) => setNisa(e.target.value as Nisa)} data-testid="trust-filter-nisa">
            <option value="">{t`指定なし`}</option>
            <option value="nisa_growth">{t`成長投資枠の対象`}</option>
            <option value="nisa_tsumitate">{t`つみたて投資枠の対象`}</option>
          </select>
        </label>
      </div>
      <Segmented<Sort>
        label={t`並び順`}
        className="segmented--chips trust-sort"
        value={sort}
        onChange={setSort}
        options={[
          { value: 'assets', label: t`純資産総額` },
          { value: 'return', label: t`1年リターン` },
          { value: 'plans', label: t`積立人数` },
        ]}
      />
      <p className="small muted trust-sim-note">
        <Trans>基準価額・リターンはすべて模擬市場から計算したシミュレーションです。リターンは分配金を再投資した場合のトータルリターンです。</Trans>
      </p>
      {query.isPending ? (
        <LoadingPane />
      ) : items.length === 0 ? (
        query.isError ? (
          <EmptyView compact icon={icons.alert} text={<Trans>ファンドを読み込めませんでした</Trans>} />
        ) : (
          <EmptyView compact icon={icons.search} text={<Trans>条件に合うファンドはありません</Trans>} />
        )
      ) : (
        <ul className="pos-list trust-list" data-testid="trust-list" aria-busy={query.isPlaceholderData || undefined}>
          {items.map((f) => (
            <li key={f.id}>
              <TrustRow f={f} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
