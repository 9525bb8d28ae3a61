import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { getAccount } from '../../storage';
import { Page } from '../../components/Page';
import { LoginForm } from './LoginForm';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

const route = getRouteApi('/login/reLogin');

/**
 * /login/reLogin — the session ended, or (`reason=payout`) a payout destination change needs a
 * sign-in made within the last minutes: sign in again (phone prefilled when known), then back.
 */
export function ReLoginScreen() {
  const { t } = useLingui();
  const { redirect, reason } = route.useSearch();
  return (
    <Page title={t`再ログイン`} back={reason === 'payout'} fallback={redirect} className="auth">
      <div className="notice" data-testid="relogin-reason">
        <Icon d={icons.lock} size={20} />
        <p>
          {reason === 'payout' ? (
            <Trans>セキュリティのため、出金先の登録の前にもう一度ログインしてください。</Trans>
          ) : (
            <Trans>ログインの有効期限が切れたか、別の端末でパスワードが変更されました。もう一度ログインしてください。</Trans>
          )}
        </p>
      </div>
      <LoginForm initialPhone={getAccount() ?? ''} redirect={redirect} />
    </Page>
  );
}
