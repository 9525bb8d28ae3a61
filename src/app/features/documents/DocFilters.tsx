import { useLingui } from '@lingui/react/macro';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../shared/domain/documents';
import type { DocumentFilter } from './api';
import { Choices } from './Choices';
import { DOCUMENT_KIND_CHIP } from './labels';
import { recentYears } from './years';

type KindChoice = DocumentKind | 'all';

/** The box's filters: kind chips (all / 取引報告書 / 取引残高報告書 / 年間取引報告書) and the year. */
export function DocFilters({ filter, onChange }: { filter: DocumentFilter; onChange: (f: DocumentFilter) => void }) {
  const { t, i18n } = useLingui();
  const years = recentYears(filter.year);
  return (
    <div className="doc-filters">
      <Choices<KindChoice>
        label={t`書面の種類`}
        value={filter.kind ?? 'all'}
        onChange={(v) => onChange({ ...filter, kind: v === 'all' ? undefined : v })}
        testIdPrefix="doc-filter-"
        options={[{ value: 'all', label: t`すべて` }, ...DOCUMENT_KINDS.map((k) => ({ value: k, label: i18n._(DOCUMENT_KIND_CHIP[k]) }))]}
      />
      <label className="doc-select">
        <span>{t`年`}</span>
        <select value={filter.year ?? ''} onChange={(e) => onChange({ ...filter, year: e.target.value ? Number(e.target.value) : undefined })} data-testid="doc-year">
          <option value="">{t`すべての年`}</option>
          {years.map((y) => (
            <option key={y} value={y}>
              {t`${y}年`}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
