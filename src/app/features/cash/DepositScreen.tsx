import { useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { depositApi, type DepositChannelView, type DepositStatus, type DepositView } from '../../../shared/api/cash';
import { currencyOf, formatDateTime, formatMoney, typedAmount } from '../../../shared/money';
import { useServerErrors } from '../../api/server-errors';
import { useMoneyCommand } from '../../api/money-command';
import { endpointArea, endpointQuery } from '../../api/query';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { AmountInput } from '../../components/forms/Field';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { Copy } from '../../components/Copy';
import * as icons from '../../components/icons';
import { PhotoUpload } from '../uploads';
import { userInfoQuery } from '../../api/account';
import { ACCOUNT_TYPE_LABEL } from './labels';
import { KycNotice } from './KycNotice';
import './cash.css';
import './deposit.css';

/*
 * 入金 (docs/domain.md "Deposits"): the operator's account or address to send to, the amount
 * within the limits, the receipt, and the list of requests with the reviewer's reasons. No money
 * moves until an admin approves; the channel list comes from the server (admin-managed). Only a
 * verified identity deposits or sees the channels (the server refuses with real_name_required): an
 * unverified user is shown the way to 本人確認 instead.
 */

const channelsQuery = (verified: boolean) => endpointQuery(depositApi.channels, {}, { staleTime: 30_000, enabled: verified });

/** Whether the user's identity is verified; undefined until user/info is known. */
function useVerified(): boolean | undefined {
  const info = useQuery(userInfoQuery());
  return info.data ? info.data.kycStatus === 'verified' : undefined;
}
// An admin decides on the server: read afresh on every visit, and while one waits, every 15 s.
const depositsQuery = () =>
  endpointQuery(depositApi.deposits, {}, { staleTime: 0, refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'pending') ? 15_000 : false) });

export const DEPOSIT_STATUS_TEXT: Record<DepositStatus, MessageDescriptor> = {
  pending: msg({ message: '審査中' }),
  approved: msg({ message: '入金済み' }),
  rejected: msg({ message: '否認' }),
};

/** Where to send the money: the operator account (company name shown) or the configured USDT address. */
function ChannelCard({ channel }: { channel: DepositChannelView }) {
  const { t, i18n } = useLingui();
  const row = (label: string, value: string | null, copy = false) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>
          <span className="deposit-dl__value mono">{value}</span>
          {copy ? <Copy text={value} label={t`${label}をコピー`} /> : null}
        </dd>
      </>
    ) : null;
  return (
    <section className="card deposit-channel" data-testid="deposit-channel">
      <h2 className="card__title">{channel.label}</h2>
      {channel.type === 'bank' ? (
        <dl className="deposit-dl">
          {row(t`銀行`, channel.bankName)}
          {row(t`支店`, channel.branchName)}
          {row(t`種別`, channel.accountType ? i18n._(ACCOUNT_TYPE_LABEL[channel.accountType]) : null)}
          {row(t`口座番号`, channel.accountNumber, true)}
          {row(t`口座名義`, channel.holder, true)}
          {row(t`振込依頼人名の前に付ける番号`, channel.reference, true)}
        </dl>
      ) : (
        <dl className="deposit-dl">
          {row(t`ネットワーク`, channel.network)}
          {row(t`お客様専用の入金アドレス`, channel.address, true)}
        </dl>
      )}
      {channel.type === 'usdt' ? (
        channel.address ? (
          <p className="deposit-note">
            <Trans>
              このアドレスはお客様専用です（運営者が管理するアドレスから割り当て）。{channel.network} 以外のネットワークで送らないでください。USDTはUSDTの残高として入金され、円には換算されません。
            </Trans>
          </p>
        ) : (
          <p className="field__error" role="note" data-testid="deposit-address-unavailable">
            {translateMessage('deposit_address_unavailable', undefined, getLanguage())}
          </p>
        )
      ) : null}
      <p className="deposit-note">
        <Trans>
          入金額 {formatMoney(channel.min, channel.currency)}〜{formatMoney(channel.max, channel.currency)} ・受付時間 {channel.hours}
          {channel.weekdaysOnly ? t`（東京の営業日のみ）` : ''}
        </Trans>
      </p>
    </section>
  );
}

function DepositList({ items }: { items: DepositView[] }) {
  const { i18n } = useLingui();
  if (items.length === 0) return <EmptyView compact text={<Trans>入金の申請はまだありません</Trans>} />;
  return (
    <ul className="deposit-list" data-testid="deposit-list">
      {items.map((d) => (
        <li key={d.id} className={`deposit-item deposit-item--${d.status}`}>
          <div className="deposit-item__head">
            <span>{d.channelLabel}</span>
            <span className="deposit-item__status">{i18n._(DEPOSIT_STATUS_TEXT[d.status])}</span>
          </div>
          <div className="deposit-item__amount mono">
            {formatMoney(d.amount, d.currency)}
            {d.creditedAmount !== null && d.creditedAmount !== d.amount ? (
              <span>
                {' → '}
                <Trans>入金額 {formatMoney(d.creditedAmount, d.currency)}</Trans>
              </span>
            ) : null}
          </div>
          <div className="deposit-note mono">{formatDateTime(d.createdAt)}</div>
          {d.reason ? (
            <p className="deposit-note">
              <Trans>審査コメント：{d.reason}</Trans>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const DEPOSIT_FIELDS = ['amount', 'receiptUploadId'] as const;
/** Refusals that name no field but are about one (useServerErrors). */
const DEPOSIT_REFUSAL_FIELD = { deposit_amount_out_of_range: 'amount', deposit_receipt_used: 'receiptUploadId' } as const;

/** /information/recharge: choose the channel, enter the amount, upload the receipt, confirm; the requests below. */
export function DepositScreen() {
  const { t } = useLingui();
  const search = useSearch({ strict: false }) as { id?: string };
  const verified = useVerified();
  const channels = useQuery(channelsQuery(verified === true));
  const deposits = useQuery(depositsQuery());
  const [chosen, setChosen] = useState<string | null>(search.id ?? null);
  const [amount, setAmount] = useState('');
  const [receipt, setReceipt] = useState<string | null>(null);
  const refused = useServerErrors(DEPOSIT_FIELDS, DEPOSIT_REFUSAL_FIELD);
  // One Idempotency-Key per request, kept across its retries (useMoneyCommand); the error is shown here, not as a toast.
  const submit = useMoneyCommand(depositApi.deposit, {
    invalidate: [endpointArea(depositApi.deposits)],
    silent: true,
    onSuccess: () => {
      setAmount('');
      toast(t`入金を申請しました`);
    },
  });
  const title = t`入金`;
  if (verified === false) {
    return (
      <Page title={title} fallback="/information/index" className="cash">
        <KycNotice />
        {deposits.data?.items.length ? <DepositList items={deposits.data.items} /> : null}
      </Page>
    );
  }
  if (!channels.data) {
    return (
      <Page title={title} fallback="/information/index">
        {channels.isError ? <EmptyView icon={icons.info} text={<Trans>入金方法を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  const items = channels.data.items;
  const channel = items.find((c) => c.id === chosen) ?? items[0];
  const currency = currencyOf(channel?.currency);
  const value = typedAmount(amount, currency);
  const amountOk = channel && value !== null && value >= channel.min && value <= channel.max && (channel.type !== 'usdt' || channel.address !== null);
  const pending = deposits.data?.items.some((d) => d.status === 'pending') ?? false;
  return (
    <Page title={title} fallback="/information/index" className="cash">
      {items.length === 0 || !channel ? (
        <EmptyView icon={icons.info} text={<Trans>現在ご利用いただける入金方法はありません</Trans>} />
      ) : (
        <form
          className="deposit-form"
          onSubmit={(e) => {
            e.preventDefault();
            refused.clear();
            if (amountOk && receipt && value !== null) {
              submit.mutate(
                { body: { channelId: channel.id, amount: value, receiptUploadId: receipt } },
                { onError: (e) => refused.report(e, { amount, receiptUploadId: receipt }) },
              );
            }
          }}
        >
          <fieldset className="deposit-channels">
            <legend className="field__label">
              <Trans>入金方法</Trans>
            </legend>
            {items.map((c) => (
              <label key={c.id} className="deposit-choice">
                <input
                  type="radio"
                  name="channel"
                  value={c.id}
                  checked={c.id === channel.id}
                  onChange={() => {
                    setChosen(c.id);
                    setAmount('');
                  }}
                />
                <span>{c.label}</span>
              </label>
            ))}
            <Link to="/information/rechargeChannel" className="link deposit-note">
              <Trans>入金方法の一覧</Trans>
            </Link>
          </fieldset>
          <ChannelCard channel={channel} />
          <label className="field">
            <span className="field__label">
              <Trans>入金額（{channel.currency}）</Trans>
            </span>
            <span className="field__control">
              <AmountInput currency={currency} value={amount} onChange={setAmount} placeholderMinor={channel.min} testId="deposit-amount" />
            </span>
            <span className="field__hint">
              <Trans>
                {formatMoney(channel.min, channel.currency)}〜{formatMoney(channel.max, channel.currency)}
              </Trans>
            </span>
            {refused.errorOf('amount', amount) ? <span className="field__error">{refused.errorOf('amount', amount)}</span> : null}
          </label>
          <PhotoUpload label={<Trans>振込明細（受領書）</Trans>} purpose="receipt" onChange={setReceipt} testId="deposit-receipt" />
          {refused.errorOf('receiptUploadId', receipt ?? '') ? <p className="field__error">{refused.errorOf('receiptUploadId', receipt ?? '')}</p> : null}
          {pending ? (
            <p className="deposit-note">
              <Trans>審査中の入金申請があります。審査が終わるまで次の申請はできません。</Trans>
            </p>
          ) : null}
          {refused.formError ? (
            <p className="field__error" role="alert">
              {refused.formError}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary btn--block" disabled={!amountOk || !receipt || pending || submit.isPending}>
            <Trans>入金を申請する</Trans>
          </button>
        </form>
      )}
      <h2 className="section-title">
        <Trans>入金の申請</Trans>
      </h2>
      {deposits.data ? <DepositList items={deposits.data.items} /> : <FirstLoad text={t`読み込み中…`} />}
    </Page>
  );
}

/** /information/rechargeChannel: every channel with where to send the money. */
export function DepositChannelScreen() {
  const { t } = useLingui();
  const verified = useVerified();
  const channels = useQuery(channelsQuery(verified === true));
  return (
    <Page title={t`入金方法`} fallback="/information/recharge" className="cash">
      {verified === false ? (
        <KycNotice />
      ) : !channels.data ? (
        <FirstLoad text={t`読み込み中…`} />
      ) : channels.data.items.length === 0 ? (
        <EmptyView icon={icons.info} text={<Trans>現在ご利用いただける入金方法はありません</Trans>} />
      ) : (
        channels.data.items.map((c) => (
          <div key={c.id}>
            <ChannelCard channel={c} />
            <Link to="/information/recharge" search={{ id: c.id }} className="btn btn--secondary btn--block">
              <Trans>この方法で入金する</Trans>
            </Link>
          </div>
        ))
      )}
    </Page>
  );
}
