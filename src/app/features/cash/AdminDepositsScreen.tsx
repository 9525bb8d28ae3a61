import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { depositAdminApi, DEPOSIT_STATUSES, type DepositQueueItem, type DepositStatus } from '../../../shared/api/cash';
import { currencyOf, formatDateTime, formatMoney, typedAmount } from '../../../shared/money';
import { endpointArea, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';
import { adminApi } from '../../../shared/api/admin';
import { AmountInput } from '../../components/forms/Field';
import { Segmented } from '../../components/Segmented';
import { toast } from '../../components/Toast';
import { QueueBody, ReasonDialog, UploadImage, useAdminCommand } from '../admin';

const STATUS_TEXT: Record<DepositStatus, MessageDescriptor> = {
  pending: msg({ message: '審査待ち' }),
  approved: msg({ message: '承認済み' }),
  rejected: msg({ message: '否認済み' }),
};

const NO_PERSIST = { persist: false };
const queueQuery = (status: DepositStatus, userId?: string) =>
  endpointQuery(depositAdminApi.queue, { query: { status, userId, limit: 50 } }, { staleTime: 5_000, meta: NO_PERSIST });

/** 入金審査 (docs/domain.md "Deposits"): the requests oldest first; one opens with its receipt and the user's history. */
export function AdminDepositsScreen() {
  const { t, i18n } = useLingui();
  const { id } = useSearch({ from: '/admin/deposits' });
  const [status, setStatus] = useState<DepositStatus>('pending');
  const queue = useQuery(queueQuery(status));
  const rows = queue.data?.items ?? [];
  const open = id ? rows.find((r) => r.id === id) : undefined;
  return (
    <section className="admin-screen" aria-labelledby="admin-deposits-h">
      <h2 id="admin-deposits-h" className="admin-screen__title">
        <Trans>入金審査</Trans>
      </h2>
      <Segmented label={t`状態`} value={status} options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_TEXT[s]) }))} onChange={(v) => setStatus(v as DepositStatus)} />
      <QueueBody query={queue} count={rows.length} empty={<Trans>該当する入金申請はありません</Trans>}>
        <div className="admin-kyc">
          <ul className="admin-kyc__list" data-testid="deposit-queue">
            {rows.map((r) => (
              <li key={r.id}>
                <Link to="/admin/deposits" search={{ id: r.id }} className={r.id === id ? 'admin-kyc__item admin-kyc__item--open' : 'admin-kyc__item'} aria-current={r.id === id ? 'true' : undefined}>
                  <span className="admin-kyc__name mono">{formatMoney(r.amount, r.currency)}</span>
                  <span className="admin-note mono">
                    {r.phone} · {r.channelLabel} · {formatDateTime(r.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {open ? <Deposit key={open.id} item={open} /> : <p className="admin-note admin-kyc__hint"><Trans>申請を選ぶと振込明細が表示されます</Trans></p>}
        </div>
      </QueueBody>
    </section>
  );
}

function History({ userId, current }: { userId: string; current: string }) {
  const { i18n } = useLingui();
  const lists = useQueries({ queries: DEPOSIT_STATUSES.map((s) => queueQuery(s, userId)) });
  const items = lists.flatMap((q) => q.data?.items ?? []).filter((d) => d.id !== current).sort((a, b) => b.createdAt - a.createdAt);
  if (items.length === 0) return <p className="admin-note"><Trans>この利用者の入金履歴はほかにありません</Trans></p>;
  return (
    <ul className="admin-note">
      {items.map((d) => (
        <li key={d.id} className="mono">
          {formatDateTime(d.createdAt)} {formatMoney(d.creditedAmount ?? d.amount, d.currency)} {i18n._(STATUS_TEXT[d.status])}
          {d.reason ? ` — ${d.reason}` : ''}
        </li>
      ))}
    </ul>
  );
}

function Deposit({ item }: { item: DepositQueueItem }) {
  const { t, i18n } = useLingui();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const [corrected, setCorrected] = useState('');
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 899px)').matches) ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  // A money command: one Idempotency-Key per decision, kept across retries (so a retry cannot credit twice).
  const approve = useMoneyCommand(depositAdminApi.approve, { invalidate: [endpointArea(adminApi.audit), endpointArea(depositAdminApi.queue)] });
  const reject = useAdminCommand(depositAdminApi.reject, [endpointArea(depositAdminApi.queue)]);
  const busy = approve.isPending || reject.isPending;
  // Typed in the currency's major unit ("2500.50" USDT), sent in its minor unit.
  const currency = currencyOf(item.currency);
  const correctedAmount = typedAmount(corrected, currency) ?? undefined;
  const done = (text: string) => {
    toast(text);
    setDeciding(null);
  };
  return (
    <article ref={ref} className="admin-card admin-kyc__detail" aria-labelledby={`dep-${item.id}`} data-testid="deposit-detail">
      <h3 id={`dep-${item.id}`} className="admin-card__title mono">
        {formatMoney(item.amount, item.currency)}
      </h3>
      <dl className="admin-dl">
        <dt><Trans>申請者</Trans></dt>
        <dd>
          <Link to="/admin/user" search={{ id: item.userId }} className="mono link">{item.phone}</Link>
        </dd>
        <dt><Trans>入金方法</Trans></dt>
        <dd>{item.channelLabel}</dd>
        <dt><Trans>お客様番号</Trans></dt>
        <dd className="mono">{item.reference}</dd>
        <dt><Trans>申請日時</Trans></dt>
        <dd className="mono">{formatDateTime(item.createdAt)}</dd>
        <dt><Trans>状態</Trans></dt>
        <dd>
          {i18n._(STATUS_TEXT[item.status])}
          {item.creditedAmount !== null ? <span className="mono"> {formatMoney(item.creditedAmount, item.currency)}</span> : null}
          {item.reason ? <p className="admin-note">{item.reason}</p> : null}
        </dd>
      </dl>
      <div className="admin-photos">
        <figure className="admin-photo">
          <UploadImage id={item.receiptUploadId} alt={t`振込明細`} />
          <figcaption><Trans>振込明細</Trans></figcaption>
        </figure>
      </div>
      <h4 className="admin-card__title"><Trans>この利用者の入金履歴</Trans></h4>
      <History userId={item.userId} current={item.id} />
      {item.status === 'pending' ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => setDeciding('approve')}><Trans>承認</Trans></button>
          <button type="button" className="btn btn--danger" onClick={() => setDeciding('reject')}><Trans context="action">否認</Trans></button>
        </div>
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={deciding === 'approve' ? <Trans>入金を承認</Trans> : <Trans>入金を否認</Trans>}
          confirmLabel={deciding === 'approve' ? <Trans>承認する</Trans> : <Trans>否認する</Trans>}
          danger={deciding === 'reject'}
          busy={busy}
          reasonHint={<Trans>理由は利用者に表示されます</Trans>}
          confirmDisabled={deciding === 'approve' && corrected !== '' && !correctedAmount}
          onCancel={() => setDeciding(null)}
          onConfirm={(reason) =>
            deciding === 'approve'
              ? approve.mutate({ params: { id: item.id }, body: { reason, amount: correctedAmount } }, { onSuccess: () => done(t`承認しました`) })
              : reject.mutate({ params: { id: item.id }, body: { reason } }, { onSuccess: () => done(t`否認しました`) })
          }
        >
          {deciding === 'approve' ? (
            <label className="field">
              <span className="field__label">
                <Trans>着金額の訂正（任意・{item.currency}）</Trans>
              </span>
              <AmountInput currency={currency} value={corrected} onChange={setCorrected} placeholderMinor={item.amount} />
              <span className="field__hint">
                <Trans>申請額以下のみ（着金が少なかったとき）。多く着金した差額は、理由を付けた付与として別に処理します</Trans>
              </span>
            </label>
          ) : null}
        </ReasonDialog>
      ) : null}
    </article>
  );
}
