import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { getAccount } from '../../storage';
import { Page } from '../../components/Page';
import { LoginForm } from './LoginForm';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

const route = getRouteApi('/login/reLogin');

/** /login/reLogin — the session ended: sign in again (phone prefilled when known). */
export function ReLoginScreen() {
  const { t } = useLingui();
  const { redirect } = route.useSearch();
  return (
    <Page title={t`再ログイン`} back={false} className="auth">
      <div className="notice">
        <Icon d={icons.lock} size={20} />
        <p>
          <Trans>ログインの有効期限が切れたか、別の端末でパスワードが変更されました。もう一度ログインしてください。</Trans>
        </p>
      </div>
      <LoginForm initialPhone={getAccount() ?? ''} redirect={redirect} />
    </Page>
  );
}
