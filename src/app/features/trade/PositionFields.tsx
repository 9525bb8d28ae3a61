import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { PriceType } from '../../../shared/domain/position';
import { formatDateTime, formatIsoDate, formatLeverage, formatMoney, formatNumber, formatPercent, formatPriceYen } from '../../../shared/money';
import { InfoRow } from '../../components/Menu';
import { Signed } from '../../components/Signed';
import { BUSINESS_TEXT, CLOSE_REASON_TEXT, PRICE_TYPE_TEXT, STATUS_TEXT, sideText } from './labels';
import type { PositionView } from './api';
import { ORDER_KIND_TEXT, isUnfilledCashOrder, openingOrder, orderLabelKind } from './order-label';
import { displayName } from '../../../shared/market/local-names';

/** Every field of a position, one row each (PositionBody, PositionDetail.tsx's screen). */
export function PositionFields({ p, held, open }: { p: PositionView; held: boolean; open: boolean }) {
  const { t, i18n } = useLingui();
  const name = displayName({ code: p.code, nameJa: p.name, nameEn: p.nameEn }, i18n.locale);
  const row = (label: ReactNode, value: ReactNode) => <InfoRow label={label} value={value} />;
  const price = (v: number | null) => <span className="mono">{formatPriceYen(v, p.priceScale, p.currency)}</span>;
  const money = (v: number | null) => <span className="mono">{v === null ? '—' : formatMoney(v, p.currency)}</span>;
  const time = (v: number | null) => <span className="mono">{v === null ? '—' : formatDateTime(v)}</span>;
  const blockPrice = formatPriceYen(p.buyPrice ?? p.limitPrice, p.priceScale, p.currency);
  // An order carrying its close is named IFD / IFDOCO before its entry (order-label.ts), as the lists name it.
  const kind = orderLabelKind(openingOrder(p));
  const carried = kind === 'ifd' || kind === 'ifdoco' ? i18n._(ORDER_KIND_TEXT[kind]) : null;

  return (
    <ul className="info-list card" aria-label={t`建玉の内容`}>
      {row(<Trans>注文番号</Trans>, <span className="mono">{p.orderNo}</span>)}
      {row(<Trans>銘柄</Trans>, <>{name} <span className="mono">{p.code}</span></>)}
      {row(<Trans>取引種別</Trans>, i18n._(BUSINESS_TEXT[p.businessType]))}
      {row(
        <Trans>売買方向</Trans>,
        <span className={p.direction === 'up' ? 'tone-rise' : 'tone-fall'}>
          {p.direction === 'up' ? '▲' : '▼'} {i18n._(sideText(p))}
        </span>,
      )}
      {row(
        <Trans>注文種別</Trans>,
        p.businessType === 'block' ? (
          // A block purchase is bought at the offer's fixed price: no 指値 of the user's.
          <Trans>ブロック取引（購入価格 {blockPrice}）</Trans>
        ) : (
          <span data-testid="order-kind">
            {carried ? <>{carried} </> : null}
            <OrderLine type={p.priceType} limit={p.limitPrice} trigger={p.trigger} triggeredAt={p.triggeredAt} stop={null} scale={p.priceScale} />
          </span>
        ),
      )}
      {p.condition ? row(<Trans>執行条件</Trans>, i18n._(CONDITION_TEXT[p.condition])) : null}
      {p.status === 'pending' && p.expiresAt !== null ? row(<Trans>有効期限</Trans>, time(p.expiresAt)) : null}
      {p.thenClose && (p.status === 'pending' || p.status === 'cancelled')
        ? row(
            <Trans>約定後の決済注文</Trans>,
            <OrderLine type={p.thenClose.type} limit={p.thenClose.price ?? null} trigger={p.thenClose.trigger ?? null} triggeredAt={null} stop={p.thenClose.stop ?? null} scale={p.priceScale} />,
          )
        : null}
      {row(<Trans>状態</Trans>, i18n._(STATUS_TEXT[p.status]))}
      {row(<Trans>注文日時</Trans>, time(p.placedAt))}
      {row(<Trans>新規約定日時</Trans>, time(p.buyTime))}
      {row(<Trans>新規約定単価</Trans>, price(p.buyPrice))}
      {row(
        <Trans>数量</Trans>,
        <span className="mono">
          {p.lots !== null ? <Trans>{formatNumber(p.lots)}単元（{formatNumber(p.quantity)}株）</Trans> : <Trans>{formatNumber(p.quantity)}株</Trans>}
        </span>,
      )}
      {row(<Trans>決済日時</Trans>, time(p.sellTime))}
      {row(<Trans>決済単価</Trans>, price(p.sellPrice))}
      {!isUnfilledCashOrder(p) ? row(<Trans>元本（証拠金）</Trans>, money(p.principal)) : null}
      {row(<Trans>レバレッジ</Trans>, <span className="mono">{p.leverage === 1 ? t`1×（現物）` : formatLeverage(p.leverage)}</span>)}
      {row(<Trans>約定代金</Trans>, money(p.contractValue))}
      {row(open ? <Trans>現在値</Trans> : <Trans>決済時の価格</Trans>, price(p.marketPrice))}
      {row(<Trans>評価額</Trans>, money(p.marketValue))}
      {row(
        <Trans>手数料</Trans>,
        <span className="mono">
          {formatMoney(p.fee, p.currency)}
          <span className="muted small">
            {' '}
            <Trans>
              （新規 {formatMoney(p.openFee, p.currency)} ・ 決済 {formatMoney(p.closeFee, p.currency)}）
            </Trans>
          </span>
        </span>,
      )}
      {row(p.direction === 'up' ? <Trans>金利</Trans> : <Trans>貸株料</Trans>, money(p.interest))}
      {row(
        <Trans>税金</Trans>,
        <span className="mono">
          {formatMoney(p.tax, p.currency)}
          {p.tax < 0 ? (
            <span className="muted small">
              {' '}
              <Trans>（還付）</Trans>
            </span>
          ) : null}
        </span>,
      )}
      {row(<Trans>売買損益</Trans>, <Signed value={p.pnl} currency={p.currency} />)}
      {row(<Trans>純損益（手数料・金利・税金差引後）</Trans>, <Signed value={p.netPnl} currency={p.currency} />)}
      {p.status === 'pending' ? row(<Trans>拘束中の資金</Trans>, money(p.reserved)) : null}
      {p.maintenanceRatioBp !== null && held && p.leverage > 1
        ? row(<Trans>維持率</Trans>, <span className="mono">{formatPercentBp(p.maintenanceRatioBp)}</span>)
        : null}
      {p.sellableFrom ? row(<Trans>売却可能日（T+N）</Trans>, <span className="mono">{formatIsoDate(p.sellableFrom)}</span>) : null}
      {p.lockedUntil ? row(<Trans>ロック解除日</Trans>, <span className="mono">{formatIsoDate(p.lockedUntil)}</span>) : null}
      {p.dayTrade && p.autoCloseAt !== null ? row(<Trans>自動決済</Trans>, time(p.autoCloseAt)) : null}
      {p.closeType
        ? row(
            <Trans>決済注文</Trans>,
            <OrderLine type={p.closeType} limit={p.closeLimitPrice} trigger={p.closeTrigger} triggeredAt={p.closeTriggeredAt} stop={p.closeStop} scale={p.priceScale} />,
          )
        : null}
      {p.status === 'closing' && p.closeExpiresAt !== null ? row(<Trans>決済注文の有効期限</Trans>, time(p.closeExpiresAt)) : null}
      {p.closeReason ? row(<Trans>決済理由</Trans>, i18n._(CLOSE_REASON_TEXT[p.closeReason])) : null}
    </ul>
  );
}

/** A ratio in basis points as a level: 2540 → "25.40%". */
export function formatPercentBp(bp: number): string {
  return formatPercent(bp, { sign: false });
}

const CONDITION_TEXT = {
  open: msg({ message: '寄付' }),
  close: msg({ message: '引け' }),
  funari: msg({ message: '不成' }),
} as const;

/**
 * An order as the user chose it: 成行 / 指値 X, 逆指値 (trigger, whether reached, then 成行 or 指値),
 * or an OCO's two legs (take-profit limit, stop-loss).
 */
function OrderLine(props: { type: PriceType; limit: number | null; trigger: number | null; triggeredAt: number | null; stop: number | null; scale: number }) {
  const { i18n } = useLingui();
  const yen = (v: number) => <span className="mono">{formatPriceYen(v, props.scale)}</span>;
  const base = (
    <>
      {i18n._(PRICE_TYPE_TEXT[props.type])}
      {props.type === 'limit' && props.limit !== null ? <> {yen(props.limit)}</> : null}
    </>
  );
  if (props.stop !== null && props.limit !== null) {
    const take = yen(props.limit);
    const stop = yen(props.stop);
    return (
      <span className="pos-order">
        <Trans>OCO：利益確定 指値 {take} ／ 損切り 逆指値 {stop}（発動で成行）</Trans>
      </span>
    );
  }
  if (props.trigger !== null) {
    const trigger = yen(props.trigger);
    return (
      <span className="pos-order">
        <Trans>逆指値 {trigger} で発動 → {base}</Trans>
        {props.triggeredAt !== null ? (
          <span className="muted small">
            {' '}
            <Trans>（発動済み）</Trans>
          </span>
        ) : (
          <span className="muted small">
            {' '}
            <Trans>（未発動）</Trans>
          </span>
        )}
      </span>
    );
  }
  return base;
}
