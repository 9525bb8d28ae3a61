import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { login } from '../../api/account';
import { isApiError } from '../../api/client';
import { Button, PasswordField, TextField } from '../../components/forms/Field';
import { useForm } from '../../components/forms/useForm';
import { checkPhone, checkRequiredPassword, normalizePhone } from '../../components/forms/validation';
import { PasskeyRequiredNotice } from './PasskeyLogin';

/** Phone + password sign-in (used by /login/login and /login/reLogin). */
export function LoginForm({ initialPhone = '', redirect }: { initialPhone?: string; redirect?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useForm({ phone: initialPhone, password: '' }, (v) => ({
    phone: checkPhone(v.phone),
    password: checkRequiredPassword(v.password),
  }));
  // The account requires a passkey at sign-in: the right password was refused, the passkey is the way on.
  const [passkeyRequired, setPasskeyRequired] = useState(false);
  const signIn = useMutation({
    mutationFn: login,
    onSuccess: () => navigate({ to: '/login/loginAfter', search: { redirect }, replace: true }),
    onError: (e) => setPasskeyRequired(isApiError(e) && e.msg === 'passkey_login_required'),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.trySubmit() || signIn.isPending) return;
    signIn.mutate({ phone: normalizePhone(form.values.phone), password: form.values.password });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={t`電話番号`}
        type="tel"
        inputMode="tel"
        autoComplete="username"
        placeholder={t`例：09012345678`}
        maxLength={20}
        {...form.bind('phone')}
      />
      <PasswordField
        label={t`パスワード`}
        autoComplete="current-password"
        maxLength={64}
        {...form.bind('password')}
      />
      {passkeyRequired ? <PasskeyRequiredNotice redirect={redirect} /> : null}
      <div className="form__actions">
        <Button type="submit" loading={signIn.isPending}>
          <Trans>ログイン</Trans>
        </Button>
      </div>
      <p className="form__switch">
        <Trans>アカウントをお持ちでない方</Trans>{' '}
        <Link to="/login/register" className="link">
          <Trans>新規登録</Trans>
        </Link>
      </p>
    </form>
  );
}
