import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { depositAdminApi, type BankAccountType, type DepositChannelView } from '../../../shared/api/cash';
import { WALLET_NETWORKS, type WalletNetwork } from '../../../shared/domain/wallet-address';
import { formatInt } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { ReasonDialog, useAdminCommand } from '../admin';

/*
 * 入金方法 (docs/domain.md "Deposits"): the channels users pay in through — the operator's bank
 * account (with the company that holds it) or a USDT network with the operator's addresses, each
 * given to one user for good. Every change carries a reason and is audited; a disabled channel
 * takes no new deposits, and its pending ones stay reviewable in 入金審査.
 */

const channelsQuery = () => endpointQuery(depositAdminApi.channels, {}, { staleTime: 5_000, meta: { persist: false } });
const invalidate = [endpointArea(depositAdminApi.channels)];

/** One address per line (spaces and commas also separate), blanks dropped. */
function addressList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

function errorText(e: unknown, fallback: string): string {
  return isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : fallback;
}

export function AdminDepositChannelsScreen() {
  const { t } = useLingui();
  const channels = useQuery(channelsQuery());
  const [disabling, setDisabling] = useState<DepositChannelView | null>(null);
  const [loading, setLoading] = useState<DepositChannelView | null>(null);
  const disable = useAdminCommand(depositAdminApi.disableChannel, invalidate);
  return (
    <section className="admin-screen" aria-labelledby="admin-channels-h">
      <h2 id="admin-channels-h" className="admin-screen__title">
        <Trans>入金方法</Trans>
      </h2>
      <CreateChannel />
      <section className="admin-card" aria-labelledby="channels-h">
        <h3 id="channels-h" className="admin-card__title">
          <Trans>入金方法の一覧</Trans>
        </h3>
        {channels.isPending ? (
          <Spinner label={t`読み込み中…`} />
        ) : !channels.data || channels.data.items.length === 0 ? (
          <EmptyView compact text={<Trans>入金方法はまだありません。ご利用者は入金できません。</Trans>} />
        ) : (
          <ul className="admin-channels" data-testid="admin-channels">
            {channels.data.items.map((c) => (
              <li key={c.id} className="admin-channels__item">
                <div className="admin-channels__head">
                  <strong>{c.label}</strong> <span className="admin-tag">{c.currency}</span>{' '}
                  {c.active ? (
                    <span className="admin-tag admin-tag--ok">
                      <Trans>受付中</Trans>
                    </span>
                  ) : (
                    <span className="admin-tag">
                      <Trans>停止中</Trans>
                    </span>
                  )}
                </div>
                {c.type === 'bank' ? (
                  <p className="small mono">
                    {c.bankName} {c.branchName} {c.accountType === 'toza' ? t`当座` : t`普通`} {c.accountNumber} · {c.holder}
                  </p>
                ) : (
                  <p className="small">
                    {c.network} ·{' '}
                    <Trans>
                      アドレス {formatInt(c.addressesTotal ?? 0)} 件（未割当 {formatInt(c.addressesFree ?? 0)} 件）
                    </Trans>
                  </p>
                )}
                {c.disabledReason ? (
                  <p className="small muted">
                    <Trans>停止理由：{c.disabledReason}</Trans>
                  </p>
                ) : null}
                {c.active ? (
                  <div className="admin-actions">
                    {c.type === 'usdt' ? (
                      <button type="button" className="btn btn--secondary btn--small" onClick={() => setLoading(c)}>
                        <Trans>アドレスを追加</Trans>
                      </button>
                    ) : null}
                    <button type="button" className="btn btn--danger btn--small" onClick={() => setDisabling(c)}>
                      <Trans>停止</Trans>
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {disabling ? (
        <ReasonDialog
          title={<Trans>{disabling.label} を停止</Trans>}
          confirmLabel={<Trans>停止する</Trans>}
          danger
          busy={disable.isPending}
          onCancel={() => setDisabling(null)}
          onConfirm={(reason) =>
            disable.mutate(
              { params: { id: disabling.id }, body: { reason } },
              {
                onSuccess: () => {
                  toast(t`入金方法を停止しました`);
                  setDisabling(null);
                },
                onError: (e) => toast(errorText(e, t`停止できませんでした`)),
              },
            )
          }
        >
          <p>
            <Trans>この方法では新しい入金を受け付けなくなります。審査中の入金はそのまま審査できます。</Trans>
          </p>
        </ReasonDialog>
      ) : null}
      {loading ? <AddAddresses channel={loading} onDone={() => setLoading(null)} /> : null}
    </section>
  );
}

function Field({ label, children, hint }: { label: ReactNode; children: ReactNode; hint?: ReactNode }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      {children}
      {hint ? <span className="field__hint">{hint}</span> : null}
    </label>
  );
}

interface BankDraft {
  label: string;
  bankName: string;
  branchName: string;
  accountType: BankAccountType;
  accountNumber: string;
  holder: string;
}

function CreateChannel() {
  const { t } = useLingui();
  const [type, setType] = useState<'bank' | 'usdt'>('bank');
  const [bank, setBank] = useState<BankDraft>({ label: t`銀行振込`, bankName: '', branchName: '', accountType: 'futsu', accountNumber: '', holder: '' });
  const [usdt, setUsdt] = useState<{ label: string; network: WalletNetwork; addresses: string }>({ label: 'USDT（TRC20）', network: 'TRC20', addresses: '' });
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = useAdminCommand(depositAdminApi.createChannel, invalidate);
  const setB = (k: keyof BankDraft) => (e: { target: { value: string } }) => setBank((d) => ({ ...d, [k]: e.target.value }));
  const addresses = addressList(usdt.addresses);
  const ready =
    type === 'bank'
      ? Boolean(bank.label.trim() && bank.bankName.trim() && bank.branchName.trim() && /^\d{7}$/.test(bank.accountNumber) && bank.holder.trim())
      : Boolean(usdt.label.trim() && addresses.length > 0 && addresses.length <= 1000);
  const body =
    type === 'bank'
      ? { type, label: bank.label.trim(), bankName: bank.bankName.trim(), branchName: bank.branchName.trim(), accountType: bank.accountType, accountNumber: bank.accountNumber, holder: bank.holder.trim() }
      : { type, label: usdt.label.trim(), network: usdt.network, addresses };
  return (
    <section className="admin-card" aria-labelledby="create-channel-h">
      <h3 id="create-channel-h" className="admin-card__title">
        <Trans>入金方法を追加</Trans>
      </h3>
      <form
        className="admin-form"
        onSubmit={(e) => {
          e.preventDefault();
          setError(null);
          if (ready) setConfirming(true);
        }}
      >
        <fieldset className="admin-radios">
          <legend className="field__label">
            <Trans>種類</Trans>
          </legend>
          <label>
            <input type="radio" name="channel-type" checked={type === 'bank'} onChange={() => setType('bank')} /> <Trans>銀行振込（運営会社の口座）</Trans>
          </label>
          <label>
            <input type="radio" name="channel-type" checked={type === 'usdt'} onChange={() => setType('usdt')} /> <Trans>USDT（お客様ごとのアドレス）</Trans>
          </label>
        </fieldset>
        {type === 'bank' ? (
          <>
            <Field label={<Trans>表示名</Trans>}>
              <input className="field__input" value={bank.label} maxLength={60} onChange={setB('label')} />
            </Field>
            <Field label={<Trans>銀行名</Trans>}>
              <input className="field__input" value={bank.bankName} maxLength={60} onChange={setB('bankName')} data-testid="channel-bank" />
            </Field>
            <Field label={<Trans>支店名</Trans>}>
              <input className="field__input" value={bank.branchName} maxLength={60} onChange={setB('branchName')} data-testid="channel-branch" />
            </Field>
            <Field label={<Trans>預金種目</Trans>}>
              <select className="field__input" value={bank.accountType} onChange={(e) => setBank((d) => ({ ...d, accountType: e.target.value as BankAccountType }))}>
                <option value="futsu">{t`普通`}</option>
                <option value="toza">{t`当座`}</option>
              </select>
            </Field>
            <Field label={<Trans>口座番号（7桁）</Trans>}>
              <input
                className="field__input mono"
                inputMode="numeric"
                maxLength={7}
                value={bank.accountNumber}
                onChange={(e) => setBank((d) => ({ ...d, accountNumber: e.target.value.replace(/\D/g, '') }))}
                data-testid="channel-number"
              />
            </Field>
            <Field label={<Trans>口座名義（運営会社）</Trans>} hint={<Trans>ご利用者に「どこへ振り込むか」として表示されます</Trans>}>
              <input className="field__input" value={bank.holder} maxLength={100} onChange={setB('holder')} data-testid="channel-holder" />
            </Field>
          </>
        ) : (
          <>
            <Field label={<Trans>表示名</Trans>}>
              <input className="field__input" value={usdt.label} maxLength={60} onChange={(e) => setUsdt((d) => ({ ...d, label: e.target.value }))} />
            </Field>
            <Field label={<Trans>ネットワーク</Trans>}>
              <select className="field__input" value={usdt.network} onChange={(e) => setUsdt((d) => ({ ...d, network: e.target.value as WalletNetwork }))}>
                {WALLET_NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </Field>
            <Field
              label={<Trans>運営者のアドレス（1行に1件）</Trans>}
              hint={<Trans>{formatInt(addresses.length)} 件。1件ずつお客様1人に割り当てられ、形式とチェックサムを確認します</Trans>}
            >
              <textarea className="field__input mono" rows={5} value={usdt.addresses} onChange={(e) => setUsdt((d) => ({ ...d, addresses: e.target.value }))} />
            </Field>
          </>
        )}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={!ready || create.isPending} data-testid="channel-create">
          <Trans>追加する</Trans>
        </button>
      </form>
      {confirming ? (
        <ReasonDialog
          title={<Trans>入金方法を追加</Trans>}
          confirmLabel={<Trans>追加する</Trans>}
          busy={create.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={(reason) =>
            create.mutate(
              { body: { ...body, reason } },
              {
                onSuccess: () => {
                  toast(t`入金方法を追加しました`);
                  setConfirming(false);
                  setUsdt((d) => ({ ...d, addresses: '' }));
                  setBank((d) => ({ ...d, bankName: '', branchName: '', accountNumber: '', holder: '' }));
                },
                onError: (e) => {
                  setConfirming(false);
                  setError(errorText(e, t`追加できませんでした`));
                },
              },
            )
          }
        >
          <p>
            <Trans>ご利用者の入金画面にすぐ表示されます。</Trans>
          </p>
        </ReasonDialog>
      ) : null}
    </section>
  );
}

function AddAddresses({ channel, onDone }: { channel: DepositChannelView; onDone: () => void }) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useAdminCommand(depositAdminApi.addAddresses, invalidate);
  const addresses = addressList(text);
  return (
    <ReasonDialog
      title={<Trans>{channel.label} にアドレスを追加</Trans>}
      confirmLabel={<Trans>追加する</Trans>}
      busy={add.isPending}
      confirmDisabled={addresses.length === 0 || addresses.length > 1000}
      onCancel={onDone}
      onConfirm={(reason) =>
        add.mutate(
          { params: { id: channel.id }, body: { addresses, reason } },
          {
            onSuccess: () => {
              toast(t`アドレスを追加しました`);
              onDone();
            },
            onError: (e) => setError(errorText(e, t`追加できませんでした`)),
          },
        )
      }
    >
      <label className="field">
        <span className="field__label">
          <Trans>{channel.network} のアドレス（1行に1件）</Trans>
        </span>
        <textarea className="field__input mono" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </ReasonDialog>
  );
}
