import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { WALLET_LABEL_MAX, type WalletView } from '../../../shared/api/cash';
import { checkWalletAddress, WALLET_NETWORKS, type WalletNetwork } from '../../../shared/domain/wallet-address';
import { FUND_PASSWORD_PATTERN } from '../../../shared/domain/account';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Segmented } from '../../components/Segmented';
import { AsOf } from '../../components/AsOf';
import { Button, FundPasswordField, TextField } from '../../components/forms/Field';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { addWallet, cashKey, deleteWallet, walletsQuery } from './api';
import { KycNotice } from './KycNotice';
import { ListLoading } from './ListLoading';
import { ChangeGate, HoldLead, HoldNote, useFundPasswordSet, useReauthNeeded } from './ChangeGate';
import './cash.css';

/**
 * /information/usdtAddress — the user's USDT addresses (TRC20 / ERC20), checked by format and
 * checksum; a new one is added with the fund password in a recent sign-in and waits out its hold.
 */
export function UsdtAddressScreen() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  // Read afresh on every visit: the answer says how long this session may still add one.
  const list = useQuery({ ...walletsQuery(), staleTime: 0 });
  const needsLogin = useReauthNeeded(list);
  const fundPasswordSet = useFundPasswordSet();
  const [refused, setRefused] = useState(false);
  const [removing, setRemoving] = useState<WalletView | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteWallet(id),
    onSuccess: async () => {
      toast(t`アドレスを削除しました`);
      await queryClient.invalidateQueries({ queryKey: cashKey });
    },
  });
  const title = t`USDTアドレス`;

  if (!list.data) {
    return (
      <ListLoading title={title} failed={list.isError} error={<Trans>アドレスを読み込めませんでした</Trans>} onRetry={() => void list.refetch()} />
    );
  }
  const { items, max, identity } = list.data;
  const canAdd = identity.verified && items.length < max;
  const blocked = !fundPasswordSet || needsLogin === true || refused;
  return (
    <Page title={title} fallback="/information/index" className="cash">
      <AsOf query={list} />
      {!identity.verified ? <KycNotice /> : null}
      {items.length === 0 ? (
        <EmptyView compact icon={icons.wallet} text={<Trans>登録済みのUSDTアドレスはありません</Trans>} />
      ) : (
        <ul className="cash-list" data-testid="wallets">
          {items.map((w) => (
            <li key={w.id} className="cash-card">
              <span className="cash-card__icon">
                <Icon d={icons.wallet} size={22} />
              </span>
              <span className="cash-card__main">
                <span className="cash-card__title">
                  <span className="cash-badge">{w.network}</span> {w.label ?? ''}
                </span>
                <span className="cash-card__address mono">{w.address}</span>
                <HoldNote usableAt={w.usableAt} />
              </span>
              <button type="button" className="btn btn--text cash-card__delete" onClick={() => setRemoving(w)} disabled={remove.isPending}>
                <Trans>削除</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
      {canAdd && blocked ? <ChangeGate fundPasswordSet={fundPasswordSet} needsLogin={needsLogin === true || refused} returnTo="/information/usdtAddress" /> : null}
      {canAdd && !blocked && needsLogin === false ? <AddWalletForm onReauth={() => setRefused(true)} /> : null}
      {identity.verified && items.length >= max ? (
        <p className="muted cash-actions">{translateMessage('wallet_limit', { max }, getLanguage())}</p>
      ) : null}
      {removing ? (
        <ConfirmDialog
          open
          title={<Trans>このアドレスを削除しますか？</Trans>}
          body={<span className="mono cash-break">{removing.address}</span>}
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

function AddWalletForm({ onReauth }: { onReauth: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [network, setNetwork] = useState<WalletNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const checked = address.trim() ? checkWalletAddress(network, address) : null;
  // Shown as soon as the address is complete enough to judge (a pasted one at once).
  const addressError =
    checked && !checked.ok && (checked.problem === 'checksum' || address.trim().length >= (network === 'TRC20' ? 34 : 42))
      ? translateMessage(checked.problem === 'checksum' ? 'wallet_checksum_invalid' : 'wallet_address_invalid', undefined, getLanguage())
      : null;

  const save = useMutation({
    mutationFn: addWallet,
    onSuccess: async () => {
      toast(t`アドレスを登録しました`);
      setAddress('');
      setLabel('');
      setFundPassword('');
      await queryClient.invalidateQueries({ queryKey: cashKey });
    },
    onError: (e) => {
      // The sign-in grew too old while the form was filled: lead to the re-login.
      if (isApiError(e) && e.msg === 'reauth_required') return onReauth();
      setServerError(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : translateMessage('network_error', undefined, getLanguage()));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    if (!checked?.ok || save.isPending) {
      if (checked && !checked.ok) setServerError(translateMessage(checked.problem === 'checksum' ? 'wallet_checksum_invalid' : 'wallet_address_invalid', undefined, getLanguage()));
      return;
    }
    if (!FUND_PASSWORD_PATTERN.test(fundPassword)) {
      setServerError(t`取引暗証番号（6桁の数字）を入力してください`);
      return;
    }
    save.mutate({ network, address: address.trim(), label: label.trim() || undefined, fundPassword });
  };

  return (
    <form className="form cash-form" onSubmit={submit} noValidate>
      <h2 className="cash-form__title">
        <Trans>アドレスを追加</Trans>
      </h2>
      <HoldLead />
      <div className="field">
        <span className="field__label">
          <Trans>ネットワーク</Trans>
        </span>
        <Segmented label={t`ネットワーク`} value={network} options={WALLET_NETWORKS.map((n) => ({ value: n, label: n }))} onChange={setNetwork} />
      </div>
      <TextField
        label={t`USDTアドレス`}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        name="address"
        value={address}
        maxLength={100}
        placeholder={network === 'TRC20' ? 'T…' : '0x…'}
        onChange={(e) => setAddress(e.currentTarget.value)}
        error={addressError}
        hint={
          network === 'TRC20' ? (
            <Trans>Tで始まる34文字のアドレス（TRON）。送金元のネットワークと必ず一致させてください。</Trans>
          ) : (
            <Trans>0xで始まる42文字のアドレス（Ethereum）。大文字・小文字が混在する場合はチェックサムを確認します。</Trans>
          )
        }
      />
      <TextField label={t`メモ（任意）`} name="label" value={label} maxLength={WALLET_LABEL_MAX} onChange={(e) => setLabel(e.currentTarget.value)} />
      <FundPasswordField value={fundPassword} onChange={setFundPassword} testId="destination-fund-password" />
      {serverError ? (
        <p className="field__error cash-error" role="alert" data-testid="server-error">
          {serverError}
        </p>
      ) : null}
      <div className="form__actions">
        <Button type="submit" loading={save.isPending}>
          <Trans>アドレスを登録する</Trans>
        </Button>
      </div>
    </form>
  );
}
