import { useCallback, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustOrderView } from '../../../shared/api/trusts';
import { formatDateTimeMinute, formatIsoDate, formatMoney, formatNumber } from '../../../shared/money';
import { ActionDialog } from '../../components/ConfirmDialog';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { AccountBadge } from '../tax-account';
import { trustOrdersQuery, useCancelTrustOrder } from './api';
import { ORDER_STATUS, trustName } from './labels';

/** 注文: my fund orders, newest first; a pending one may be cancelled until its cut-off. */
export function TrustOrders() {
  const { t, i18n } = useLingui();
  const query = useQuery(trustOrdersQuery());
  const [target, setTarget] = useState<TrustOrderView | null>(null);
  const cancel = useCancelTrustOrder(() => {
    setTarget(null);
    toast(t`注文を取り消しました`);
  });
  const close = useCallback(() => {
    cancel.end();
    setTarget(null);
  }, [cancel]);
  if (query.isPending) return <LoadingPane />;
  const items = query.data?.items ?? [];
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView compact icon={icons.alert} text={<Trans>注文を読み込めませんでした</Trans>} />
    ) : (
      <EmptyView compact text={<Trans>投資信託の注文はまだありません</Trans>} />
    );
  }
  return (
    <>
      <p className="small muted trust-sim-note">
        <Trans>15:30までの注文は当日、それ以降は翌営業日の基準価額（シミュレーション）で約定します。取消は約定日の15:30までです。</Trans>
      </p>
      <ul className="pos-list" data-testid="trust-orders">
        {items.map((o) => (
          <li key={o.id}>
            <OrderRow
              o={o}
              onCancel={() => {
                cancel.begin();
                setTarget(o);
              }}
            />
          </li>
        ))}
      </ul>
      {target ? (
        <ActionDialog
          title={t`注文の取消`}
          confirmLabel={t`取り消す`}
          cancelLabel={t`戻る`}
          busy={cancel.isPending}
          danger
          onConfirm={() => cancel.mutate({ params: { id: target.id } })}
          onCancel={close}
        >
          <p>
            <b>{trustName(target.names, i18n.locale)}</b>
          </p>
          <p>
            {target.side === 'buy' ? (
              <Trans>この買付注文を取り消します。拘束中の {formatMoney(target.reserved)} は買付可能額に戻ります。</Trans>
            ) : (
              <Trans>この解約注文を取り消します。口数は保有に戻ります。</Trans>
            )}
          </p>
        </ActionDialog>
      ) : null}
    </>
  );
}

function OrderRow({ o, onCancel }: { o: TrustOrderView; onCancel: () => void }) {
  const { i18n } = useLingui();
  const buy = o.side === 'buy';
  const done = o.status === 'filled' || o.status === 'paid';
  return (
    <div className="pos trust-order" data-testid={`trust-order-${o.id}`} data-status={o.status}>
      <div className="pos__head">
        <span className={buy ? 'trust-side tone-rise' : 'trust-side tone-fall'}>{buy ? <Trans>買付</Trans> : <Trans>解約</Trans>}</span>
        <AccountBadge account={o.account} />
        {o.source === 'plan' ? (
          <span className="tag tag--info">
            <Trans context="order source">積立</Trans>
          </span>
        ) : o.source === 'reinvest' ? (
          <span className="tag tag--info">
            <Trans>再投資</Trans>
          </span>
        ) : null}
        <span className={`status status--trust-${o.status}`}>{i18n._(ORDER_STATUS[o.status])}</span>
      </div>
      <Link to="/home/trust" search={{ id: o.fundId }} className="trust-link strong">
        {trustName(o.names, i18n.locale)}
      </Link>
      <dl className="trust-figures">
        <div>
          <dt>
            <Trans>約定日</Trans>
          </dt>
          <dd className="mono">{formatIsoDate(o.navDate)}</dd>
        </div>
        <div>
          <dt>
            <Trans>注文</Trans>
          </dt>
          <dd className="mono">
            {o.mode === 'amount' && o.amount !== null ? (
              formatMoney(o.amount)
            ) : o.mode === 'all' ? (
              <Trans>全部</Trans>
            ) : o.unitsAsked !== null ? (
              <Trans>{formatNumber(o.unitsAsked)}口</Trans>
            ) : (
              '—'
            )}
          </dd>
        </div>
        {o.status === 'pending' && buy ? (
          <div>
            <dt>
              <Trans>拘束額</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.reserved)}</dd>
          </div>
        ) : null}
        {done && o.nav !== null ? (
          <div>
            <dt>
              <Trans>約定基準価額</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.nav)}</dd>
          </div>
        ) : null}
        {done && o.units !== null ? (
          <div>
            <dt>
              <Trans>約定口数</Trans>
            </dt>
            <dd className="mono">
              <Trans>{formatNumber(o.units)}口</Trans>
            </dd>
          </div>
        ) : null}
        {done && buy && o.value !== null ? (
          <div>
            <dt>
              <Trans>受渡金額</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.value + (o.fee ?? 0))}</dd>
          </div>
        ) : null}
        {done && buy && o.fee ? (
          <div>
            <dt>
              <Trans>購入時手数料</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.fee)}</dd>
          </div>
        ) : null}
        {done && !buy && o.proceeds !== null ? (
          <div>
            <dt>
              <Trans>解約代金（留保額控除後）</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.proceeds)}</dd>
          </div>
        ) : null}
        {done && !buy && o.retention ? (
          <div>
            <dt>
              <Trans>信託財産留保額</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.retention)}</dd>
          </div>
        ) : null}
        {!buy && o.settleDate ? (
          <div>
            <dt>
              <Trans>受渡日</Trans>
            </dt>
            <dd className="mono">{formatIsoDate(o.settleDate)}</dd>
          </div>
        ) : null}
        {!buy && o.tax !== null ? (
          <div>
            <dt>
              <Trans>源泉徴収税額</Trans>
            </dt>
            <dd className="mono">{formatMoney(o.tax)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="trust-row__foot small muted">
        <span>
          <Trans>注文日時 {formatDateTimeMinute(o.orderedAt)}</Trans>
        </span>
        {o.cancellableUntil !== null ? (
          <button type="button" className="btn btn--secondary trust-actions__btn" onClick={onCancel} data-testid="trust-order-cancel">
            <Trans>取消</Trans>
          </button>
        ) : null}
      </div>
      {o.cancellableUntil !== null ? (
        <p className="small muted">
          <Trans>{formatDateTimeMinute(o.cancellableUntil)} まで取り消せます</Trans>
        </p>
      ) : null}
      {o.status === 'failed' && o.reason ? <p className="small tone-warn">{translateMessage(o.reason, undefined, getLanguage())}</p> : null}
    </div>
  );
}
