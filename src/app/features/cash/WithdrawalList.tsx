import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { withdrawalApi, type WithdrawalStatus, type WithdrawalView } from '../../../shared/api/cash';
import { fundsApi } from '../../../shared/api/funds';
import { formatDateTime, formatIsoDate, formatMoney } from '../../../shared/money';
import { endpointArea } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';
import { EmptyView } from '../../components/EmptyView';
import { DialogBox } from '../../components/ConfirmDialog';
import { toast } from '../../components/Toast';

export const WITHDRAWAL_STATUS_TEXT: Record<WithdrawalStatus, MessageDescriptor> = {
  pending: msg({ message: '審査中' }),
  paid: msg({ message: '送金済み' }),
  returned: msg({ message: '返却済み' }),
  cancelled: msg({ message: '取消済み' }),
};

/** The user's withdrawal requests, each with its state; a pending one can be cancelled (with a confirmation). */
export function WithdrawalList({ items }: { items: WithdrawalView[] }) {
  const { t, i18n } = useLingui();
  const [confirm, setConfirm] = useState<WithdrawalView | null>(null);
  const cancel = useMoneyCommand(withdrawalApi.cancelWithdrawal, { invalidate: [endpointArea(withdrawalApi.withdrawals), endpointArea(fundsApi.summary)] });
  if (items.length === 0) return <EmptyView compact text={<Trans>出金の申請はまだありません</Trans>} />;
  return (
    <>
      <ul className="withdraw-list" data-testid="withdraw-list">
        {items.map((w) => (
          <li key={w.id} className={`withdraw-item withdraw-item--${w.status}`}>
            <div className="withdraw-item__head">
              <span className="mono">{formatMoney(w.amount, w.currency)}</span>
              <span className="withdraw-item__status">{i18n._(WITHDRAWAL_STATUS_TEXT[w.status])}</span>
            </div>
            <div className="withdraw-note">{w.destination.label}</div>
            <div className="withdraw-note mono">
              <Trans>
                申請 {formatDateTime(w.createdAt)}・着金予定 {formatIsoDate(w.expectedOn)}
              </Trans>
            </div>
            {w.reason ? (
              <p className="withdraw-note">
                <Trans>審査コメント：{w.reason}</Trans>
              </p>
            ) : null}
            {w.status === 'pending' ? (
              <button type="button" className="btn btn--secondary btn--small" onClick={() => (cancel.begin(), setConfirm(w))} data-testid="withdraw-cancel">
                <Trans>申請を取り消す</Trans>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {confirm ? (
        <DialogBox
          title={<Trans>出金申請を取り消しますか？</Trans>}
          confirmLabel={<Trans>取り消す</Trans>}
          cancelLabel={<Trans>戻る</Trans>}
          busy={cancel.isPending}
          onCancel={() => (cancel.end(), setConfirm(null))}
          onConfirm={() =>
            cancel.mutate(
              { params: { id: confirm.id } },
              {
                onSuccess: () => {
                  setConfirm(null);
                  toast(t`出金申請を取り消しました。拘束していた金額は現金に戻りました`);
                },
                onError: () => setConfirm(null),
              },
            )
          }
        >
          <p>
            <Trans>{formatMoney(confirm.amount, confirm.currency)} の拘束を解除し、現金に戻します。</Trans>
          </p>
        </DialogBox>
      ) : null}
    </>
  );
}
