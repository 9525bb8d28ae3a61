import { Trans, useLingui } from '@lingui/react/macro';
import { formatIsoDate, formatMoney } from '../../../shared/money';
import { monthlyEquivalent, scheduleText } from './labels';
import { RunLine } from './parts';
import type { PlanFormState } from './plan-form';

/** What the form adds up to: the next (or first) run, the schedule in words, the yen a month, and when orders go out. */
export function PlanSummary({ form }: { form: PlanFormState }) {
  const { i18n } = useLingui();
  const { plan, next, schedule, perRun } = form;
  return (
    <>
      <dl className="plan-next" data-testid="plan-next-run">
        <div>
          <dt>{plan && plan.status !== 'active' ? <Trans>再開した場合の次回</Trans> : plan ? <Trans>次回の積立日</Trans> : <Trans>初回の積立日</Trans>}</dt>
          <dd className="mono strong">{next ? formatIsoDate(next) : '—'}</dd>
        </div>
        <div>
          <dt>
            <Trans>スケジュール</Trans>
          </dt>
          <dd>{scheduleText(schedule, i18n)}</dd>
        </div>
        <div>
          <dt>
            <Trans>月あたりの目安</Trans>
          </dt>
          <dd className="mono">{formatMoney(monthlyEquivalent(perRun, schedule))}</dd>
        </div>
      </dl>
      <p className="small muted">
        <Trans>積立日の10時以降に、その日の買付を発注します（投資信託は当日15:30までの注文として当日の基準価額で約定します）。</Trans>
      </p>
    </>
  );
}

/** A saved plan's recent runs (none: nothing shown). */
export function PlanRecentRuns({ form }: { form: PlanFormState }) {
  const { plan } = form;
  if (!plan || !plan.recentRuns.length) return null;
  return (
    <section className="card">
      <h2 className="card__title">
        <Trans>最近の積立</Trans>
      </h2>
      <ul className="plan-runs">
        {plan.recentRuns.map((r) => (
          <RunLine key={r.runDate} run={r} />
        ))}
      </ul>
    </section>
  );
}
