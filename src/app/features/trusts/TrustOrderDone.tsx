import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustOrderView } from '../../../shared/api/trusts';
import { formatDateTimeMinute, formatIsoDate, formatMoney } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { ACCOUNT_NAME } from '../tax-account';

/** The fund ticket once the order is taken: what it reserved and until when it may be cancelled. */
export function TrustOrderDone({ order }: { order: TrustOrderView }) {
  const { i18n } = useLingui();
  const buy = order.side === 'buy';
  return (
    <section className="card trust-done" data-testid="trust-done" role="status">
      <h2 className="card__title">
        <Icon d={icons.check} size={20} /> {buy ? <Trans>買付注文を受け付けました</Trans> : <Trans>解約注文を受け付けました</Trans>}
      </h2>
      <dl className="kv">
        <dt>
          <Trans>預り区分</Trans>
        </dt>
        <dd>{i18n._(ACCOUNT_NAME[order.account])}</dd>
        <dt>
          <Trans>約定日</Trans>
        </dt>
        <dd className="mono">{formatIsoDate(order.navDate)}</dd>
        {buy ? (
          <>
            <dt>
              <Trans>拘束額</Trans>
            </dt>
            <dd className="mono">{formatMoney(order.reserved)}</dd>
          </>
        ) : null}
        {order.cancellableUntil !== null ? (
          <>
            <dt>
              <Trans>取消期限</Trans>
            </dt>
            <dd className="mono">{formatDateTimeMinute(order.cancellableUntil)}</dd>
          </>
        ) : null}
      </dl>
      <p className="small muted">
        <Trans>約定日の17:00以降に基準価額が算出されると、口数と金額が確定します。</Trans>
      </p>
      <div className="trust-buttons">
        <Link to="/home/trusts" search={{ tab: 'orders' }} className="btn btn--primary">
          <Trans>注文一覧へ</Trans>
        </Link>
        <Link to="/home/trust" search={{ id: order.fundId }} className="btn btn--secondary">
          <Trans>ファンドに戻る</Trans>
        </Link>
      </div>
    </section>
  );
}
