import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import { passkeyFailureText } from './passkey-errors';
import * as icons from '../../components/icons';
import { loadWebAuthn, passkeysSupported } from './passkeys';

/** Sign in with a discoverable passkey, then on to /login/loginAfter; the WebAuthn code loads on tap. */
function usePasskeySignIn(redirect: string | undefined) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => (await loadWebAuthn()).signInWithPasskey(),
    onSuccess: () => navigate({ to: '/login/loginAfter', search: { redirect }, replace: true }),
    onError: (e) => {
      const text = passkeyFailureText(e, i18n);
      if (text) toast(text);
    },
  });
}

/** "パスキーでログイン" under the password form. */
export function PasskeyLogin({ redirect }: { redirect?: string }) {
  const signIn = usePasskeySignIn(redirect);
  if (!passkeysSupported()) return null;
  return (
    <div className="passkey-login">
      <div className="passkey-login__or">
        <span>
          <Trans>または</Trans>
        </span>
      </div>
      <button type="button" className="btn btn--secondary btn--block" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
        <Icon d={icons.key} size={20} />
        <Trans>パスキーでログイン</Trans>
      </button>
    </div>
  );
}

/**
 * Shown by the password form when the account requires a passkey at every sign-in (403
 * `passkey_login_required`): the password alone will not do, and the way on is the passkey.
 */
export function PasskeyRequiredNotice({ redirect }: { redirect?: string }) {
  const signIn = usePasskeySignIn(redirect);
  const supported = passkeysSupported();
  return (
    <div className="notice notice--warn passkey-required" role="alert">
      <Icon d={icons.key} size={20} />
      <div className="passkey-required__body">
        <p>
          <Trans>このアカウントは、ログインにパスキーが必要な設定になっています。パスワードだけではログインできません。</Trans>
        </p>
        {supported ? (
          <button type="button" className="btn btn--primary btn--block" onClick={() => signIn.mutate()} disabled={signIn.isPending}>
            <Icon d={icons.key} size={20} />
            <span>
              <Trans>パスキーでログイン</Trans>
            </span>
          </button>
        ) : (
          <p>
            <Trans>このブラウザはパスキーに対応していません。</Trans>
          </p>
        )}
      </div>
    </div>
  );
}
