import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { dayPositionsQuery } from './api';
import { OrderTicket } from './OrderTicket';
import { PositionRow } from './holdings/PositionList';
import { Page } from '../../components/Page';
import { AutoCloseCountdown, useMarketOffset } from './AutoCloseCountdown';
import './trade.css';

const OPEN = ['pending', 'holding', 'closing'];

/**
 * Day trading (いちにち信用): the ticket with day trade fixed on (margin sides), then today's day trades. Open
 * ones show the countdown to their automatic close in the closing auction (15:25–15:30).
 */
export function DayTrading() {
  const { t } = useLingui();
  const query = useQuery(dayPositionsQuery());
  const items = query.data ?? [];
  const open = items.filter((p) => OPEN.includes(p.status));
  const done = items.filter((p) => !OPEN.includes(p.status)).slice(0, 20);
  const offset = useMarketOffset(open[0]?.code ?? null);
  return (
    <>
      <p className="notice">
        <Icon d={icons.clock} size={18} />
        <span>
          <Trans>
            いちにち信用の建玉は、その日の大引け（15:25〜15:30のクロージング・オークション）で自動的に返済されます。金利・貸株料はかかりません。15:25以降は新しいいちにち信用の注文を受け付けません。
          </Trans>
        </span>
      </p>
      <OrderTicket dayTrade="fixed" />

      <section aria-label={t`いちにち信用の建玉`} className="day-list">
        <h2 className="card__title">
          <Trans>本日のいちにち信用</Trans>
        </h2>
        {query.isPending ? (
          <LoadingPane />
        ) : open.length === 0 ? (
          <EmptyView compact icon={icons.inbox} text={<Trans>保有中のいちにち信用の建玉はありません</Trans>} />
        ) : (
          <ul className="pos-list">
            {open.map((p) => (
              <PositionRow
                key={p.id}
                p={p}
                compact
                footer={p.autoCloseAt !== null && p.status !== 'pending' ? <AutoCloseCountdown at={p.autoCloseAt} offset={offset} /> : null}
              />
            ))}
          </ul>
        )}
        {done.length > 0 ? (
          <>
            <h3 className="card__title day-list__sub">
              <Trans>返済済み</Trans>
            </h3>
            <ul className="pos-list">
              {done.map((p) => (
                <PositionRow key={p.id} p={p} compact />
              ))}
            </ul>
          </>
        ) : null}
      </section>
    </>
  );
}

/** /home/dayTrading — the day-trade ticket and today's day trades with the auto-close countdown. */
export function DayTradingScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`いちにち信用`}>
      <DayTrading />
    </Page>
  );
}
