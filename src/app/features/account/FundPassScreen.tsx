import type { FormEvent } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { setFundPassword, userInfoKey, userInfoQuery } from '../../api/account';
import { FUND_PASSWORD_LOCK_MS, FUND_PASSWORD_MAX_TRIES } from '../../../shared/domain/account';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { Button, PasswordField } from '../../components/forms/Field';
import { useForm } from '../../components/forms/useForm';
import { checkFundPassword, checkRepeat, digitsOnly } from '../../components/forms/validation';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { stepUpHeaders } from './passkeys';
import { passkeyFailureText } from './passkey-errors';

/** /information/fundPass — set (first time, with the login password) or change the 6-digit fund password. */
export function FundPassScreen() {
  const { t } = useLingui();
  const info = useQuery(userInfoQuery());
  const title = t`取引暗証番号`;
  if (info.data) return <FundPassForm isSet={info.data.fundPasswordSet} />;
  if (info.isError)
    return (
      <Page title={title} fallback="/information/index">
        <EmptyView
          icon={icons.info}
          text={<Trans>アカウント情報を読み込めませんでした</Trans>}
          action={
            <button type="button" className="btn btn--secondary" onClick={() => void info.refetch()}>
              <Trans>再試行</Trans>
            </button>
          }
        />
      </Page>
    );
  return (
    <Page title={title} fallback="/information/index">
      <FirstLoad text={t`読み込み中…`} />
    </Page>
  );
}

const pin = (v: string) => digitsOnly(v, 6);

function FundPassForm({ isSet }: { isSet: boolean }) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const queryClient = useQueryClient();
  const form = useForm({ current: '', password: '', password2: '' }, (v) => ({
    current: isSet ? (v.current ? null : 'fund_old_required') : v.current ? null : 'old_password_required',
    password: checkFundPassword(v.password) ?? (isSet && v.password === v.current ? 'fund_same' : null),
    password2: checkRepeat(v.password2, v.password, 'fund'),
  }));
  const save = useMutation({
    // With a passkey registered, the change needs a fresh passkey check (docs/decisions/008-passkeys.md).
    mutationFn: async (body: Parameters<typeof setFundPassword>[0]) => setFundPassword(body, await stepUpHeaders(queryClient)),
    onError: (e) => {
      const text = passkeyFailureText(e, i18n);
      if (text) toast(text);
    },
    onSuccess: () => {
      // Leave at once, the fact already known (the checklist and the payout gates read it), and
      // refetch in the background: waiting for the refetch before leaving let a navigation the user
      // made meanwhile be undone by the late back().
      queryClient.setQueryData(userInfoKey, (u: { fundPasswordSet: boolean } | undefined) => (u ? { ...u, fundPasswordSet: true } : u));
      if (canGoBack) router.history.back();
      else void router.navigate({ to: '/information/index', replace: true });
      toast(isSet ? t`取引暗証番号を変更しました` : t`取引暗証番号を設定しました`);
      void queryClient.invalidateQueries({ queryKey: userInfoKey });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit() || save.isPending) return;
    const { current, password, password2 } = form.values;
    save.mutate(isSet ? { oldFundPassword: current, password, password2 } : { loginPassword: current, password, password2 });
  };

  const pinProps = { inputMode: 'numeric' as const, pattern: '[0-9]*', maxLength: 6, autoComplete: 'off' };
  const tries = FUND_PASSWORD_MAX_TRIES;
  const minutes = Math.round(FUND_PASSWORD_LOCK_MS / 60_000);

  return (
    <Page title={isSet ? t`取引暗証番号の変更` : t`取引暗証番号の設定`} fallback="/information/index">
      <form className="form" onSubmit={submit} noValidate>
        <p className="form__lead">
          <Trans>取引暗証番号は、出金などの資金の操作で入力する6桁の数字です。</Trans>
        </p>
        {isSet ? (
          <PasswordField label={t`現在の取引暗証番号`} {...pinProps} {...form.bind('current', pin)} />
        ) : (
          <PasswordField
            label={t`ログインパスワード`}
            autoComplete="current-password"
            maxLength={64}
            hint={t`本人確認のため、ログインパスワードを入力してください`}
            {...form.bind('current')}
          />
        )}
        <PasswordField label={t`新しい取引暗証番号（6桁の数字）`} {...pinProps} {...form.bind('password', pin)} />
        <PasswordField label={t`新しい取引暗証番号（確認）`} {...pinProps} {...form.bind('password2', pin)} />
        <p className="form__note">
          <Trans>
            誕生日や同じ数字の並びは避けてください。{tries}回続けて間違えると、{minutes}分間資金の操作ができなくなります。
          </Trans>
        </p>
        <div className="form__actions">
          <Button type="submit" loading={save.isPending}>
            {isSet ? <Trans>変更する</Trans> : <Trans>設定する</Trans>}
          </Button>
        </div>
      </form>
    </Page>
  );
}
