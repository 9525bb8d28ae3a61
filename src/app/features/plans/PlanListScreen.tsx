import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlanView } from '../../../shared/api/plans';
import { formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { AccountBadge } from '../tax-account';
import { plansQuery } from './api';
import { planTargetName, scheduleText, STATUS_TEXT } from './labels';
import { FundPicker, NisaPlanPanel, RunLine } from './parts';
import './plans.css';

/** /home/tsumitate — my 積立 plans: next run, latest runs (skips explained), this year's NISA room used by plans. */
export function PlanListScreen() {
  const { t } = useLingui();
  const query = useQuery(plansQuery());
  const [picking, setPicking] = useState(false);
  const data = query.data;
  const add = (
    <button type="button" className="btn btn--primary btn--block" onClick={() => setPicking(true)} data-testid="plan-add">
      <Trans>積立を追加</Trans>
    </button>
  );
  return (
    <Page title={t`積立`} fallback="/home/trusts">
      {!data ? (
        query.isError ? <EmptyView icon={icons.info} text={<Trans>積立プランを読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />
      ) : (
        <div className="plans">
          {data.items.length === 0 ? (
            <EmptyView
              icon={icons.clock}
              text={<Trans>積立プランはまだありません</Trans>}
              hint={<Trans>投資信託を毎月100円から、株式を1単元から、決まった日に自動で買い付けます。NISAのつみたて投資枠は積立でご利用いただけます。</Trans>}
              action={add}
            />
          ) : (
            <>
              <ul className="plans__list">
                {data.items.map((p) => (
                  <PlanCard key={p.id} p={p} />
                ))}
              </ul>
              {add}
            </>
          )}
          <NisaPlanPanel list={data} />
          <p className="small muted">
            <Trans>積立日が休業日のときは翌営業日に買い付けます。買付余力やNISA枠が足りない回は見送り、借入にはなりません。価格はすべてシミュレーションです。</Trans>
          </p>
        </div>
      )}
      {picking ? <FundPicker onClose={() => setPicking(false)} /> : null}
    </Page>
  );
}

function PlanCard({ p }: { p: PlanView }) {
  const { t, i18n } = useLingui();
  const runs = p.recentRuns.slice(0, 3);
  return (
    <li className={`card plan-card plan-card--${p.status}`} data-testid={`plan-${p.id}`} data-status={p.status}>
      <Link to="/home/tsumitatePlan" search={{ id: p.id }} className="plan-card__link">
        <span className="plan-card__head">
          <span className="plan-card__name strong">{planTargetName(p, i18n.locale)}</span>
          <span className={`plan-status plan-status--${p.status}`}>{i18n._(STATUS_TEXT[p.status])}</span>
        </span>
        <span className="plan-card__meta small">
          <AccountBadge account={p.account} />
          <span>{scheduleText(p, i18n)}</span>
          <span className="mono strong">
            {p.kind === 'fund' && p.amount !== null ? (
              <Trans>{formatMoney(p.amount)}／回</Trans>
            ) : (
              <Trans>
                {formatNumber(p.lots ?? 0)}単元（{formatNumber((p.lots ?? 0) * 100)}株）／回
              </Trans>
            )}
          </span>
        </span>
        <dl className="plan-card__figures small">
          <div>
            <dt>
              <Trans>次回</Trans>
            </dt>
            <dd className="mono" data-testid="plan-next">
              {p.nextRun ? formatIsoDate(p.nextRun) : '—'}
            </dd>
          </div>
          {p.yearRemaining !== null && p.status === 'active' ? (
            <div>
              <dt>
                <Trans>今年の残りの積立</Trans>
              </dt>
              <dd className="mono">{formatMoney(p.yearRemaining)}</dd>
            </div>
          ) : null}
        </dl>
      </Link>
      {runs.length ? (
        <ul className="plan-runs" aria-label={t`最近の積立`}>
          {runs.map((r) => (
            <RunLine key={r.runDate} run={r} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
