import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { fundsApi } from '../../../shared/api/funds';
import { formatIsoDate, formatMoney } from '../../../shared/money';
import type { DataOf } from '../../../shared/api/endpoint';
import { endpointQuery } from '../../api/query';
import { Icon } from '../../components/Icon';
import { AsOf } from '../../components/AsOf';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Signed } from '../../components/Signed';
import { AwaitingListingLines } from './AwaitingListing';
import * as icons from '../../components/icons';
import './AssetCard.css';

/** Total assets, available, frozen, profit (`GET funds/summary`): from the ledger and live prices; refreshed while shown. */
export function fundsSummaryQuery() {
  return endpointQuery(fundsApi.summary, {}, { staleTime: 5_000, refetchInterval: 15_000 });
}

export type FundsSummary = DataOf<typeof fundsApi.summary>;

/**
 * What settles when, as it will move to settled cash: proceeds spent on new buys came out of the
 * unsettled balance, and the server settles on each date only what exceeds the proceeds still due
 * after it (src/server/ledger/settlement.ts), so the spent part comes off the earliest dates.
 */
export function settlementSchedule(unsettled: number, settlements: FundsSummary['settlements']): FundsSummary['settlements'] {
  let left = Math.max(0, unsettled);
  const out: FundsSummary['settlements'] = [];
  for (const s of [...settlements].sort((a, b) => (a.settlesOn < b.settlesOn ? 1 : -1))) {
    const amount = Math.min(s.amount, left);
    left -= amount;
    if (amount > 0) out.unshift({ settlesOn: s.settlesOn, amount });
  }
  return out;
}

/** The mine screen's assets: every figure from `funds/summary`, i.e. the ledger. */
export function AssetCard() {
  const { t } = useLingui();
  const query = useQuery(fundsSummaryQuery());
  const s = query.data;
  return (
    <section className="card assets" aria-label={t`資産`}>
      <h2 className="card__title">
        <Trans>資産</Trans>
      </h2>
      {s ? (
        <>
          {s.shortfall < 0 ? <ShortfallNotice s={s} /> : null}
          <div className="assets__total">
            <span className="assets__label">
              <Trans>総資産</Trans>
            </span>
            <span className="assets__big mono" data-testid="total-assets">
              {formatMoney(s.totalAssets, s.currency)}
            </span>
          </div>
          <dl className="assets__grid">
            <div className="assets__wide">
              <dt>
                <Trans>利用可能額</Trans>
              </dt>
              <dd className="mono" data-testid="available">
                {formatMoney(s.available, s.currency)}
              </dd>
              {s.unsettled > 0 ? <Unsettled s={s} /> : null}
            </div>
            <div>
              <dt>
                <Trans>出金可能額</Trans>
              </dt>
              <dd className="mono" data-testid="withdrawable">
                {formatMoney(s.withdrawable, s.currency)}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>拘束中</Trans>
              </dt>
              <dd className="mono">{formatMoney(s.frozen, s.currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>証拠金</Trans>
              </dt>
              <dd className="mono">{formatMoney(s.margin, s.currency)}</dd>
            </div>
            <div>
              <dt>
                <Trans>損益</Trans>
              </dt>
              <dd>
                <Signed value={s.profit} currency={s.currency} strong={false} />
              </dd>
            </div>
          </dl>
          <AwaitingListingLines lines={s.awaitingListing ?? []} currency={s.currency} />
          <p className="assets__note small">
            <Trans>
              損益 = 評価損益 <Signed value={s.unrealizedPnl} currency={s.currency} strong={false} /> ＋ 確定損益{' '}
              <Signed value={s.realizedPnl} currency={s.currency} strong={false} />（配当金・貸株金利を含み、手数料・金利・税金差引後）
            </Trans>
          </p>
          {s.balances.filter((b) => b.currency !== s.currency && b.total !== 0).length > 0 ? (
            <ul className="assets__ccy small" data-testid="assets-currencies" aria-label={t`通貨別残高`}>
              {s.balances
                .filter((b) => b.currency !== s.currency && b.total !== 0)
                .map((b) => (
                  <li key={b.currency}>
                    <span>{b.currency}</span> <span className="mono">{formatMoney(b.total, b.currency)}</span>{' '}
                    <ValueJpy value={b.valueJpy} currency={s.currency} testId={`assets-ccy-jpy-${b.currency}`} />
                  </li>
                ))}
              <li>
                <Link to="/information/exChange" className="assets__ccy-link">
                  <Trans>両替</Trans>
                </Link>
              </li>
            </ul>
          ) : null}
          <AsOf query={query} testId="assets-asof" />
        </>
      ) : query.isError ? (
        <EmptyView compact icon={icons.wallet} text={<Trans>資産情報を読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
      ) : (
        <LoadingPane />
      )}
    </section>
  );
}

/**
 * A foreign balance's yen value as the server counts it in 総資産: at the FX board's mid rate
 * (no spread), so it reads as an estimate, not what an exchange would pay.
 */
function ValueJpy({ value, currency, testId }: { value: number; currency: string; testId: string }) {
  const jpy = formatMoney(value, currency);
  return (
    <span className="assets__ccy-jpy" data-testid={testId}>
      <Trans>
        ≈ <span className="mono">{jpy}</span>（仲値換算）
      </Trans>
    </span>
  );
}

/** Buying power's two parts: settled cash, and sale proceeds until their settlement date (T+2). */
function Unsettled({ s }: { s: FundsSummary }) {
  const schedule = settlementSchedule(s.unsettled, s.settlements);
  const cash = formatMoney(s.cash, s.currency);
  const unsettled = formatMoney(s.unsettled, s.currency);
  // One entry never breaks inside; a line breaks before the separator, not after it.
  const dates = schedule.map((x) => `${formatIsoDate(x.settlesOn)}\u00a0${formatMoney(x.amount, s.currency)}`).join(' ・\u00a0');
  return (
    <div className="assets__parts small" data-testid="unsettled">
      <p>
        <Trans>
          現金 <span className="mono">{cash}</span> ＋ 未受渡金 <span className="mono">{unsettled}</span>
        </Trans>
      </p>
      {schedule.length > 0 ? (
        <p>
          <Trans>
            受渡予定：<span className="mono">{dates}</span>
          </Trans>
        </p>
      ) : null}
    </div>
  );
}

/** 不足金: a loss beyond what the user held. New orders are refused until it is repaid by a deposit. */
function ShortfallNotice({ s }: { s: FundsSummary }) {
  const amount = formatMoney(-s.shortfall, s.currency);
  const due = s.shortfallDueOn ? formatIsoDate(s.shortfallDueOn) : null;
  // Overdue on the market's day, as the server reads it (docs/decisions/023-one-clock.md).
  const overdue = s.shortfallOverdue;
  return (
    <div className="notice notice--danger assets__shortfall" role="alert" data-testid="shortfall" data-overdue={overdue || undefined}>
      <Icon d={icons.alert} size={18} />
      <div>
        <p className="assets__shortfall-title">
          {due && overdue ? (
            <Trans>
              不足金 <span className="mono">{amount}</span> — 期日 {due} を過ぎています。至急ご入金ください
            </Trans>
          ) : due ? (
            <Trans>
              不足金 <span className="mono">{amount}</span> — {due}までにご入金ください
            </Trans>
          ) : (
            <Trans>
              不足金 <span className="mono">{amount}</span> — ご入金ください
            </Trans>
          )}
        </p>
        <p className="small">
          {overdue ? (
            <Trans>不足金が解消されるまで新規のご注文はお受けできません。期日の翌日から年14.6%の遅延損害金がかかっています。</Trans>
          ) : (
            <Trans>不足金が解消されるまで新規のご注文はお受けできません。期日を過ぎると年14.6%の遅延損害金がかかります。</Trans>
          )}
        </p>
      </div>
    </div>
  );
}
