import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Brand } from './Brand';
import { LanguageButton } from './LanguageButton';
import { markWelcomed } from './splash';
import './welcome.css';

/**
 * /login/start1 — welcome screen: sign in or register. The splash sends a first visit here
 * (splash.ts). It says in plain words what is simulated and how money comes in (README, docs/domain.md
 * "Deposits"), before anyone registers.
 */
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
      <section className="welcome__about" aria-labelledby="welcome-about-title" data-testid="welcome-simulated">
        <h2 id="welcome-about-title" className="welcome__about-title">
          <Trans>はじめにお読みください</Trans>
        </h2>
        <ul className="welcome__about-list">
          <li>
            <Trans>株価・指数・板などの相場はシミュレーションです。実際の取引所の相場ではありません。</Trans>
          </li>
          <li>
            <Trans>注文は、このシミュレーションの相場で約定します。</Trans>
          </li>
          <li>
            <Trans>入金は本人確認のあと、お客様の振込をスタッフが確認してから反映されます。</Trans>
          </li>
          <li>
            <Trans>アプリがお金を送金したり引き落としたりすることはありません。実際のお金が動くのは、運営者が実在の口座で入出金を取り扱う場合だけです。</Trans>
          </li>
        </ul>
      </section>
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
