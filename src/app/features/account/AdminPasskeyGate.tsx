import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import { LoadingPane } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { passkeyFailureText } from './passkey-errors';
import * as icons from '../../components/icons';
import { loadWebAuthn, passkeysKey, passkeySettingsKey, passkeySettingsQuery, passkeysSupported } from './passkeys';

/**
 * The back office opens only to an admin's passkey session (docs/decisions/008-passkeys.md, "Staff"):
 * the server refuses every admin endpoint to a password session (403 `admin_passkey_required`), so
 * instead of screens of refusals an admin signed in with a password sees the first-setup path —
 * register a passkey (allowed on the password session while the admin has none), then sign in
 * again with it.
 */
export function AdminPasskeyGate({ children }: { children: ReactNode }) {
  const settings = useQuery(passkeySettingsQuery());
  if (settings.data?.session === 'passkey') return <>{children}</>;
  // Not the setup text while the answer is on its way: a passkey session would see it flash.
  if (settings.isPending) return <LoadingPane />;
  return <AdminPasskeySetup count={settings.data?.count} />;
}

function AdminPasskeySetup({ count }: { count: number | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const supported = passkeysSupported();
  const ceremonyFailed = (e: unknown) => {
    const text = passkeyFailureText(e, i18n);
    if (text) toast(text);
  };

  const register = useMutation({
    mutationFn: async () => (await loadWebAuthn()).createPasskey(),
    onSuccess: async () => {
      toast(t`パスキーを登録しました`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: passkeySettingsKey }),
      ]);
    },
    onError: ceremonyFailed,
  });
  // A new session, signed in with the passkey: the password session is left to expire.
  const signIn = useMutation({
    mutationFn: async () => (await loadWebAuthn()).signInWithPasskey(),
    onSuccess: async (session) => {
      // A shared device may offer another person's passkey: that account has no back office.
      if (!session.is_admin) {
        await navigate({ to: '/information/index', replace: true });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: passkeySettingsKey });
    },
    onError: ceremonyFailed,
  });

  const registered = count !== undefined && count > 0;
  return (
    <Page title={t`管理画面`} fallback="/information/index" className="admin-setup">
      <div className="notice">
        <Icon d={icons.shield} size={20} />
        <p>
          <Trans>
            管理画面は、パスキーでログインしたときだけ開きます。パスワードだけのログインでは開けないため、パスワードを盗まれても管理画面には入られません。
          </Trans>
        </p>
      </div>
      {count === undefined ? (
        <LoadingPane />
      ) : (
        <ol className="admin-setup__steps" data-testid="admin-passkey-setup">
          <li className={registered ? 'admin-setup__step admin-setup__step--done' : 'admin-setup__step'}>
            <span className="admin-setup__num" aria-hidden="true">
              {registered ? <Icon d={icons.check} size={18} /> : '1'}
            </span>
            <div className="admin-setup__body">
              <h2 className="admin-setup__title">
                <Trans>パスキーを登録する</Trans>
              </h2>
              {registered ? (
                <p className="admin-setup__text">
                  <Trans>登録済みです。</Trans>
                </p>
              ) : (
                <>
                  <p className="admin-setup__text">
                    <Trans>この端末の指紋・顔認証や画面ロックで使えるパスキーを作成します。</Trans>
                  </p>
                  <button type="button" className="btn btn--primary btn--block" onClick={() => register.mutate()} disabled={!supported || register.isPending}>
                    <Icon d={icons.key} size={20} />
                    <span>
                      <Trans>パスキーを登録</Trans>
                    </span>
                  </button>
                </>
              )}
            </div>
          </li>
          <li className={registered ? 'admin-setup__step' : 'admin-setup__step admin-setup__step--later'}>
            <span className="admin-setup__num" aria-hidden="true">
              2
            </span>
            <div className="admin-setup__body">
              <h2 className="admin-setup__title">
                <Trans>パスキーでログインし直す</Trans>
              </h2>
              <p className="admin-setup__text">
                <Trans>パスキーでログインすると、管理画面が開きます。</Trans>
              </p>
              <button type="button" className="btn btn--primary btn--block" onClick={() => signIn.mutate()} disabled={!supported || !registered || signIn.isPending}>
                <Icon d={icons.key} size={20} />
                <span>
                  <Trans>パスキーでログイン</Trans>
                </span>
              </button>
            </div>
          </li>
        </ol>
      )}
      {supported ? null : (
        <p className="passkey-empty">
          <Trans>このブラウザはパスキーに対応していません。</Trans>
        </p>
      )}
    </Page>
  );
}
