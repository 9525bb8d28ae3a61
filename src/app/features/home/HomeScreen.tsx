import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../api/site-config';
import { Page } from '../../components/Page';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Tabs } from '../../components/Segmented';
import { BlockOfferList } from '../block';
import { OfferingList } from '../ipo';
import { IndexTicker } from '../market';
import { PositionList } from '../trade';
import { AssetSummary } from '../funds';
import { FundList } from '../strategies';
import { OnboardingCard } from './OnboardingCard';

/**
 * /home/index — tab screen, kept alive: the indices, shortcuts to the product areas, the asset
 * summary (総資産, 当日損益, 資産推移), for a new user the 口座開設 checklist, and the
 * home tabs: Inventory (the user's open positions), IPO, Big deal (block-trade offers) and
 * Quantitative. Quantitative funds are not built yet and say so. The home screen shows
 * pieces of several areas, so everything it shows comes from components/.
 */
type HomeTab = 'inventory' | 'ipo' | 'block' | 'quant';

export function HomeScreen() {
  const { t } = useLingui();
  const config = useSiteConfig();
  const [tab, setTab] = useState<HomeTab>('inventory');
  const shortcuts: { to: string; label: string; icon: string }[] = [
    { to: '/market/index', label: t`マーケット`, icon: icons.chart },
    { to: '/favorite/index', label: t`お気に入り`, icon: icons.star },
    { to: '/home/newStock', label: t`IPO`, icon: icons.gift },
    { to: '/home/blockTrade', label: t`ブロック取引`, icon: icons.layers },
    { to: '/home/dayTrading', label: t`いちにち信用`, icon: icons.clock },
    { to: '/home/qcList', label: t`クオンツ`, icon: icons.pulse },
    { to: '/home/fllow', label: t`フォロー注文`, icon: icons.list },
    { to: '/home/trusts', label: t`投信`, icon: icons.wallet },
    { to: '/home/tsumitate', label: t`積立`, icon: icons.refresh },
    { to: '/information/recharge', label: t`入金`, icon: icons.deposit },
  ];
  return (
    <Page title={config.data?.title ?? 'Kabuto'} back={false} tabbed>
      <IndexTicker />
      <OnboardingCard />
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
      <AssetSummary />
      <section className="home-tabs positions" aria-label={t`ホームのタブ`}>
        <Tabs
          label={t`ホームのタブ`}
          value={tab}
          onChange={setTab}
          tabs={[
            { value: 'inventory', label: t`保有銘柄` },
            { value: 'ipo', label: t`IPO` },
            { value: 'block', label: t`ブロック取引` },
            { value: 'quant', label: t`クオンツ` },
          ]}
        />
        {tab === 'inventory' ? (
          <>
            <PositionList group="open" compact />
            <Link to="/trade/index" className="btn btn--secondary btn--block">
              <Trans>取引画面へ</Trans>
            </Link>
          </>
        ) : tab === 'ipo' ? (
          <>
            <OfferingList limit={3} />
            <Link to="/home/newStock" className="btn btn--secondary btn--block">
              <Trans>すべての案件を見る</Trans>
            </Link>
          </>
        ) : tab === 'block' ? (
          <>
            <BlockOfferList limit={3} />
            <Link to="/home/blockTrade" className="btn btn--secondary btn--block">
              <Trans>すべての案件を見る</Trans>
            </Link>
          </>
        ) : (
          <>
            <FundList kind="quant" limit={3} />
            <Link to="/home/qcList" className="btn btn--secondary btn--block">
              <Trans>すべてのクオンツファンドを見る</Trans>
            </Link>
          </>
        )}
      </section>
    </Page>
  );
}
