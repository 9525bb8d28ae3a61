import { useCallback, useState, type FormEvent, type MouseEvent } from 'react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { register, type RegisterBody } from '../../api/account';
import { useSiteConfig } from '../../api/site-config';
import { Page } from '../../components/Page';
import { LegalSheet } from './legal/LegalSheet';
import type { LegalSection } from './legal/LegalSections';
import { Button, Checkbox, PasswordField, TextField } from '../../components/forms/Field';
import { useForm } from '../../components/forms/useForm';
import {
  FIELD_ERROR_TEXT,
  checkInvite,
  checkNewPassword,
  checkPhone,
  checkRepeat,
  normalizeInvite,
  normalizePhone,
} from '../../components/forms/validation';
import { useServerPasswordError } from './server-password-error';

const route = getRouteApi('/login/register');

/** /login/register — phone, password twice, invitation code, privacy agreement. */
export function RegisterScreen() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { invite } = route.useSearch();
  const config = useSiteConfig();
  const inviteRequired = config.data?.inviteRequired ?? true;
  const [agree, setAgree] = useState(false);
  const [sheet, setSheet] = useState<LegalSection | null>(null);
  const closeSheet = useCallback(() => setSheet(null), []);
  const openSheet = (section: LegalSection) => (e: MouseEvent) => {
    e.preventDefault();
    setSheet(section);
  };

  const form = useForm({ phone: '', password: '', password2: '', inviteCode: invite ?? '' }, (v) => ({
    phone: checkPhone(v.phone),
    password: checkNewPassword(v.password, v.phone),
    password2: checkRepeat(v.password2, v.password),
    inviteCode: checkInvite(v.inviteCode, inviteRequired),
  }));
  const agreeError = form.submitted && !agree ? i18n._(FIELD_ERROR_TEXT.agree_required) : null;

  // The server's password policy answers with its reason under the password field (server-password-error.ts).
  const refused = useServerPasswordError();
  const signUp = useMutation({
    mutationFn: (body: RegisterBody) => register(body, { silent: true }),
    onSuccess: () => navigate({ to: '/login/loginAfter', replace: true }),
    onError: (e, body) => refused.report(e, body.password),
  });
  const password = form.bind('password');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const valid = form.trySubmit();
    if (!valid || !agree || signUp.isPending) return;
    signUp.mutate({
      phone: normalizePhone(form.values.phone),
      password: form.values.password,
      password2: form.values.password2,
      inviteCode: normalizeInvite(form.values.inviteCode),
      agree,
    });
  };

  return (
    <Page title={t`新規登録`} fallback="/login/login" className="auth">
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={t`電話番号`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t`例：09012345678`}
          maxLength={20}
          {...form.bind('phone')}
        />
        <PasswordField
          label={t`パスワード`}
          autoComplete="new-password"
          maxLength={64}
          hint={t`8〜64文字`}
          {...password}
          error={password.error ?? refused.errorFor(form.values.password)}
        />
        <PasswordField
          label={t`パスワード（確認）`}
          autoComplete="new-password"
          maxLength={64}
          {...form.bind('password2')}
        />
        <TextField
          label={inviteRequired ? t`招待コード` : t`招待コード（任意）`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          {...form.bind('inviteCode', (v) => v.toUpperCase())}
        />
        <Checkbox checked={agree} onChange={setAgree} error={agreeError}>
          <Trans>
            <a href="#/information/aboutUs?section=privacy" className="link" onClick={openSheet('privacy')}>
              プライバシーポリシー
            </a>
            と
            <a href="#/information/aboutUs?section=terms" className="link" onClick={openSheet('terms')}>
              利用規約
            </a>
            に同意します
          </Trans>
        </Checkbox>
        <div className="form__actions">
          <Button type="submit" loading={signUp.isPending}>
            <Trans>登録する</Trans>
          </Button>
        </div>
        <p className="form__switch">
          <Trans>すでにアカウントをお持ちの方</Trans>{' '}
          <Link to="/login/login" className="link">
            <Trans>ログイン</Trans>
          </Link>
        </p>
      </form>
      <LegalSheet section={sheet} onClose={closeSheet} />
    </Page>
  );
}
