import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import {
  ASSET_BRACKETS, EXPERIENCE_BRACKETS, INCOME_BRACKETS, INVESTMENT_PURPOSES, type MarginAccountView,
} from '../../../shared/api/margin-account';
import { Button, Checkbox } from '../../components/forms/Field';
import { ASSET_TEXT, EXPERIENCE_TEXT, INCOME_TEXT, PURPOSE_TEXT } from './labels';
import { RiskExplanation } from './RiskExplanation';
import { RISKS, useApplicationForm, type Draft, type Risk } from './useApplicationForm';

/**
 * The 信用取引口座 application (docs/domain.md "Margin account"): the suitability questions Japanese
 * brokers ask (投資経験, 金融資産, 年収, 投資目的, 資金の性格), the risk explanation with a box for
 * each key risk, and the 同意. The server decides: approved at once or referred (審査中).
 */
export function ApplicationForm({ onApplied }: { onApplied: (view: MarginAccountView) => void }) {
  const { t } = useLingui();
  const f = useApplicationForm(onApplied);
  const yesNo = (yes: MessageDescriptor | string, no: MessageDescriptor | string) => [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ];
  const bool = (k: 'derivativesExperience' | 'spareFunds') => ({ value: f.draft[k] === null ? '' : String(f.draft[k]), onChange: (v: string) => f.set(k, v === 'true') });
  const pick = <K extends Exclude<keyof Draft, 'derivativesExperience' | 'spareFunds'>>(k: K) => ({
    value: f.draft[k] ?? '',
    onChange: (v: string) => f.set(k, v as Draft[K]),
  });
  const riskText: Record<Risk, string> = {
    marginCall: t`維持率が下がると追証（追加保証金）が必要になることを理解しました`,
    lossBeyondDeposit: t`損失が預けた保証金の額を上回る可能性があることを理解しました`,
    costs: t`買方金利・貸株料などのコストが保有中かかり続けることを理解しました`,
    forcedClose: t`維持率が一定を下回ると建玉が強制決済されることを理解しました`,
  };
  return (
    <form
      className="margin-apply"
      aria-label={t`信用取引口座の申し込み`}
      onSubmit={(e) => {
        e.preventDefault();
        f.submit();
      }}
    >
      <h3 className="margin-apply__h">
        <Trans>お客様の投資経験・資産状況</Trans>
      </h3>
      <Choice label={t`株式投資（現物）の経験`} options={EXPERIENCE_BRACKETS.map((v) => ({ value: v, label: EXPERIENCE_TEXT[v] }))} {...pick('stockExperience')} />
      <Choice label={t`信用取引の経験`} options={EXPERIENCE_BRACKETS.map((v) => ({ value: v, label: EXPERIENCE_TEXT[v] }))} {...pick('marginExperience')} />
      <Choice label={t`先物・オプション取引の経験`} options={yesNo(t`あり`, t`なし`)} {...bool('derivativesExperience')} />
      <Choice label={t`金融資産（預貯金・株式など）`} options={ASSET_BRACKETS.map((v) => ({ value: v, label: ASSET_TEXT[v] }))} {...pick('financialAssets')} />
      <Choice label={t`年収`} options={INCOME_BRACKETS.map((v) => ({ value: v, label: INCOME_TEXT[v] }))} {...pick('annualIncome')} />
      <Choice label={t`投資目的`} options={INVESTMENT_PURPOSES.map((v) => ({ value: v, label: PURPOSE_TEXT[v] }))} {...pick('purpose')} />
      <Choice label={t`信用取引に充てる資金は余裕資金ですか`} options={yesNo(t`はい（余裕資金）`, t`いいえ`)} {...bool('spareFunds')} />

      <h3 className="margin-apply__h">
        <Trans>信用取引の危険性（リスク説明書）</Trans>
      </h3>
      <RiskExplanation />
      {RISKS.map((r) => (
        <Checkbox key={r} checked={f.risks[r]} onChange={(on) => f.setRisk(r, on)}>
          {riskText[r]}
        </Checkbox>
      ))}
      <Checkbox checked={f.agreed} onChange={f.setAgreed}>
        <Trans>上記のリスク説明を読み、内容を理解したうえで信用取引口座の開設に同意します</Trans>
      </Checkbox>
      {f.error ? (
        <p className="field__error" role="alert">
          {f.error}
        </p>
      ) : null}
      <Button type="submit" disabled={!f.ready} loading={f.busy}>
        <Trans>同意して申し込む</Trans>
      </Button>
    </form>
  );
}

/** One question: a labelled select, unanswered until the user picks (brokers ask every question). */
function Choice({ label, options, value, onChange }: { label: string; options: { value: string; label: MessageDescriptor | string }[]; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const { i18n } = useLinguiCore();
  const { t } = useLingui();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select id={id} className="field__input" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="" disabled>
            {t`選択してください`}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {typeof o.label === 'string' ? o.label : i18n._(o.label)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
