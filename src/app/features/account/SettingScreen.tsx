import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { logout } from '../../api/account';
import { getLanguage } from '../../storage';
import { ENDONYM } from '../../i18n/languages';
import { Page } from '../../components/Page';
import { MenuGroup, MenuLink } from '../../components/Menu';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FullScreenLoading } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { PasskeySection } from './PasskeySection';
import { ThemeSection } from './ThemeSection';

/** After logging out, the login page comes after 1 s. */
export const LOGOUT_REDIRECT_MS = 1000;

/** /information/setting — settings and logout. */
export function SettingScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  const doLogout = async () => {
    setConfirm(false);
    setBusy(true);
    try {
      await logout(queryClient); // revoke on the server (best effort), wipe cache and storage
    } finally {
      setBusy(false);
    }
    toast(t`ログアウトしました`);
    setTimeout(() => void navigate({ to: '/login/login', replace: true }), LOGOUT_REDIRECT_MS);
  };

  return (
    <Page title={t`設定`} fallback="/information/index">
      <MenuGroup>
        <MenuLink to="/information/changeLang" icon={icons.globe} label={<Trans>言語</Trans>} value={ENDONYM[getLanguage()]} />
        <MenuLink to="/information/loginPass" icon={icons.lock} label={<Trans>ログインパスワードの変更</Trans>} />
        <MenuLink to="/information/fundPass" icon={icons.key} label={<Trans>取引暗証番号</Trans>} />
        <MenuLink to="/information/userInfo" icon={icons.user} label={<Trans>お客様情報</Trans>} />
        <MenuLink to="/information/aboutUs" icon={icons.info} label={<Trans>会社概要・プライバシーポリシー</Trans>} />
      </MenuGroup>
      <ThemeSection />
      <PasskeySection />
      <div className="page__actions">
        <button type="button" className="btn btn--danger btn--block" onClick={() => setConfirm(true)} disabled={busy}>
          <Trans>ログアウト</Trans>
        </button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={<Trans>ログアウトしますか？</Trans>}
        body={<Trans>この端末に保存された表示用のデータも削除されます。</Trans>}
        confirmLabel={<Trans>ログアウト</Trans>}
        cancelLabel={<Trans>キャンセル</Trans>}
        danger
        onConfirm={() => void doLogout()}
        onCancel={() => setConfirm(false)}
      />
      {busy ? <FullScreenLoading label={t`ログアウトしています…`} /> : null}
    </Page>
  );
}
