import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { isSignedIn } from '../../storage';
import { useAfterPaint } from '../../components/after-paint';
import '../../features/messaging/messaging-parts.css';

// The unread badge reads the messaging contract (zod schemas): its own chunk, so the entry that
// draws the tab bar stays free of zod, loaded after the screen's first frame so that its chunks'
// requests and its schemas are not part of the screen's first tasks
// (docs/decisions/020-first-load-and-prerender.md).
const UnreadBadge = lazy(() => import('../../features/messaging/UnreadBadge'));

/** The four routes the bottom tab bar links to (docs/product.md "Routes"). */
export const TAB_PATHS = ['/home/index', '/home/newsList', '/trade/index', '/information/index'] as const;
export type TabPath = (typeof TAB_PATHS)[number];

export function isTabPath(path: string): path is TabPath {
  return (TAB_PATHS as readonly string[]).includes(path);
}

export function TabBar() {
  const { t } = useLingui();
  const signedIn = isSignedIn();
  const painted = useAfterPaint(signedIn);
  const tabs: { to: TabPath; label: string; icon: string }[] = [
    { to: '/home/index', label: t`ホーム`, icon: icons.home },
    { to: '/home/newsList', label: t`ニュース`, icon: icons.news },
    { to: '/trade/index', label: t`取引`, icon: icons.trade },
    { to: '/information/index', label: t`マイページ`, icon: icons.mine },
  ];
  return (
    <nav className="tabbar" aria-label={t`メインメニュー`}>
      <div className="tabbar__inner">
        {tabs.map((tab) => (
          <Link
            key={tab.to}
            to={tab.to}
            className="tabbar__link"
            activeProps={{ className: 'navActive', 'aria-current': 'page' }}
            activeOptions={{ exact: true, includeSearch: false }}
          >
            <Icon d={tab.icon} size={24} />
            <span className="tabbar__label">{tab.label}</span>
            {tab.to === '/information/index' && signedIn && painted ? (
              <Suspense fallback={null}>
                <UnreadBadge />
              </Suspense>
            ) : null}
          </Link>
        ))}
      </div>
    </nav>
  );
}
