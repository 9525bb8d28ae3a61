import { Trans, useLingui } from '@lingui/react/macro';
import { TAX_ACCOUNT_CHOICES, type TaxAccountChoice } from '../../../shared/api/tax-account';

/**
 * The 特定口座 choice made when opening the account (docs/domain.md "Account types and NISA"):
 * 源泉徴収あり (recommended: no 確定申告 for most), なし, or 一般口座 only. Changed later on
 * 口座区分 (/information/taxAccount) while nothing was sold in the year.
 */
export function TaxAccountChoiceField({ value, onChange }: { value: TaxAccountChoice; onChange: (v: TaxAccountChoice) => void }) {
  const { t } = useLingui();
  const text: Record<TaxAccountChoice, { label: string; hint: string }> = {
    specific_withholding: { label: t`特定口座（源泉徴収あり）・おすすめ`, hint: t`税金を当社が計算して差し引きます。原則として確定申告は不要です。` },
    specific: { label: t`特定口座（源泉徴収なし）`, hint: t`税金は差し引かれません。お客様ご自身で確定申告します。` },
    general: { label: t`一般口座のみ`, hint: t`損益の計算と確定申告をすべてお客様ご自身で行います。` },
  };
  return (
    <fieldset className="field kyc-tax" data-testid="kyc-tax-account">
      <legend className="field__label">
        <Trans>口座区分（特定口座）</Trans>
      </legend>
      {TAX_ACCOUNT_CHOICES.map((c) => (
        <label key={c} className={`kyc-tax__opt${value === c ? ' kyc-tax__opt--on' : ''}`}>
          <input type="radio" name="taxAccount" value={c} checked={value === c} onChange={() => onChange(c)} />
          <span>
            <strong>{text[c].label}</strong>
            <span className="field__hint kyc-tax__hint">{text[c].hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
