import { createFileRoute, Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../components/useSiteConfig';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { requireSession } from '../-lib/guards';

/** /home/index — tab screen, kept alive. Shortcuts to the product areas; market data comes later. */
export const Route = createFileRoute('/home/index')({
  staticData: { name: 'home' },
  beforeLoad: requireSession,
  component: HomeScreen,
});

function HomeScreen() {
  const { t } = useLingui();
  const config = useSiteConfig();
  const shortcuts: { to: string; label: string; icon: string }[] = [
    { to: '/market/index', label: t`マーケット`, icon: icons.chart },
    { to: '/favorite/index', label: t`お気に入り`, icon: icons.star },
    { to: '/home/newStock', label: t`IPO`, icon: icons.gift },
    { to: '/home/blockTrade', label: t`ブロック取引`, icon: icons.layers },
    { to: '/home/dayTrading', label: t`デイトレード`, icon: icons.clock },
    { to: '/home/qcList', label: t`クオンツ`, icon: icons.pulse },
    { to: '/home/fllow', label: t`フォロー注文`, icon: icons.list },
    { to: '/information/recharge', label: t`入金`, icon: icons.deposit },
  ];
  return (
    <Page title={config.data?.title ?? 'Kabuto'} back={false} tabbed>
      <nav className="shortcuts" aria-label={t`メニュー`}>
        {shortcuts.map((s) => (
          <Link key={s.to} to={s.to} className="shortcuts__item">
            <span className="shortcuts__icon">
              <Icon d={s.icon} size={24} />
            </span>
            <span className="shortcuts__label">{s.label}</span>
          </Link>
        ))}
      </nav>
      <section className="card">
        <h2 className="card__title">
          <Trans>相場情報</Trans>
        </h2>
        <EmptyView
          compact
          icon={icons.chart}
          text={<Trans>相場情報はまだご利用いただけません</Trans>}
          hint={<Trans>提供を開始するまで、株価や指数は表示されません。</Trans>}
        />
      </section>
    </Page>
  );
}
