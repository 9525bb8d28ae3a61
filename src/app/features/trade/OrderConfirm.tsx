import { Trans, useLingui } from '@lingui/react/macro';
import { contractValue } from '../../../shared/domain/trade-money';
import { formatLeverage, formatMoney, formatNumber } from '../../../shared/money';
import { ActionDialog } from '../../components/ConfirmDialog';
import { MarginRisk } from './MarginRisk';
import { kindOf } from './order-type';
import { LOT_SIZE } from './ticket';
import type { TicketState } from './useOrderTicket';
import { useTicketTexts } from './useTicketTexts';

/** The confirm sheet of any side: what will be sent, then Cancel / 注文する (返済する, 売却する). */
export function OrderConfirm({ ticket }: { ticket: TicketState }) {
  const { t } = useLingui();
  const { activeSide, busy, submit, cancelConfirm, name, code, sellTone, margin, leverage, opening, openType, closeType } = ticket;
  const { lots, sellShares, closing, dayTrade, preview, sellPrice, priceScale, sp, direction } = ticket;
  const { sideText, orderTypeText } = useTicketTexts(ticket.mode, priceScale);
  return (
    <ActionDialog
      title={t`注文内容の確認`}
      confirmLabel={activeSide === 'close' ? t`返済する` : activeSide === 'cashSell' ? t`売却する` : t`注文する`}
      cancelLabel={t`キャンセル`}
      busy={busy}
      onConfirm={submit}
      onCancel={cancelConfirm}
    >
      <dl className="kv">
        <dt>
          <Trans>銘柄</Trans>
        </dt>
        <dd>
          {name} <span className="mono">{code}</span>
        </dd>
        <dt>
          <Trans>取引区分</Trans>
        </dt>
        <dd className={sellTone ? 'tone-fall' : 'tone-rise'}>
          {sideText[activeSide]}
          {margin ? ` ${formatLeverage(leverage)}` : ''}
        </dd>
        <dt>
          <Trans>注文方法</Trans>
        </dt>
        <dd>{orderTypeText(opening ? openType : closeType)}</dd>
        <dt>
          <Trans>数量</Trans>
        </dt>
        <dd>
          {opening ? (
            <Trans>
              {formatNumber(lots)}単元（{formatNumber(lots * LOT_SIZE)}株）
            </Trans>
          ) : activeSide === 'cashSell' && sellShares !== null ? (
            <Trans>{formatNumber(sellShares)}株</Trans>
          ) : closing ? (
            <Trans>{formatNumber(closing.shares)}株</Trans>
          ) : null}
        </dd>
        {dayTrade && opening ? (
          <>
            <dt>
              <Trans>いちにち信用</Trans>
            </dt>
            <dd>
              <Trans>大引けで自動返済</Trans>
            </dd>
          </>
        ) : null}
        {opening && preview ? (
          <>
            <dt>
              <Trans>概算約定代金</Trans>
            </dt>
            <dd className="mono">{formatMoney(preview.contractValue)}</dd>
            <dt>
              <Trans>手数料</Trans>
            </dt>
            <dd className="mono">{formatMoney(preview.fee)}</dd>
            <dt>
              <Trans>拘束する資金</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(preview.total)}</dd>
          </>
        ) : null}
        {activeSide === 'cashSell' && sellShares !== null && sellPrice !== null ? (
          <>
            <dt>
              <Trans>概算売却代金</Trans>
            </dt>
            <dd className="mono strong">{formatMoney(contractValue(sellPrice, sellShares, priceScale))}</dd>
          </>
        ) : null}
      </dl>
      {margin ? <MarginRisk risk={sp?.risk ?? null} short={direction === 'down'} dayTrade={dayTrade} /> : null}
      {activeSide === 'cashSell' ? (
        <p className="small muted">
          <Trans>古い買付から順に売却します。新たな売建（空売り）にはなりません。</Trans>
        </p>
      ) : null}
      {kindOf(opening ? openType : closeType) === 'market' ? (
        <p className="small muted">
          <Trans>成行注文は約定時の価格で約定します。金額は現在の気配による概算です。</Trans>
        </p>
      ) : null}
    </ActionDialog>
  );
}
