import { Trans, useLingui } from '@lingui/react/macro';
import { PLAN_LIMITS, type PlanFrequency } from '../../../shared/domain/plan';
import { Segmented } from '../../components/Segmented';
import { FREQUENCY_TEXT, WEEKDAY_TEXT } from './labels';
import type { PlanFormState } from './plan-form';

/** The schedule: 毎月 (days of the month), 毎週 (a weekday) or 毎日 (every business day). */
export function PlanScheduleFields({ form }: { form: PlanFormState }) {
  const { t, i18n } = useLingui();
  const { frequency, setFrequency, setError, weekdayPick, setWeekdayPick } = form;
  return (
    <div className="plan-field">
      <Segmented<PlanFrequency>
        label={t`積立の頻度`}
        value={frequency}
        onChange={(f) => {
          setFrequency(f);
          setError(null);
        }}
        options={(['monthly', 'weekly', 'daily'] as const).map((f) => ({ value: f, label: i18n._(FREQUENCY_TEXT[f]) }))}
      />
      {frequency === 'monthly' ? (
        <MonthDays form={form} />
      ) : frequency === 'weekly' ? (
        <Segmented<number>
          label={t`曜日`}
          value={weekdayPick}
          onChange={setWeekdayPick}
          options={[1, 2, 3, 4, 5].map((d) => ({ value: d, label: i18n._(WEEKDAY_TEXT[d]!) }))}
        />
      ) : (
        <p className="stepper__hint">
          <Trans>取引所の営業日ごとに買い付けます（月に20回前後）。</Trans>
        </p>
      )}
    </div>
  );
}

/** Days 1–28 to toggle, up to PLAN_LIMITS.maxMonthDays of them. */
function MonthDays({ form }: { form: PlanFormState }) {
  const { t } = useLingui();
  const { monthDays, setMonthDays } = form;
  return (
    <>
      <div className="plan-days" role="group" aria-label={t`積立日（最大3日）`} data-testid="plan-days">
        {Array.from({ length: 28 }, (_, i) => i + 1).map((d) => {
          const on = monthDays.includes(d);
          return (
            <button
              key={d}
              type="button"
              aria-pressed={on}
              className={on ? 'plan-day plan-day--on' : 'plan-day'}
              disabled={!on && monthDays.length >= PLAN_LIMITS.maxMonthDays}
              onClick={() => setMonthDays(on ? monthDays.filter((x) => x !== d) : [...monthDays, d])}
            >
              {d}
            </button>
          );
        })}
      </div>
      <p className="stepper__hint">
        {monthDays.length === 0 ? (
          <span className="tone-warn">
            <Trans>積立日を1日以上選んでください</Trans>
          </span>
        ) : (
          <Trans>1〜28日から3日まで選べます。休業日は翌営業日に買い付けます。</Trans>
        )}
      </p>
    </>
  );
}
