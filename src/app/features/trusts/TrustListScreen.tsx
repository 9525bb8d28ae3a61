import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { Tabs } from '../../components/Segmented';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { TrustCatalogue } from './TrustCatalogue';
import { TrustHoldings } from './TrustHoldings';
import { TrustOrders } from './TrustOrders';
import '../../components/positions.css';
import './trusts.css';

const route = getRouteApi('/home/trusts');
type Tab = 'funds' | 'holdings' | 'orders';

/** /home/trusts?tab= — 投資信託: ファンド一覧 (search, filters, ranking), 保有, 注文. */
export function TrustListScreen() {
  const { t } = useLingui();
  const tab: Tab = route.useSearch().tab ?? 'funds';
  const navigate = useNavigate();
  return (
    <Page
      title={t`投資信託`}
      fallback="/home/index"
      right={
        <Link to="/home/tsumitate" className="icon-btn" aria-label={t`積立`} title={t`積立`}>
          <Icon d={icons.refresh} size={22} />
        </Link>
      }
    >
      <div className="trusts">
        <Tabs<Tab>
          label={t`投資信託のタブ`}
          value={tab}
          onChange={(v) => void navigate({ to: '/home/trusts', search: { tab: v === 'funds' ? undefined : v }, replace: true })}
          tabs={[
            { value: 'funds', label: t`ファンド一覧` },
            { value: 'holdings', label: t({ context: 'trust tab', message: '保有' }) },
            { value: 'orders', label: t({ context: 'trust tab', message: '注文' }) },
          ]}
        />
        {tab === 'funds' ? <TrustCatalogue /> : tab === 'holdings' ? <TrustHoldings /> : <TrustOrders />}
      </div>
    </Page>
  );
}
