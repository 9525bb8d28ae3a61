import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { withdrawalAdminApi, WITHDRAWAL_STATUSES, type WithdrawalAdminItem, type WithdrawalStatus } from '../../../shared/api/cash';
import { adminApi } from '../../../shared/api/admin';
import { formatDateTime, formatIsoDate, formatMoney } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import { toast } from '../../components/Toast';
import { endpointArea, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';
import { ApplicantRow, QueueBody, ReasonDialog, StatusRow } from '../admin';

/*
 * 出金審査 (docs/domain.md "Withdrawals"): the requests with the destination in full (the operator
 * makes the transfer) and the user's withdrawable amount now; approve = paid (frozen → clearing),
 * reject = returned (frozen → cash). Both are money commands with a reason the user sees, audited.
 */

const STATUS_TEXT: Record<WithdrawalStatus, MessageDescriptor> = {
  pending: msg({ message: '審査待ち' }),
  paid: msg({ message: '送金済み' }),
  returned: msg({ message: '返却済み' }),
  cancelled: msg({ message: '取消済み' }),
};

const TYPE_TEXT: Record<'futsu' | 'toza', MessageDescriptor> = { futsu: msg({ message: '普通' }), toza: msg({ message: '当座' }) };

const queueQuery = (status: WithdrawalStatus) =>
  endpointQuery(withdrawalAdminApi.queue, { query: { status, limit: 50 } }, { staleTime: 5_000, meta: { persist: false } });

export function AdminWithdrawalsScreen() {
  const { t, i18n } = useLingui();
  const [status, setStatus] = useState<WithdrawalStatus>('pending');
  const queue = useQuery(queueQuery(status));
  const rows = queue.data?.items ?? [];
  return (
    <section className="admin-screen" aria-labelledby="admin-withdrawals-h">
      <h2 id="admin-withdrawals-h" className="admin-screen__title">
        <Trans>出金審査</Trans>
      </h2>
      <Segmented
        label={t`状態`}
        value={status}
        options={WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: i18n._(STATUS_TEXT[s]) }))}
        onChange={(v) => setStatus(v as WithdrawalStatus)}
      />
      <QueueBody query={queue} count={rows.length} empty={status === 'pending' ? <Trans>審査待ちの出金申請はありません</Trans> : <Trans>該当する申請はありません</Trans>}>
        <div className="admin-withdrawals" data-testid="admin-withdrawals">
          {rows.map((r) => (
            <Request key={r.id} item={r} />
          ))}
        </div>
      </QueueBody>
    </section>
  );
}

function Request({ item }: { item: WithdrawalAdminItem }) {
  const { t, i18n } = useLingui();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const invalidate = [endpointArea(withdrawalAdminApi.queue), endpointArea(adminApi.audit)];
  const approve = useMoneyCommand(withdrawalAdminApi.approve, { invalidate });
  const reject = useMoneyCommand(withdrawalAdminApi.reject, { invalidate });
  const cmd = deciding === 'reject' ? reject : approve;
  return (
    <article className="admin-card" aria-labelledby={`wd-${item.id}`} data-testid="withdrawal-request">
      <h3 id={`wd-${item.id}`} className="admin-card__title mono">
        {formatMoney(item.amount, item.currency)}
      </h3>
      <dl className="admin-dl">
        <ApplicantRow userId={item.userId} phone={item.phone} />
        <dt>
          <Trans>出金先</Trans>
        </dt>
        <dd>
          {item.bank ? (
            <>
              {item.bank.bankName}（{item.bank.bankCode}） {item.bank.branchName}（{item.bank.branchCode}）
              <br />
              {i18n._(TYPE_TEXT[item.bank.type])} <span className="mono">{item.bank.number}</span> {item.bank.holderKana}
            </>
          ) : item.wallet ? (
            <>
              {item.wallet.network} <span className="mono admin-wrap">{item.wallet.address}</span>
            </>
          ) : (
            item.destination.label
          )}
        </dd>
        <dt>
          <Trans>現在の出金可能額</Trans>
        </dt>
        <dd className="mono">
          {formatMoney(item.withdrawableNow, item.currency)}
          {item.status === 'pending' ? (
            <span className="admin-note">
              {' '}
              <Trans>（この申請の金額は拘束済み）</Trans>
            </span>
          ) : null}
        </dd>
        <dt>
          <Trans>申請日時</Trans>
        </dt>
        <dd className="mono">{formatDateTime(item.createdAt)}</dd>
        <dt>
          <Trans>着金予定日</Trans>
        </dt>
        <dd className="mono">{formatIsoDate(item.expectedOn)}</dd>
        <StatusRow status={i18n._(STATUS_TEXT[item.status])} reason={item.reason} />
      </dl>
      {item.status === 'pending' ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => (approve.begin(), setDeciding('approve'))}>
            <Trans>送金済みにする</Trans>
          </button>
          <button type="button" className="btn btn--danger" onClick={() => (reject.begin(), setDeciding('reject'))}>
            <Trans>否認して返却</Trans>
          </button>
        </div>
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={deciding === 'approve' ? <Trans>出金を承認（送金済み）</Trans> : <Trans>出金を否認（拘束額を返却）</Trans>}
          confirmLabel={deciding === 'approve' ? <Trans>承認する</Trans> : <Trans>否認する</Trans>}
          danger={deciding === 'reject'}
          busy={cmd.isPending}
          reasonHint={<Trans>理由は利用者に表示されます</Trans>}
          onCancel={() => (cmd.end(), setDeciding(null))}
          onConfirm={(reason) =>
            cmd.mutate(
              { params: { id: item.id }, body: { reason } },
              {
                onSuccess: () => {
                  toast(deciding === 'approve' ? t`送金済みにしました` : t`否認し、拘束額を返却しました`);
                  setDeciding(null);
                },
              },
            )
          }
        >
          <p>
            {formatMoney(item.amount, item.currency)} · {item.destination.label}
          </p>
        </ReasonDialog>
      ) : null}
    </article>
  );
}
