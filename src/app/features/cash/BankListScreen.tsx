import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BankAccountView } from '../../../shared/api/cash';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AsOf } from '../../components/AsOf';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { bankAccountsQuery, cashKey, deleteBankAccount } from './api';
import { ACCOUNT_TYPE_LABEL } from './labels';
import { KycNotice } from './KycNotice';
import { ListLoading } from './ListLoading';
import { HoldNote } from './ChangeGate';
import './cash.css';

/**
 * /information/bankList — the user's own bank accounts (masked), add and delete, and when a new one
 * may first receive a withdrawal (docs/domain.md "Bank accounts and wallets").
 */
export function BankListScreen() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const list = useQuery(bankAccountsQuery());
  const [removing, setRemoving] = useState<BankAccountView | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteBankAccount(id),
    onSuccess: async () => {
      toast(t`銀行口座を削除しました`);
      await queryClient.invalidateQueries({ queryKey: cashKey });
    },
  });
  const title = t`銀行口座`;

  if (!list.data) {
    return (
      <ListLoading title={title} failed={list.isError} error={<Trans>銀行口座を読み込めませんでした</Trans>} onRetry={() => void list.refetch()} />
    );
  }

  const { items, max, identity } = list.data;
  const full = items.length >= max;
  return (
    <Page title={title} fallback="/information/index" className="cash">
      <AsOf query={list} />
      {!identity.verified ? <KycNotice /> : null}
      {items.length === 0 ? (
        <EmptyView
          icon={icons.card}
          text={<Trans>登録済みの銀行口座はありません</Trans>}
          hint={<Trans>出金先として、ご本人名義の銀行口座を登録できます。</Trans>}
        />
      ) : (
        <ul className="cash-list" data-testid="bank-accounts">
          {items.map((a) => (
            <li key={a.id} className="cash-card">
              <span className="cash-card__icon">
                <Icon d={icons.card} size={22} />
              </span>
              <span className="cash-card__main">
                <span className="cash-card__title">
                  {a.bankName} {a.branchName}
                </span>
                <span className="cash-card__meta mono">
                  {i18n._(ACCOUNT_TYPE_LABEL[a.type])} {a.numberMasked}
                </span>
                <span className="cash-card__meta">{a.holderKana}</span>
                <HoldNote usableAt={a.usableAt} />
              </span>
              <button type="button" className="btn btn--text cash-card__delete" onClick={() => setRemoving(a)} disabled={remove.isPending}>
                <Trans>削除</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {identity.verified ? (
        <div className="cash-actions">
          {full ? (
            <p className="muted">
              <Trans>銀行口座は{max}件まで登録できます</Trans>
            </p>
          ) : (
            <Link to="/information/addBankCard" className="btn btn--primary btn--block">
              <Trans>銀行口座を追加</Trans>
            </Link>
          )}
        </div>
      ) : null}
      {removing ? (
        <ConfirmDialog
          open
          title={<Trans>この銀行口座を削除しますか？</Trans>}
          body={
            <>
              {removing.bankName} {removing.branchName} {i18n._(ACCOUNT_TYPE_LABEL[removing.type])} {removing.numberMasked}
            </>
          }
          confirmLabel={<Trans>削除</Trans>}
          cancelLabel={<Trans>キャンセル</Trans>}
          danger
          onConfirm={() => {
            remove.mutate(removing.id);
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </Page>
  );
}
