import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanCreateBody, PlanUpdateBody, PlanView } from '../../../shared/api/plans';
import type { TrustFundView } from '../../../shared/api/trusts';
import type { QuoteDetail } from '../../../shared/api/market';
import { isNisa, type AccountType } from '../../../shared/domain/account-type';
import { PLAN_ACCOUNTS, PLAN_LIMITS, scheduleProblem, type PlanFrequency, type PlanKind, type PlanSchedule } from '../../../shared/domain/plan';
import { jstDate, type IsoDate } from '../../../shared/market';
import { displayName } from '../../../shared/market/local-names';
import { formatIsoDate, formatMoney, formatNumber, formatPriceYen } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Segmented } from '../../components/Segmented';
import { Stepper } from '../../components/Stepper';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TextField } from '../../components/forms/Field';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { ACCOUNT_BADGE, ACCOUNT_NAME, taxAccountQuery } from '../tax-account';
import { trustDetailQuery, trustName, TRUST_NISA_REFUSAL, TrustNavLine, TrustNisaBadges } from '../trusts';
import { marketTodayQuery, plansQuery, stockQuoteQuery, useCreatePlan, usePlanStatus, useUpdatePlan } from './api';
import { FREQUENCY_TEXT, monthlyEquivalent, nextRunOf, planTargetName, scheduleText, STATUS_TEXT, WEEKDAY_TEXT } from './labels';
import { RunLine, Simulator } from './parts';
import './plans.css';

const route = getRouteApi('/home/tsumitatePlan');

/** Shares in one 単元 (stock plans buy whole 単元 at market). */
const LOT = 100;

function errorText(e: unknown): string {
  return translateMessage(isApiError(e) ? e.msg || 'failed' : 'network_error', isApiError(e) ? e.params : undefined, getLanguage());
}

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

type Refusal = 'no_specific' | 'nisa_closed' | 'nisa_pending' | 'fund_tsumitate' | 'fund_growth';

/** Why an account type cannot take this plan (null: it can). The server checks again on save. */
function accountRefusal(a: AccountType, f: TrustFundView | undefined, tax: { specific: boolean; nisa: string } | undefined): Refusal | null {
  if (a === 'general') return null;
  if (a === 'specific') return tax && !tax.specific ? 'no_specific' : null;
  if (f && a === 'nisa_tsumitate' && f.eligibility.nisa_tsumitate !== null) return 'fund_tsumitate';
  if (f && a === 'nisa_growth' && f.eligibility.nisa_growth !== null) return 'fund_growth';
  if (tax && tax.nisa !== 'approved') return tax.nisa === 'pending' ? 'nisa_pending' : 'nisa_closed';
  return null;
}

function parseYen(text: string): number | null {
  const s = text.replace(/[¥￥,，\s円]/g, '');
  return /^\d{1,9}$/.test(s) ? Number(s) : null;
}

function PlanForm({
  kind,
  plan,
  fund,
  stock,
  today,
}: {
  kind: PlanKind;
  plan: PlanView | undefined;
  fund: TrustFundView | undefined;
  stock: QuoteDetail | undefined;
  today: IsoDate | null;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const taxView = useQuery(taxAccountQuery()).data;
  const tax = taxView ? { specific: taxView.specific, nisa: taxView.nisa.state } : undefined;
  const stopped = plan?.status === 'stopped';

  const [amountText, setAmountText] = useState(() => formatNumber(plan?.amount ?? 10_000));
  const [lots, setLots] = useState(plan?.lots ?? 1);
  const [pick, setPick] = useState<AccountType | null>(plan?.account ?? null);
  const [frequency, setFrequency] = useState<PlanFrequency>(plan?.frequency ?? 'monthly');
  const [monthDays, setMonthDays] = useState<number[]>(plan?.frequency === 'monthly' ? [...plan.days] : [1]);
  const [weekdayPick, setWeekdayPick] = useState<number>(plan?.frequency === 'weekly' ? (plan.days[0] ?? 1) : 1);
  const [error, setError] = useState<string | null>(null);
  const [confirmStop, setConfirmStop] = useState(false);

  const accounts = PLAN_ACCOUNTS[kind];
  const refusals = new Map(accounts.map((a) => [a, a === plan?.account ? null : accountRefusal(a, fund, tax)] as const));
  const account: AccountType | null =
    pick !== null && refusals.get(pick) === null ? pick : (accounts.find((a) => refusals.get(a) === null) ?? null);

  const schedule: PlanSchedule = {
    frequency,
    days: frequency === 'monthly' ? [...monthDays].sort((a, b) => a - b) : frequency === 'weekly' ? [weekdayPick] : [],
  };
  const ranToday = !!plan?.recentRuns.some((r) => r.runDate === today);
  const sameSchedule = !!plan && plan.frequency === frequency && [...plan.days].sort((a, b) => a - b).join(',') === schedule.days.join(',');
  // An active plan's unchanged schedule: the server's next run; else the shared rule from today.
  const next = plan && sameSchedule && plan.status === 'active' && plan.nextRun ? plan.nextRun : today ? nextRunOf(schedule, today, ranToday) : null;
  const scheduleOk = scheduleProblem(schedule) === null;

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
  const valid = account !== null && scheduleOk && amountError === null && !stopped;

  const body = (): PlanUpdateBody => ({
    ...(kind === 'fund' ? { amount: amount ?? undefined } : { lots }),
    account: account ?? undefined,
    frequency: schedule.frequency,
    days: [...schedule.days],
  });
  const changed = !plan || (kind === 'fund' ? amount !== plan.amount : lots !== plan.lots) || account !== plan.account || !sameSchedule;

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

  const save = () => {
    if (!valid || busy) return;
    setError(null);
    const onError = (e: unknown) => setError(errorText(e));
    if (plan) {
      update.mutate({ params: { id: plan.id }, body: body() }, { onError });
    } else {
      const b = body();
      const createBody: PlanCreateBody = {
        kind,
        target: kind === 'fund' ? fund!.id : stock!.instrument.code,
        account: account!,
        frequency: schedule.frequency,
        days: [...schedule.days],
        ...(kind === 'fund' ? { amount: b.amount } : { lots: b.lots }),
      };
      create.mutate({ body: createBody }, { onError });
    }
  };
  const setStatus = (action: 'pause' | 'resume' | 'stop') => {
    if (!plan || status.isPending) return;
    setError(null);
    status.mutate({ params: { id: plan.id }, body: { action } }, { onError: (e: unknown) => { setConfirmStop(false); setError(errorText(e)); } });
  };

  const notes = accounts.filter((a) => refusals.get(a) !== null);
  const stockName = stock ? displayName({ code: stock.instrument.code, nameJa: stock.instrument.nameJa, nameEn: stock.instrument.nameEn }, i18n.locale) : '';

  return (
    <div className="plan-edit">
      <section className="card plan-target" data-testid="plan-target">
        {kind === 'fund' && fund ? (
          <>
            <Link to="/home/trust" search={{ id: fund.id }} className="link strong">
              {trustName(fund.names, i18n.locale)}
            </Link>
            <span className="plan-target__meta small">
              <span className="mono">{fund.code}</span>
              <span className="muted">
                <Trans>基準価額（1万口）</Trans>
              </span>
              <TrustNavLine f={fund} />
              <TrustNisaBadges f={fund} />
            </span>
            <span className="small muted">
              {fund.navDate ? <Trans>{formatIsoDate(fund.navDate)} 時点の基準価額・シミュレーション</Trans> : <Trans>シミュレーション</Trans>}
            </span>
            {fund.status === 'suspended' ? (
              <p className="notice notice--warn small">
                <Trans>このファンドは現在、購入の受付を停止しています。停止中の積立日は見送りになります。</Trans>
              </p>
            ) : null}
          </>
        ) : stock ? (
          <>
            <span className="strong">
              {stockName} <span className="mono muted">({stock.instrument.code})</span>
            </span>
            <span className="plan-target__meta small">
              <span className="muted">
                <Trans>現在値</Trans>
              </span>
              <span className="mono">{formatPriceYen(stock.quote.price, stock.quote.priceScale)}</span>
              <span className="muted">
                <Trans>1単元 = {LOT}株・成行で買付</Trans>
              </span>
            </span>
          </>
        ) : plan ? (
          <span className="strong">{planTargetName(plan, i18n.locale)}</span>
        ) : null}
        {plan ? (
          <span className="plan-target__meta small">
            <span className={`plan-status plan-status--${plan.status}`} data-testid="plan-status">
              {i18n._(STATUS_TEXT[plan.status])}
            </span>
            <span>
              <Trans>現在の設定：</Trans>
              {scheduleText(plan, i18n)}
            </span>
          </span>
        ) : null}
      </section>

      <fieldset className="card plan-form" disabled={stopped || busy}>
        {kind === 'fund' ? (
          <TextField
            label={t`1回の積立金額`}
            inputMode="numeric"
            autoComplete="off"
            value={amountText}
            onChange={(e) => {
              setAmountText(e.target.value);
              setError(null);
            }}
            error={amountError}
            hint={<Trans>{formatMoney(PLAN_LIMITS.minAmount)}以上1円単位（購入時手数料を含む金額）</Trans>}
            trailing={<span className="plan-suffix">{t`円`}</span>}
            data-testid="plan-amount"
          />
        ) : (
          <Stepper
            label={t`1回の買付単元数`}
            value={lots}
            display={(v) => t`${v}単元`}
            parse={(s) => {
              const v = Number(s.replace(/[単元\s]/g, ''));
              return Number.isInteger(v) && v >= PLAN_LIMITS.minLots && v <= PLAN_LIMITS.maxLots ? v : null;
            }}
            onChange={setLots}
            onStep={(d) => setLots(Math.min(PLAN_LIMITS.maxLots, Math.max(PLAN_LIMITS.minLots, lots + d)))}
            canDown={lots > PLAN_LIMITS.minLots}
            canUp={lots < PLAN_LIMITS.maxLots}
            hint={
              <Trans>
                {formatNumber(lots * LOT)}株・概算 {formatMoney(perRun)}（現在値で計算。実際は約定価格）
              </Trans>
            }
          />
        )}

        <div className="plan-field">
          <span className="stepper__label">
            <Trans>預り区分</Trans>
          </span>
          <div className="segmented segmented--chips plan-accounts" role="radiogroup" aria-label={t`預り区分`} data-testid="plan-account">
            {accounts.map((a) => (
              <button
                key={a}
                type="button"
                role="radio"
                aria-checked={a === account}
                disabled={refusals.get(a) !== null}
                data-account={a}
                title={i18n._(ACCOUNT_NAME[a])}
                className={`segmented__opt${a === account ? ' segmented__opt--on' : ''}`}
                onClick={() => {
                  setPick(a);
                  setError(null);
                }}
              >
                {i18n._(ACCOUNT_BADGE[a])}
              </button>
            ))}
          </div>
          {notes.map((a) => (
            <p key={a} className="stepper__hint plan-note" data-account-refusal={refusals.get(a)}>
              <b>{i18n._(ACCOUNT_BADGE[a])}</b>
              <Trans context="label separator">：</Trans>
              <RefusalText r={refusals.get(a)!} fund={fund} />
            </p>
          ))}
          {account && isNisa(account) ? (
            <p className="stepper__hint">
              <Trans>NISAの年間の枠を超える回は見送りになります（借入にはなりません）。</Trans>
            </p>
          ) : null}
        </div>

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

        {error ? (
          <p className="notice notice--danger small" role="alert" data-testid="plan-error">
            {error}
          </p>
        ) : null}
        {!stopped ? (
          <button type="button" className="btn btn--primary btn--block" disabled={!valid || !changed || busy} onClick={save} data-testid="plan-save">
            {plan ? <Trans>変更を保存</Trans> : <Trans>この内容で積立を設定</Trans>}
          </button>
        ) : null}
      </fieldset>

      {plan && !stopped ? (
        <section className="plan-actions">
          {plan.status === 'active' ? (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setStatus('pause')} data-testid="plan-pause">
              <Trans>一時停止</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => setStatus('resume')} data-testid="plan-resume">
              <Trans>再開</Trans>
            </button>
          )}
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirmStop(true)} data-testid="plan-stop">
            <Trans>積立を終了</Trans>
          </button>
        </section>
      ) : null}
      {stopped ? (
        <p className="notice small">
          <Trans>この積立は終了しています。終了した積立は変更・再開できません。新しく積立を設定してください。</Trans>
        </p>
      ) : null}

      {plan && plan.recentRuns.length ? (
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
      ) : null}

      <Simulator defaultMonthly={monthlyEquivalent(perRun, schedule) || 10_000} />

      <ConfirmDialog
        open={confirmStop}
        title={<Trans>積立を終了しますか？</Trans>}
        body={<Trans>終了すると今後の積立日には買い付けません。終了した積立は再開できません（保有中の投資信託・株式はそのまま残ります）。</Trans>}
        confirmLabel={<Trans>終了する</Trans>}
        cancelLabel={<Trans>キャンセル</Trans>}
        danger
        onConfirm={() => setStatus('stop')}
        onCancel={() => setConfirmStop(false)}
      />
    </div>
  );
}

function RefusalText({ r, fund }: { r: Refusal; fund: TrustFundView | undefined }): ReactNode {
  const { i18n } = useLingui();
  if (r === 'fund_tsumitate' && fund?.eligibility.nisa_tsumitate) return i18n._(TRUST_NISA_REFUSAL[fund.eligibility.nisa_tsumitate]);
  if (r === 'fund_growth' && fund?.eligibility.nisa_growth) return i18n._(TRUST_NISA_REFUSAL[fund.eligibility.nisa_growth]);
  if (r === 'no_specific') return <Trans>一般口座のみをお選びのため、特定口座は使えません。</Trans>;
  if (r === 'nisa_pending') return <Trans>NISA口座は審査中です。</Trans>;
  return (
    <>
      <Trans>NISA口座が開設されていません。</Trans>{' '}
      <Link to="/information/nisa" className="link">
        <Trans>NISA口座を申し込む</Trans>
      </Link>
    </>
  );
}
