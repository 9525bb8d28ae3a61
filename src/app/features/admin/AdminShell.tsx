import { useEffect, useRef } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import './admin.css';

/**
 * The back office frame: a side nav on a wide screen, a scrolling menu row under the title on a
 * phone (admin.css switches at 900 px). Its screens render in the outlet.
 */
export function AdminShell() {
  const { t } = useLingui();
  const nav = useRef<HTMLElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // On a phone the menu row scrolls sideways: keep the current screen's entry in sight.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [path]);
  const items = [
    { to: '/admin/users', icon: icons.user, label: t`利用者` },
    { to: '/admin/kyc', icon: icons.idcard, label: t`本人確認 審査` },
    { to: '/admin/marginAccounts', icon: icons.shield, label: t`信用口座 審査` },
    { to: '/admin/nisa', icon: icons.layers, label: t`NISA 審査` },
    { to: '/admin/deposits', icon: icons.wallet, label: t`入金審査` },
    { to: '/admin/depositChannels', icon: icons.card, label: t`入金方法` },
    { to: '/admin/withdrawals', icon: icons.withdraw, label: t`出金審査` },
    { to: '/admin/loans', icon: icons.card, label: t`融資・貸株` },
    { to: '/admin/config', icon: icons.settings, label: t`設定` },
    { to: '/admin/block', icon: icons.layers, label: t`ブロック取引` },
    { to: '/admin/ipo', icon: icons.gift, label: t`IPO・公募` },
    { to: '/admin/strategies', icon: icons.pulse, label: t`ファンド運用` },
    { to: '/admin/trusts', icon: icons.chart, label: t`投資信託` },
    { to: '/admin/planRuns', icon: icons.refresh, label: t`積立の実行` },
    { to: '/admin/documents', icon: icons.mail, label: t`交付書面` },
    { to: '/admin/audit', icon: icons.list, label: t`監査ログ` },
    { to: '/admin/support', icon: icons.support, label: t`サポート受信箱` },
    { to: '/admin/news', icon: icons.news, label: t`お知らせ・記事` },
  ] as const;
  return (
    <div className="admin-shell">
      <header className="admin-bar">
        <Link to="/information/index" className="admin-bar__back" aria-label={t`マイページに戻る`}>
          <Icon d={icons.back} size={22} />
        </Link>
        <h1 className="admin-bar__title">
          <Trans>管理画面</Trans>
        </h1>
      </header>
      <nav ref={nav} className="admin-nav" aria-label={t`管理メニュー`}>
        {items.map((item) => (
          <Link key={item.to} to={item.to} className="admin-nav__link" activeProps={{ className: 'admin-nav__link navActive', 'aria-current': 'page' }}>
            <Icon d={item.icon} size={20} />
            <span>{item.label}</span>
          </Link>
        ))}
      </nav>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
