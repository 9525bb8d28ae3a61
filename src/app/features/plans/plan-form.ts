import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { PlanCreateBody, PlanUpdateBody, PlanView } from '../../../shared/api/plans';
import type { TrustFundView } from '../../../shared/api/trusts';
import type { QuoteDetail } from '../../../shared/api/market';
import type { AccountType } from '../../../shared/domain/account-type';
import { PLAN_ACCOUNTS, PLAN_LIMITS, scheduleProblem, type PlanFrequency, type PlanKind, type PlanSchedule } from '../../../shared/domain/plan';
import type { IsoDate } from '../../../shared/market';
import { formatMoney, formatNumber } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { toast } from '../../components/Toast';
import { taxAccountQuery } from '../tax-account';
import { useCreatePlan, usePlanStatus, useUpdatePlan } from './api';
import { nextRunOf } from './labels';

/** Shares in one 単元 (stock plans buy whole 単元 at market). */
export const LOT = 100;

/** What the plan form is given: the plan being edited (none: a new one) and what it buys. */
export interface PlanFormProps {
  kind: PlanKind;
  plan: PlanView | undefined;
  fund: TrustFundView | undefined;
  stock: QuoteDetail | undefined;
  today: IsoDate | null;
}

export type PlanFormState = ReturnType<typeof usePlanForm>;

export type Refusal = 'no_specific' | 'nisa_closed' | 'nisa_pending' | 'fund_tsumitate' | 'fund_growth';

/** Why an account type cannot take this plan (null: it can). The server checks again on save. */
export function accountRefusal(a: AccountType, f: TrustFundView | undefined, tax: { specific: boolean; nisa: string } | undefined): Refusal | null {
  if (a === 'general') return null;
  if (a === 'specific') return tax && !tax.specific ? 'no_specific' : null;
  if (f && a === 'nisa_tsumitate' && f.eligibility.nisa_tsumitate !== null) return 'fund_tsumitate';
  if (f && a === 'nisa_growth' && f.eligibility.nisa_growth !== null) return 'fund_growth';
  if (tax && tax.nisa !== 'approved') return tax.nisa === 'pending' ? 'nisa_pending' : 'nisa_closed';
  return null;
}

export function parseYen(text: string): number | null {
  const s = text.replace(/[¥￥,，\s円]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

function errorText(e: unknown): string {
  return translateMessage(isApiError(e) ? e.msg || 'failed' : 'network_error', isApiError(e) ? e.params : undefined, getLanguage());
}

/**
 * Everything the plan form knows (PlanEditScreen.tsx): the amount (a fund's yen, a stock's 単元),
 * the 預り区分, the schedule and its next run, whether it can be saved, and the commands (save,
 * pause / resume / stop). One hook per part: usePlanAmount, usePlanAccount, usePlanSchedule,
 * usePlanCommands.
 */
export function usePlanForm({ kind, plan, fund, stock, today }: PlanFormProps) {
  const stopped = plan?.status === 'stopped';
  const amount = usePlanAmount(kind, plan, stock);
  const choice = usePlanAccount(kind, plan, fund);
  const timing = usePlanSchedule(plan, today);
  const commands = usePlanCommands(plan);
  const { account } = choice;
  const { schedule, sameSchedule } = timing;
  const valid = account !== null && timing.scheduleOk && amount.amountError === null && !stopped;
  const changed = !plan || (kind === 'fund' ? amount.amount !== plan.amount : amount.lots !== plan.lots) || account !== plan.account || !sameSchedule;

  const save = () => {
    if (!valid || commands.busy) return;
    commands.setError(null);
    const onError = (e: unknown) => commands.setError(errorText(e));
    const body = updateBody(kind, amount.amount, amount.lots, account, schedule);
    if (plan) {
      commands.update.mutate({ params: { id: plan.id }, body }, { onError });
    } else {
      const createBody: PlanCreateBody = {
        kind,
        target: kind === 'fund' ? fund!.id : stock!.instrument.code,
        account: account!,
        frequency: schedule.frequency,
        days: [...schedule.days],
        ...(kind === 'fund' ? { amount: body.amount } : { lots: body.lots }),
      };
      commands.create.mutate({ body: createBody }, { onError });
    }
  };

  return { kind, plan, fund, stock, stopped, valid, changed, save, ...amount, ...choice, ...timing, ...commands };
}

/** The body of a save (the change of a plan; a new plan's adds its kind and target). */
function updateBody(kind: PlanKind, amount: number | null, lots: number, account: AccountType | null, schedule: PlanSchedule): PlanUpdateBody {
  return {
    ...(kind === 'fund' ? { amount: amount ?? undefined } : { lots }),
    account: account ?? undefined,
    frequency: schedule.frequency,
    days: [...schedule.days],
  };
}

/** A fund's yen per run (typed, checked against the limits) or a stock's 単元 per run, and the yen a run costs. */
function usePlanAmount(kind: PlanKind, plan: PlanView | undefined, stock: QuoteDetail | undefined) {
  const { t } = useLingui();
  const [amountText, setAmountText] = useState(() => formatNumber(plan?.amount ?? 10_000));
  const [lots, setLots] = useState(plan?.lots ?? 1);
  const amount = parseYen(amountText);
  const amountError =
    kind !== 'fund'
      ? null
      : amount === null
        ? t`半角数字で入力してください`
        : amount < PLAN_LIMITS.minAmount
          ? t`${formatMoney(PLAN_LIMITS.minAmount)}以上、1円単位で指定してください`
          : amount > PLAN_LIMITS.maxAmount
            ? t`${formatMoney(PLAN_LIMITS.maxAmount)}以下で指定してください`
            : null;
  const price = stock ? stock.quote.price / stock.quote.priceScale : 0;
  const perRun = kind === 'fund' ? (amount ?? 0) : Math.round(lots * LOT * price);
  return { amountText, setAmountText, lots, setLots, amount, amountError, perRun };
}

/** The 預り区分 offered, why some are refused, and the one in use (the pick, else the first allowed). */
function usePlanAccount(kind: PlanKind, plan: PlanView | undefined, fund: TrustFundView | undefined) {
  const taxView = useQuery(taxAccountQuery()).data;
  const tax = taxView ? { specific: taxView.specific, nisa: taxView.nisa.state } : undefined;
  const [pick, setPick] = useState<AccountType | null>(plan?.account ?? null);
  const accounts = PLAN_ACCOUNTS[kind];
  const refusals = new Map(accounts.map((a) => [a, a === plan?.account ? null : accountRefusal(a, fund, tax)] as const));
  const account: AccountType | null =
    pick !== null && refusals.get(pick) === null ? pick : (accounts.find((a) => refusals.get(a) === null) ?? null);
  const notes = accounts.filter((a) => refusals.get(a) !== null);
  return { accounts, refusals, account, setPick, notes };
}

/** 毎月 (up to 3 days) / 毎週 (a weekday) / 毎日, and the next run of that schedule. */
function usePlanSchedule(plan: PlanView | undefined, today: IsoDate | null) {
  const [frequency, setFrequency] = useState<PlanFrequency>(plan?.frequency ?? 'monthly');
  const [monthDays, setMonthDays] = useState<number[]>(plan?.frequency === 'monthly' ? [...plan.days] : [1]);
  const [weekdayPick, setWeekdayPick] = useState<number>(plan?.frequency === 'weekly' ? (plan.days[0] ?? 1) : 1);
  const schedule: PlanSchedule = {
    frequency,
    days: frequency === 'monthly' ? [...monthDays].sort((a, b) => a - b) : frequency === 'weekly' ? [weekdayPick] : [],
  };
  const ranToday = !!plan?.recentRuns.some((r) => r.runDate === today);
  const sameSchedule = !!plan && plan.frequency === frequency && [...plan.days].sort((a, b) => a - b).join(',') === schedule.days.join(',');
  // An active plan's unchanged schedule: the server's next run; else the shared rule from today.
  const next = plan && sameSchedule && plan.status === 'active' && plan.nextRun ? plan.nextRun : today ? nextRunOf(schedule, today, ranToday) : null;
  const scheduleOk = scheduleProblem(schedule) === null;
  return { frequency, setFrequency, monthDays, setMonthDays, weekdayPick, setWeekdayPick, schedule, sameSchedule, next, scheduleOk };
}

/** Create, change and pause / resume / stop, with the error of the last attempt and the stop confirmation. */
function usePlanCommands(plan: PlanView | undefined) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [confirmStop, setConfirmStop] = useState(false);
  const create = useCreatePlan((p) => {
    toast(t`積立を設定しました`);
    void navigate({ to: '/home/tsumitatePlan', search: { id: p.id }, replace: true });
  });
  const update = useUpdatePlan(() => toast(t`積立の設定を変更しました`));
  const status = usePlanStatus((p) => {
    setConfirmStop(false);
    toast(p.status === 'paused' ? t`積立を一時停止しました` : p.status === 'active' ? t`積立を再開しました` : t`積立を終了しました`);
  });
  const busy = create.isPending || update.isPending || status.isPending;

  const setStatus = (action: 'pause' | 'resume' | 'stop') => {
    if (!plan || status.isPending) return;
    setError(null);
    status.mutate({ params: { id: plan.id }, body: { action } }, { onError: (e: unknown) => { setConfirmStop(false); setError(errorText(e)); } });
  };
  return { error, setError, confirmStop, setConfirmStop, create, update, busy, setStatus };
}
