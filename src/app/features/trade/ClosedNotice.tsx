import { Trans } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

/** Orders are not taken now (the last GET trade/preview), or no いちにち信用 after 15:25; every side shows it. */
export function ClosedNotice({ closedNow, acceptsOrders }: { closedNow: boolean; acceptsOrders: boolean | undefined }) {
  if (!closedNow) return null;
  return (
    <p className="notice notice--warn" role="status">
      <Icon d={icons.clock} size={18} />
      <span>
        {acceptsOrders ? (
          <Trans>15:25以降はいちにち信用の注文を受け付けていません。</Trans>
        ) : (
          <Trans>現在は注文を受け付けていません。注文の受付は取引日の8:00〜15:30です。</Trans>
        )}
      </span>
    </p>
  );
}
