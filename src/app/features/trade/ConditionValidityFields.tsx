import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatIsoDate } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import { conditionChoices, validityDates, type ExecCondition, type OrderTypeContext, type OrderTypeValue } from './order-type';

/** 執行条件 (寄付 / 引け / 不成; OrderTypeFields, mode 'open'), with a line saying when it executes. */
export function ConditionField({ v, ctx, onChange }: { v: OrderTypeValue; ctx: OrderTypeContext; onChange: (v: OrderTypeValue) => void }) {
  const { t } = useLingui();
  const choices = conditionChoices(v, ctx);
  const label = (c: ExecCondition | null) => (c === 'open' ? t`寄付` : c === 'close' ? t`引け` : c === 'funari' ? t`不成` : t`なし`);
  return (
    <div className="ticket__field">
      <span className="stepper__label">
        <Trans>執行条件</Trans>
      </span>
      {choices.length > 1 ? (
        <Segmented<ExecCondition | 'none'>
          label={t`執行条件`}
          value={v.condition ?? 'none'}
          options={choices.map((c) => ({ value: c ?? 'none', label: label(c) }))}
          onChange={(c) => onChange({ ...v, condition: c === 'none' ? null : c })}
        />
      ) : null}
      <p className="otf__why small muted">
        {v.condition === 'open' ? (
          <Trans>寄付（前場9:00・後場12:30の最初の板寄せ）でだけ約定します。約定しなければ失効します。</Trans>
        ) : v.condition === 'close' ? (
          <Trans>大引け（15:30の板寄せ）でだけ約定します。約定しなければ失効します。</Trans>
        ) : v.condition === 'funari' ? (
          <Trans>取引時間中は指値で待ち、大引けまでに約定しなければ大引けに成行で約定します。</Trans>
        ) : choices.length > 1 ? (
          <Trans>条件なし：有効期限まで、取引時間中いつでも約定します。</Trans>
        ) : (
          <Trans>執行条件は、逆指値でない当日限りの注文にだけ指定できます。</Trans>
        )}
      </p>
    </div>
  );
}

/** 有効期限: 当日, 今週 or a trading day up to 15 business days ahead, with a line saying until when. */
export function ValidityField({ value, today, onChange }: { value: string; today: string; onChange: (v: string) => void }) {
  const { t } = useLingui();
  const dates = useMemo(() => validityDates(today), [today]);
  const mode = value === 'day' || value === 'week' ? value : 'date';
  const [lastDate, setLastDate] = useState<string>(mode === 'date' ? value : dates[4]!);
  return (
    <div className="ticket__field">
      <span className="stepper__label">
        <Trans>有効期限</Trans>
      </span>
      <Segmented
        label={t`有効期限`}
        value={mode}
        options={[
          { value: 'day', label: t`当日` },
          { value: 'week', label: t`今週` },
          { value: 'date', label: t`期間指定` },
        ]}
        onChange={(m) => onChange(m === 'date' ? (dates.includes(lastDate) ? lastDate : dates[0]!) : m)}
      />
      {mode === 'date' ? (
        <label className="otf__date">
          <span className="small muted">
            <Trans>この日の大引けまで</Trans>
          </span>
          <select
            className="otf__select mono"
            value={value}
            onChange={(e) => {
              setLastDate(e.currentTarget.value);
              onChange(e.currentTarget.value);
            }}
          >
            {dates.map((d) => (
              <option key={d} value={d}>
                {formatIsoDate(d)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p className="otf__why small muted">
        {mode === 'day' ? (
          <Trans>今日の大引けまでに約定しなければ失効します。</Trans>
        ) : mode === 'week' ? (
          <Trans>今週最後の取引日の大引けまで有効です。</Trans>
        ) : (
          <Trans>指定した日の大引けまで有効です（最長15営業日）。</Trans>
        )}
      </p>
    </div>
  );
}
