import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { accountApi } from '../../../shared/api/account';
import { apiCall } from '../../api/client';
import { logout } from '../../api/account';
import { DialogBox } from '../../components/ConfirmDialog';
import { toast } from '../../components/Toast';
import './login-devices.css';

/** After the report, the login page comes once the toast has been read. */
const REDIRECT_MS = 1500;

/**
 * 「身に覚えがない」 (docs/domain.md "Login history and devices"): on a `login_alert` message and on
 * each sign-in of the history. Confirmed, the server ends every session of the account — this one
 * too — and stops fund actions until the login password is changed; this device then signs out
 * locally and goes to the login page.
 */
export function NotMeButton({ loginId, className }: { loginId: string; className?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  const report = async () => {
    setBusy(true);
    try {
      await apiCall(accountApi.reportLogin, { params: { id: loginId } });
    } catch {
      setBusy(false); // the failure was shown by the client
      return;
    }
    await logout(queryClient); // the session is gone on the server: wipe this device's copy
    setConfirm(false);
    setBusy(false);
    toast(t`すべての端末からログアウトしました。再度ログインし、ログインパスワードを変更してください`, 4000);
    setTimeout(() => void navigate({ to: '/login/login', replace: true }), REDIRECT_MS);
  };

  return (
    <>
      <button type="button" className={className ?? 'btn btn--text not-me-btn'} onClick={() => setConfirm(true)} data-testid="not-me">
        <Trans>身に覚えがない</Trans>
      </button>
      {confirm ? (
        <DialogBox
          title={<Trans>身に覚えのないログインですか？</Trans>}
          confirmLabel={<Trans>ログアウトして停止する</Trans>}
          cancelLabel={<Trans>キャンセル</Trans>}
          danger
          busy={busy}
          onConfirm={() => void report()}
          onCancel={() => setConfirm(false)}
        >
          <Trans>
            この端末を含むすべての端末からログアウトし、出金・取引暗証番号の操作・出金先の変更を停止します。再度ログインしてログインパスワードを変更すると再開できます。
          </Trans>
        </DialogBox>
      ) : null}
    </>
  );
}
