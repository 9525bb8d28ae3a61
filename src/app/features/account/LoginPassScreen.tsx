import type { FormEvent } from 'react';
import { useCanGoBack, useRouter } from '@tanstack/react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePassword } from '../../api/account';
import { Page } from '../../components/Page';
import { Button, PasswordField } from '../../components/forms/Field';
import { useForm } from '../../components/forms/useForm';
import { checkNewPassword, checkRepeat } from '../../components/forms/validation';
import { toast } from '../../components/Toast';
import { getAccount } from '../../storage';
import { stepUpHeaders } from './passkeys';
import { passkeyFailureText } from './passkey-errors';
import { useServerPasswordError } from './server-password-error';

/** /information/loginPass — change the login password (old, new, repeat). */
export function LoginPassScreen() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const form = useForm({ oldPassword: '', password: '', password2: '' }, (v) => ({
    oldPassword: v.oldPassword ? null : 'old_password_required',
    password: checkNewPassword(v.password, getAccount()) ?? (v.password === v.oldPassword ? 'password_same' : null),
    password2: checkRepeat(v.password2, v.password),
  }));
  const queryClient = useQueryClient();
  // The server's password policy answers with its reason under the new password (server-password-error.ts).
  const refused = useServerPasswordError();
  const change = useMutation({
    // With a passkey registered, the change needs a fresh passkey check (docs/decisions/008-passkeys.md).
    mutationFn: async (body: Parameters<typeof changePassword>[0]) => {
      const headers = await stepUpHeaders(queryClient);
      try {
        return await changePassword(body, headers, { silent: true });
      } catch (e) {
        refused.report(e, body.password); // this call's failures only: the step-up's are toasted already
        throw e;
      }
    },
    onError: (e) => {
      const text = passkeyFailureText(e, i18n);
      if (text) toast(text);
    },
    onSuccess: () => {
      toast(t`ログインパスワードを変更しました`);
      if (canGoBack) router.history.back();
      else void router.navigate({ to: '/information/setting', replace: true });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit() || change.isPending) return;
    change.mutate({ ...form.values });
  };

  const password = form.bind('password');

  return (
    <Page title={t`ログインパスワードの変更`} fallback="/information/setting">
      <form className="form" onSubmit={submit} noValidate>
        <PasswordField label={t`現在のパスワード`} autoComplete="current-password" maxLength={64} {...form.bind('oldPassword')} />
        <PasswordField
          label={t`新しいパスワード`}
          autoComplete="new-password"
          maxLength={64}
          hint={t`8〜64文字`}
          {...password}
          error={password.error ?? refused.errorFor(form.values.password)}
        />
        <PasswordField label={t`新しいパスワード（確認）`} autoComplete="new-password" maxLength={64} {...form.bind('password2')} />
        <p className="form__note">
          <Trans>変更すると、この端末以外ではログアウトされます。</Trans>
        </p>
        <div className="form__actions">
          <Button type="submit" loading={change.isPending}>
            <Trans>変更する</Trans>
          </Button>
        </div>
      </form>
    </Page>
  );
}
