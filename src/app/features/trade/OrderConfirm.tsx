import { Trans, useLingui } from '@lingui/react/macro';
import { contractValue } from '../../../shared/domain/trade-money';
import { formatLeverage, formatMoney, formatNumber } from '../../../shared/money';
import { ActionDialog } from '../../components/ConfirmDialog';
import { AccountRow } from './AccountChoice';
import { MarginRisk } from './MarginRisk';
import { OrderLegs } from './OrderLegs';
import { kindOf } from './order-type';
import { LOT_SIZE } from './ticket';
import type { TicketState } from './useOrderTicket';
import { useTicketTexts } from './useTicketTexts';

/** The confirm sheet of any side: what will be sent, then Cancel / 注文する (返済する, 売却する). */
export function OrderConfirm({ ticket }: { ticket: TicketState }) {
  const { t } = useLingui();
  const { activeSide, busy, submit, cancelConfirm, name, code, sellTone, margin, leverage, opening, openType, closeType } = ticket;
  const { lots, sellShares, closing, dayTrade, sellPrice, priceScale, sp, direction } = ticket;
  // 預り区分: what the order body carries (a sale: the account sold from; 返済: none to choose).
  const account = opening ? ticket.account : activeSide === 'cashSell' ? (ticket.sellBody?.account ?? ticket.sellInfo?.account ?? null) : null;
  const { sideText, orderTypeText } = useTicketTexts(ticket.mode, priceScale);
  // The server's own figures (GET trade/preview: orders.ts orderReserve), so the sheet shows what
  // the order command will reserve; the ticket's estimate only until the server has answered.
  const money = sp && ticket.previewFresh
    ? { contractValue: sp.contractValue, fee: sp.fee, waits: sp.waits, hold: sp.waits ? sp.reserve : sp.total, left: sp.buyingPower - (sp.waits ? sp.reserve : sp.total) }
    : null;
  return (
    <ActionDialog
      title={t`注文内容の確認`}
      confirmLabel={activeSide === 'close' ? t`返済する` : activeSide === 'cashSell' ? t`売却する` : t`注文する`}
      cancelLabel={t`キャンセル`}
      busy={busy}
      confirmDisabled={opening !== null && money === null}
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
        <AccountRow account={account} />
        {opening || kindOf(closeType) === 'oco' ? (
          <OrderLegs value={opening ? openType : closeType} priceScale={priceScale} mode={opening ? 'open' : 'close'} />
        ) : (
          <>
            <dt>
              <Trans>注文方法</Trans>
            </dt>
            <dd>{orderTypeText(closeType)}</dd>
          </>
        )}
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
        {opening && money ? (
          <>
            <dt>
              <Trans>概算約定代金</Trans>
            </dt>
            <dd className="mono">{formatMoney(money.contractValue)}</dd>
            <dt>
              <Trans>手数料</Trans>
            </dt>
            <dd className="mono">{formatMoney(money.fee)}</dd>
            <dt>
              <Trans>拘束額</Trans>
            </dt>
            <dd className="mono strong" data-testid="confirm-reserve">
              {formatMoney(money.hold)}
            </dd>
            <dt>
              <Trans>注文後の買付余力</Trans>
            </dt>
            <dd className={`mono${money.left < 0 ? ' tone-warn' : ''}`} data-testid="confirm-left">
              {formatMoney(money.left)}
            </dd>
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
      {opening && !money ? (
        <p className="small muted" role="status">
          <Trans>拘束額を計算しています…</Trans>
        </p>
      ) : null}
      {opening && money ? (
        <p className="small muted">
          {money.waits ? (
            <Trans>約定するまで拘束額を買付余力から差し引きます（買いの指値は指値、それ以外は当日の値幅上限で計算）。取り消すと戻ります。</Trans>
          ) : (
            <Trans>いまの気配ですぐに約定する見込みです。約定代金と手数料を買付余力から支払います。</Trans>
          )}
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
