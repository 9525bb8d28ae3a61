import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Brand } from '../../components/auth/Brand';
import { LoginForm } from '../../components/auth/LoginForm';
import { LanguageButton } from '../../components/auth/LanguageButton';
import { redirectSearch } from '../-lib/search';

/** /login/login — sign in with phone and password. */
export const Route = createFileRoute('/login/login')({
  staticData: { name: 'login' },
  validateSearch: redirectSearch,
  component: LoginScreen,
});

function LoginScreen() {
  const { t } = useLingui();
  const { redirect } = Route.useSearch();
  return (
    <Page title={t`ログイン`} back={false} right={<LanguageButton />} className="auth">
      <Brand size="small" />
      <LoginForm redirect={redirect} />
    </Page>
  );
}
