import { getRouteApi } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Brand } from './Brand';
import { LoginForm } from './LoginForm';
import { LanguageButton } from './LanguageButton';
import { PasskeyLogin } from './PasskeyLogin';

const route = getRouteApi('/login/login');

/** /login/login — sign in with phone and password, or with a passkey. */
export function LoginScreen() {
  const { t } = useLingui();
  const { redirect } = route.useSearch();
  return (
    <Page title={t`ログイン`} back={false} right={<LanguageButton />} className="auth">
      <Brand size="small" />
      <LoginForm redirect={redirect} />
      <PasskeyLogin redirect={redirect} />
    </Page>
  );
}
