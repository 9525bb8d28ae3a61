import type { FormEvent } from 'react';
import { createFileRoute, useCanGoBack, useRouter } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePassword } from '../../api/account';
import { Page } from '../../components/Page';
import { Button, PasswordField } from '../../components/forms/Field';
import { useForm } from '../../components/forms/useForm';
import { checkNewPassword, checkRepeat } from '../../components/forms/validation';
import { toast } from '../../components/Toast';
import { requireSession } from '../-lib/guards';

/** /information/loginPass — change the login password (old, new, repeat). */
export const Route = createFileRoute('/information/loginPass')({
  staticData: { name: 'loginPass' },
  beforeLoad: requireSession,
  component: LoginPassScreen,
});

function LoginPassScreen() {
  const { t } = useLingui();
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const form = useForm({ oldPassword: '', password: '', password2: '' }, (v) => ({
    oldPassword: v.oldPassword ? null : 'old_password_required',
    password: checkNewPassword(v.password) ?? (v.password === v.oldPassword ? 'password_same' : null),
    password2: checkRepeat(v.password2, v.password),
  }));
  const change = useMutation({
    mutationFn: changePassword,
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

  return (
    <Page title={t`ログインパスワードの変更`} fallback="/information/setting">
      <form className="form" onSubmit={submit} noValidate>
        <PasswordField label={t`現在のパスワード`} autoComplete="current-password" maxLength={64} {...form.bind('oldPassword')} />
        <PasswordField
          label={t`新しいパスワード`}
          autoComplete="new-password"
          maxLength={64}
          hint={t`8〜64文字`}
          {...form.bind('password')}
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
