import { Trans, useLingui } from '@lingui/react/macro';
import { EXPORT_KINDS, type ExportEncoding } from '../../../shared/domain/documents';
import { Choices } from './Choices';
import { EXPORT_TEXT } from './labels';
import { recentYears } from './years';
import type { ExportChoice as ExportDraft } from './useCsvExport';

/** The export's choices: which file, its encoding, its year. */
export function ExportForm({ draft, onChange, disabled }: { draft: ExportDraft; onChange: (d: ExportDraft) => void; disabled: boolean }) {
  const { t, i18n } = useLingui();
  const ghostfolio = draft.kind === 'ghostfolio';
  return (
    <fieldset className="doc-export doc-export__fields" disabled={disabled}>
      <div className="doc-export__field">
        <span className="doc-export__label">
          <Trans>書き出す内容</Trans>
        </span>
        <Choices
          label={t`書き出す内容`}
          value={draft.kind}
          onChange={(kind) => onChange({ ...draft, kind })}
          testIdPrefix="export-kind-"
          wide
          options={EXPORT_KINDS.map((k) => ({
            value: k,
            label: (
              <>
                <span>{i18n._(EXPORT_TEXT[k].name)}</span>
                <span className="doc-chip__hint">{i18n._(EXPORT_TEXT[k].hint)}</span>
              </>
            ),
          }))}
        />
      </div>
      <div className="doc-export__field">
        <span className="doc-export__label">
          <Trans>文字コード</Trans>
        </span>
        <Choices<ExportEncoding>
          label={t`文字コード`}
          value={draft.encoding}
          onChange={(encoding) => onChange({ ...draft, encoding })}
          testIdPrefix="export-encoding-"
          options={[
            { value: 'utf8', label: t`UTF-8（BOM付き）` },
            { value: 'sjis', label: t`Shift_JIS`, disabled: ghostfolio },
          ]}
        />
        <p className="small muted">
          {ghostfolio ? (
            <Trans>Ghostfolio は UTF-8 のファイルだけを読み込むため、UTF-8 で書き出します。</Trans>
          ) : (
            <Trans>どちらも Excel で文字化けせずに開けます。Shift_JIS は国内の証券会社のCSVと同じ文字コードです。</Trans>
          )}
        </p>
      </div>
      <YearField draft={draft} onChange={onChange} />
    </fieldset>
  );
}

function YearField({ draft, onChange }: { draft: ExportDraft; onChange: (d: ExportDraft) => void }) {
  const { t } = useLingui();
  const pnl = draft.kind === 'pnl';
  return (
    <div className="doc-export__field">
      <label className="doc-select">
        <span className="doc-export__label">
          <Trans>対象の年</Trans>
        </span>
        <select value={draft.year ?? ''} onChange={(e) => onChange({ ...draft, year: e.target.value ? Number(e.target.value) : undefined })} data-testid="export-year">
          {pnl ? null : <option value="">{t`すべての年`}</option>}
          {recentYears(draft.year).map((y) => (
            <option key={y} value={y}>
              {t`${y}年`}
            </option>
          ))}
        </select>
      </label>
      <p className="small muted">
        {pnl ? (
          <Trans>年間損益は受渡日がその年の売却を集計します（特定口座年間取引報告書と同じ区切り）。</Trans>
        ) : (
          <Trans>約定日（配当金は支払日）の年で絞り込みます。</Trans>
        )}
      </p>
    </div>
  );
}
