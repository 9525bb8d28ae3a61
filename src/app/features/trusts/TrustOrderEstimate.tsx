import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustPreview } from '../../../shared/api/trusts';
import { formatDateTimeMinute, formatIsoDate, formatMoney } from '../../../shared/money';

/*
 * The fund ticket's estimate (GET trusts/preview), the same on both sides: the dates and the note on
 * the blind NAV around the side's figures; before there is one, what it waits for.
 */

export function EstimatePending({ failed, loading, prompt, label }: { failed: boolean; loading: boolean; prompt: ReactNode; label?: string }) {
  return (
    <section className="card trust-estimate" aria-label={label}>
      <p className="small muted" role="status">
        {failed ? <Trans>概算を計算できませんでした</Trans> : loading ? <Trans>概算を計算しています…</Trans> : prompt}
      </p>
    </section>
  );
}

/** The dates an order placed now takes (受渡日 on a 解約), the side's figures, then the note on the blind NAV. */
export function EstimateCard({ p, settleDate, children }: { p: TrustPreview; settleDate?: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <section className="card trust-estimate" aria-label={t`概算`} data-testid="trust-estimate">
      <dl className="kv">
        <dt className="strong">
          <Trans>約定日（この日の基準価額で約定）</Trans>
        </dt>
        <dd className="mono strong" data-testid="trust-nav-date">
          {formatIsoDate(p.navDate)}
        </dd>
        {settleDate !== undefined ? <SettleDate date={settleDate} /> : null}
        <dt>
          <Trans>取消期限</Trans>
        </dt>
        <dd className="mono">{formatDateTimeMinute(p.cancellableUntil)}</dd>
      </dl>
      <h3 className="trust-estimate__title small">
        <Trans>概算（直近の基準価額 {formatMoney(p.lastNav)} で計算）</Trans>
      </h3>
      {children}
      <p className="small muted">
        <Trans>約定する基準価額は注文時点ではわかりません（ブラインド方式）。上の金額は直近の基準価額による概算で、シミュレーションです。</Trans>
      </p>
    </section>
  );
}

function SettleDate({ date }: { date: string }) {
  return (
    <>
      <dt>
        <Trans>受渡日（代金のお支払い）</Trans>
      </dt>
      <dd className="mono" data-testid="trust-settle-date">
        {formatIsoDate(date)}
      </dd>
    </>
  );
}
