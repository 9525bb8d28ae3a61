import { useLingui } from '@lingui/react/macro';
import { Tabs } from '../../components/Segmented';
import { PositionList, type PositionGroup } from '../../components/trade/PositionList';
import './trade.css';

/** The positions under the ticket: held / waiting for a fill / finished, each with live P/L. */
export function PositionTabs({ tab, onTab }: { tab: PositionGroup; onTab: (t: PositionGroup) => void }) {
  const { t } = useLingui();
  return (
    <section className="positions" aria-label={t`建玉一覧`}>
      <Tabs
        label={t`建玉の状態`}
        value={tab}
        onChange={onTab}
        tabs={[
          { value: 'open', label: t`保有中` },
          { value: 'pending', label: t`注文中` },
          { value: 'done', label: t`決済・取消` },
        ]}
      />
      <div className="positions__body">
        <PositionList group={tab} />
      </div>
    </section>
  );
}
