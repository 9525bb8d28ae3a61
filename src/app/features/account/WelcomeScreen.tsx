import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Brand } from './Brand';
import { LanguageButton } from './LanguageButton';
import { markWelcomed } from './splash';

/** /login/start1 — welcome screen: sign in or register. The splash sends a first visit here (splash.ts). */
export function WelcomeScreen() {
  const { t } = useLingui();
  useEffect(() => markWelcomed(), []);
  return (
    <div className="welcome">
      <div className="welcome__top">
        <LanguageButton />
      </div>
      <div className="welcome__center">
        <Brand tagline={t`日本株の投資アプリ`} />
      </div>
      <div className="welcome__actions">
        <Link to="/login/login" className="btn btn--primary btn--block">
          <Trans>ログイン</Trans>
        </Link>
        <Link to="/login/register" className="btn btn--secondary btn--block">
          <Trans>新規登録</Trans>
        </Link>
        <Link to="/information/aboutUs" search={{ section: 'privacy' }} className="welcome__link link">
          <Trans>プライバシーポリシー</Trans>
        </Link>
      </div>
    </div>
  );
}
