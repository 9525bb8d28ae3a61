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
import { useServerErrors } from '../../api/server-errors';

const FIELDS = ['phone', 'password', 'password2', 'inviteCode', 'agree'] as const;
/** Refusals that name no field but are about one (useServerErrors). */
const REFUSAL_FIELD = { account_exists: 'phone' } as const;

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

  // The server's refusals (its password policy, a taken phone, a bad code) under their field (server-errors.ts).
  const refused = useServerErrors(FIELDS, REFUSAL_FIELD);
  const signUp = useMutation({
    mutationFn: (body: RegisterBody) => register(body, { silent: true }),
    onSuccess: () => navigate({ to: '/login/loginAfter', replace: true }),
    onError: (e) => refused.report(e, { ...form.values, agree: String(agree) }),
  });
  const bound = (name: Exclude<(typeof FIELDS)[number], 'agree'>, transform?: (v: string) => string) => {
    const b = form.bind(name, transform);
    return { ...b, error: b.error ?? refused.errorOf(name, form.values[name]) };
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const valid = form.trySubmit();
    if (!valid || !agree || signUp.isPending) return;
    refused.clear();
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
          {...bound('phone')}
        />
        <PasswordField
          label={t`パスワード`}
          autoComplete="new-password"
          maxLength={64}
          hint={t`8〜64文字`}
          {...bound('password')}
        />
        <PasswordField
          label={t`パスワード（確認）`}
          autoComplete="new-password"
          maxLength={64}
          {...bound('password2')}
        />
        <TextField
          label={inviteRequired ? t`招待コード` : t`招待コード（任意）`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={16}
          {...bound('inviteCode', (v) => v.toUpperCase())}
        />
        <Checkbox checked={agree} onChange={setAgree} error={agreeError ?? refused.errorOf('agree', String(agree))}>
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
        {refused.formError ? (
          <p className="field__error" role="alert" data-testid="server-error">
            {refused.formError}
          </p>
        ) : null}
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
