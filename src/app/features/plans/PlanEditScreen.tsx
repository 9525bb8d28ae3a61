import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanKind } from '../../../shared/domain/plan';
import { jstDate, type IsoDate } from '../../../shared/market';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { trustDetailQuery } from '../trusts';
import { marketTodayQuery, plansQuery, stockQuoteQuery } from './api';
import { monthlyEquivalent } from './labels';
import { Simulator } from './parts';
import { PlanAccountChoice } from './PlanAccountChoice';
import { PlanActions, PlanSave, PlanStopDialog } from './PlanActions';
import { PlanAmountField } from './PlanAmountField';
import { PlanScheduleFields } from './PlanScheduleFields';
import { PlanRecentRuns, PlanSummary } from './PlanSummary';
import { PlanTargetCard } from './PlanTargetCard';
import { usePlanForm, type PlanFormProps } from './plan-form';
import './plans.css';

const route = getRouteApi('/home/tsumitatePlan');

/** /home/tsumitatePlan?id= | ?fund= | ?code= — set up or edit a 積立 plan, pause, resume, stop; the simulator. */
export function PlanEditScreen() {
  const { t } = useLingui();
  const search = route.useSearch();
  const plans = useQuery({ ...plansQuery(), enabled: !!search.id });
  const plan = search.id ? plans.data?.items.find((p) => p.id === search.id) : undefined;
  const kind: PlanKind | null = plan ? plan.kind : search.fund ? 'fund' : search.code ? 'stock' : null;
  const fundId = plan ? (plan.kind === 'fund' ? plan.target : undefined) : search.fund;
  const code = plan ? (plan.kind === 'stock' ? plan.target : undefined) : search.code;
  const fund = useQuery({ ...trustDetailQuery(fundId ?? ''), enabled: !!fundId });
  const stock = useQuery({ ...stockQuoteQuery(code ?? ''), enabled: !!code && !fundId });
  // Today on the market's clock (docs/decisions/023-one-clock.md); the device's date only if that read fails.
  const marketToday = useQuery(marketTodayQuery());
  const today: IsoDate | null = marketToday.isFetchedAfterMount && marketToday.data ? marketToday.data : marketToday.isError ? jstDate(Date.now()) : null;
  const title = search.id ? t`積立の設定` : t`積立を設定`;
  const missing =
    kind === null ||
    (search.id && plans.isSuccess && !plan) ||
    (fundId && fund.isError) ||
    (code && !fundId && (stock.isError || (stock.data && stock.data.instrument.kind !== 'stock')));
  const ready = kind !== null && (!search.id || plan) && (kind === 'fund' ? !!fund.data : !!stock.data);
  if (missing || !ready) {
    return (
      <Page title={title} fallback="/home/tsumitate">
        {missing ? (
          <EmptyView icon={icons.info} text={search.id ? <Trans>積立プランが見つかりません</Trans> : <Trans>積立の対象となるファンドまたは銘柄が見つかりません</Trans>} />
        ) : (
          <FirstLoad text={t`読み込み中…`} />
        )}
      </Page>
    );
  }
  return (
    <Page title={title} fallback="/home/tsumitate">
      <PlanForm key={plan?.id ?? 'new'} kind={kind} plan={plan} fund={fund.data?.fund} stock={stock.data} today={today} />
    </Page>
  );
}

/**
 * The plan form. This is the container: the state is usePlanForm's (plan-form.ts), the parts are
 * PlanTargetCard, PlanAmountField, PlanAccountChoice, PlanScheduleFields, PlanSummary and
 * PlanActions, then the simulator (parts.tsx) fed with the plan's yen a month.
 */
function PlanForm(props: PlanFormProps) {
  const form = usePlanForm(props);
  const { perRun, schedule } = form;
  return (
    <div className="plan-edit">
      <PlanTargetCard form={form} />

      <fieldset className="card plan-form" disabled={form.stopped || form.busy}>
        <PlanAmountField form={form} />
        <PlanAccountChoice form={form} />
        <PlanScheduleFields form={form} />
        <PlanSummary form={form} />
        <PlanSave form={form} />
      </fieldset>

      <PlanActions form={form} />
      <PlanRecentRuns form={form} />

      <Simulator defaultMonthly={monthlyEquivalent(perRun, schedule) || 10_000} />

      <PlanStopDialog form={form} />
    </div>
  );
}
