import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TaxAccountView } from '../../../shared/api/tax-account';
import { formatIsoDate } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Button } from '../../components/forms/Field';
import { changeWithholding, taxAccountKey } from './api';

/**
 * The 特定口座's 源泉徴収 choice. By law it is set per year before the first sale or dividend in the
 * 特定口座 that year; after one, it may change from the next 1 January (`withholdingChangeableFrom`,
 * or the refusal `withholding_locked` {nextChange} if the screen was stale).
 */
export function WithholdingForm({ view }: { view: TaxAccountView }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const [choice, setChoice] = useState(view.withholding);
  const save = useMutation({
    mutationFn: (withholding: boolean) => changeWithholding({ withholding }),
    onSuccess: (v) => client.setQueryData(taxAccountKey, v),
    onError: () => void client.invalidateQueries({ queryKey: taxAccountKey }),
  });
  const lockedUntil = view.withholdingChangeableFrom;
  const refusal = save.isError && isApiError(save.error) ? save.error : null;
  const nextChange = typeof refusal?.params?.nextChange === 'string' ? refusal.params.nextChange : null;
  const until = formatIsoDate(lockedUntil ?? nextChange ?? '');
  const error = !save.isError ? null : nextChange
    ? t`今年はすでに特定口座で売却または配当の受取があるため、源泉徴収の有無は${until}から変更できます。`
    : translateMessage(refusal ? refusal.msg : 'network_error', refusal?.params, getLanguage());
  const options = [
    { value: true, label: t`源泉徴収あり`, text: t`売却益と配当金の税金（20.315%）を当社が差し引いて納めます。原則として確定申告は不要です。`, id: 'on' },
    { value: false, label: t`源泉徴収なし`, text: t`税金は差し引かれません。1年間の売却益をもとに、お客様ご自身で確定申告します（配当金は受取時に源泉徴収されます）。`, id: 'off' },
  ];
  return (
    <form
      className="withholding"
      aria-label={t`源泉徴収の選択`}
      onSubmit={(e) => {
        e.preventDefault();
        if (choice !== view.withholding && !save.isPending) save.mutate(choice);
      }}
    >
      <fieldset className="withholding__set" disabled={lockedUntil !== null}>
        <legend className="field__label">
          <Trans>源泉徴収</Trans>
        </legend>
        {options.map((o) => (
          <label key={o.id} className={`withholding__opt${choice === o.value ? ' withholding__opt--on' : ''}`} data-testid={`withholding-${o.id}`}>
            <input type="radio" name="withholding" checked={choice === o.value} onChange={() => setChoice(o.value)} />
            <span>
              <strong>{o.label}</strong>
              <span className="small muted withholding__text">{o.text}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {lockedUntil !== null ? (
        <p className="small nisa-note" data-testid="withholding-locked">
          <Trans>今年はすでに特定口座で売却または配当の受取があるため、源泉徴収の有無は{until}から変更できます。</Trans>
        </p>
      ) : (
        <p className="small muted">
          <Trans>源泉徴収の有無は、その年に特定口座で最初の売却または配当の受取があるまでの間だけ変更できます。</Trans>
        </p>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {lockedUntil === null ? (
        <Button type="submit" disabled={choice === view.withholding} loading={save.isPending}>
          <Trans>変更する</Trans>
        </Button>
      ) : null}
    </form>
  );
}
