import { useNavigate } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { isCeremonyError, loadWebAuthn, passkeysSupported } from './passkeys';

/** "パスキーでログイン" under the password form; the WebAuthn code loads on tap. */
export function PasskeyLogin({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: async () => (await loadWebAuthn()).signInWithPasskey(),
    onSuccess: () => navigate({ to: '/login/loginAfter', search: { redirect }, replace: true }),
    onError: (e) => {
      if (isCeremonyError(e)) toast(t`パスキーの操作が完了しませんでした`);
    },
  });
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
