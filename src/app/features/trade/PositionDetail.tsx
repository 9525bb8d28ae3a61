import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tradeApi } from '../../../shared/api/trade';
import type { PriceType } from '../../../shared/domain/position';
import type { DataOf, QueryOf } from '../../../shared/api/endpoint';
import { endpointQuery } from '../../api/query';
import {
  formatDateTime,
  formatIsoDate,
  formatLeverage,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatPriceYen,
} from '../../../shared/money';
import { useMoneyCommand } from '../../api/money-command';
import { InfoRow } from '../../components/Menu';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { toast } from '../../components/Toast';
import { Page } from '../../components/Page';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Signed } from '../../components/Signed';
import { Stepper } from '../../components/Stepper';
import { BUSINESS_TEXT, CLOSE_REASON_TEXT, PRICE_TYPE_TEXT, STATUS_TEXT, sideText } from './labels';
import { alertText, alertTone } from './alert-texts';
import { positionQuery, quoteQuery, tradeCommand, type CloseBody, type PositionView } from './api';
import { canStepPrice, limitRefusal, parsePriceInput, stepLimitPrice, type PriceRules, type TicketQuote } from './ticket';
import { LimitPriceNotice } from './LimitPriceNotice';
import { AutoCloseCountdown, useMarketOffset } from './AutoCloseCountdown';
import { DEFAULT_ORDER_TYPE, OrderTypeFields, orderTypeBody, orderTypeReady, type OrderTypeValue } from './OrderTypeFields';
import { estimatePriceOf, kindOf, reached, sideOf, stopLegPrice, tokyoToday } from './order-type';
import '../../components/positions.css';
import './trade.css';

const HELD = ['holding', 'closing', 'in_progress'];

/** Every field of a position, the notices, and close / cancel. */
export function PositionDetail({ id }: { id: string }) {
  const query = useQuery(positionQuery(id));
  const p = query.data;
  if (!p) {
    if (query.isError) {
      return <EmptyView icon={icons.alert} text={<Trans>この注文は見つかりませんでした</Trans>} hint={<Trans>通信状態をご確認のうえ、もう一度お試しください。</Trans>} />;
    }
    return (
      <LoadingPane size={28} />
    );
  }
  return <PositionBody p={p} />;
}

function PositionBody({ p }: { p: PositionView }) {
  const { t, i18n } = useLingui();
  const name = i18n.locale === 'ja' ? p.name : p.nameEn;
  const held = HELD.includes(p.status);
  const open = held || p.status === 'pending';
  const offset = useMarketOffset(open ? p.code : null);
  const [dialog, setDialog] = useState<'close' | 'cancel' | 'amend' | null>(null);
  const row = (label: ReactNode, value: ReactNode) => <InfoRow label={label} value={value} />;
  const price = (v: number | null) => <span className="mono">{formatPriceYen(v, p.priceScale, p.currency)}</span>;
  const money = (v: number | null) => <span className="mono">{v === null ? '—' : formatMoney(v, p.currency)}</span>;
  const time = (v: number | null) => <span className="mono">{v === null ? '—' : formatDateTime(v)}</span>;

  return (
    <>
      <section className="card pos-head">
        <div className="pos__head">
          <span className="pos__name pos__name--lg">{name}</span>
          <span className="pos__code mono">{p.code}</span>
          <span className={`status status--${p.status}`}>{i18n._(STATUS_TEXT[p.status])}</span>
        </div>
        {p.status === 'pending' ? (
          <div className="pos-head__pnl">
            <span className="muted small">
              <Trans>拘束中の資金</Trans>
            </span>
            <span className="pos-head__pnl-value mono strong">{formatMoney(p.reserved, p.currency)}</span>
          </div>
        ) : p.buyTime !== null ? (
          <div className="pos-head__pnl">
            <span className="muted small">
              {held ? <Trans>評価損益（支払済みの手数料・金利を差し引き後）</Trans> : <Trans>損益（手数料・税金等を差し引いた純損益）</Trans>}
            </span>
            {/* Net in both cases: while held, the fee and interest paid so far are already off (trade view netPnl). */}
            <Signed value={p.netPnl} className="pos-head__pnl-value" />
          </div>
        ) : null}
        {p.dayTrade && p.autoCloseAt !== null && held ? <AutoCloseCountdown at={p.autoCloseAt} offset={offset} /> : null}
      </section>

      <Notices p={p} />

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
          <OrderLine type={p.priceType} limit={p.limitPrice} trigger={p.trigger} triggeredAt={p.triggeredAt} stop={null} scale={p.priceScale} />,
        )}
        {p.condition ? row(<Trans>執行条件</Trans>, i18n._(CONDITION_TEXT[p.condition])) : null}
        {p.status === 'pending' && p.expiresAt !== null ? row(<Trans>有効期限</Trans>, time(p.expiresAt)) : null}
        {p.thenClose && (p.status === 'pending' || p.status === 'cancelled')
          ? row(
              <Trans>約定後の決済注文（IFD）</Trans>,
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
        {row(<Trans>元本（証拠金）</Trans>, money(p.principal))}
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

      {p.actions.close || p.actions.cancel ? (
        <div className="actions-row">
          {p.actions.cancel ? (
            <button type="button" className="btn btn--danger btn--block" onClick={() => setDialog('cancel')}>
              {p.status === 'closing' ? <Trans>決済注文を取り消す</Trans> : <Trans>注文を取り消す</Trans>}
            </button>
          ) : null}
          {p.actions.cancel && amendable(p) ? (
            <button type="button" className="btn btn--secondary btn--block" onClick={() => setDialog('amend')}>
              {p.status === 'closing' ? <Trans>決済注文を訂正する</Trans> : <Trans>注文を訂正する</Trans>}
            </button>
          ) : null}
          {p.actions.close ? (
            <button type="button" className="btn btn--primary btn--block" onClick={() => setDialog('close')}>
              <Trans>決済する</Trans>
            </button>
          ) : null}
        </div>
      ) : null}

      {dialog === 'cancel' ? <CancelDialog p={p} onDone={() => setDialog(null)} /> : null}
      {dialog === 'close' ? <CloseDialog p={p} onDone={() => setDialog(null)} /> : null}
      {dialog === 'amend' ? <AmendDialog p={p} onDone={() => setDialog(null)} /> : null}
    </>
  );
}

/** A ratio in basis points as a level: 2540 → "25.40%". */
function formatPercentBp(bp: number): string {
  return formatPercent(bp, { sign: false });
}

function Notices({ p }: { p: PositionView }) {
  const { i18n } = useLingui();
  const held = HELD.includes(p.status);
  // The server decides (actions.close); the date says why a held position cannot be closed yet.
  const waitUntil = held && p.status !== 'closing' && !p.actions.close ? (p.lockedUntil ?? p.sellableFrom) : null;
  return (
    <>
      {p.alerts.map((a, i) => {
        const tone = alertTone(a.kind);
        return (
          <p
            key={`${a.kind}-${i}`}
            className={`notice${tone === 'info' ? '' : ` notice--${tone}`}`}
            role={tone === 'info' ? undefined : 'alert'}
            data-alert={a.kind}
          >
            <Icon d={tone === 'info' ? icons.info : icons.alert} size={18} />
            <span>
              {alertText(a, i18n, p.currency)}
              {a.kind === 'margin_call' && p.maintenanceRatioBp !== null ? (
                <>
                  {' '}
                  <Trans>現在の維持率：{formatPercentBp(p.maintenanceRatioBp)}</Trans>
                </>
              ) : null}
            </span>
          </p>
        );
      })}
      {waitUntil ? (
        <p className="notice">
          <Icon d={icons.lock} size={18} />
          <span>
            {p.businessType === 'block' ? (
              <Trans>ブロック取引のロック期間中です。{formatIsoDate(waitUntil)}から売却できます。</Trans>
            ) : (
              <Trans>約定日から所定の営業日（T+N）が経過するまで決済できません。{formatIsoDate(waitUntil)}から決済できます。</Trans>
            )}
          </span>
        </p>
      ) : null}
      {p.status === 'closing' ? (
        <p className="notice">
          <Icon d={icons.clock} size={18} />
          <span>
            <Trans>決済注文を受け付けました。約定するまでお待ちください。</Trans>
          </span>
        </p>
      ) : null}
    </>
  );
}

function CancelDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const action = useMoneyCommand(
    tradeApi.cancelOrder,
    tradeCommand(client, () => {
      toast(t`取り消しました`);
      onDone();
    }),
  );
  const cancel = useCallback(() => {
    action.end();
    onDone();
  }, [action, onDone]);
  return (
    <ActionDialog
      title={p.status === 'closing' ? t`決済注文を取り消しますか？` : t`注文を取り消しますか？`}
      confirmLabel={t`取り消す`}
      cancelLabel={t`戻る`}
      danger
      busy={action.isPending}
      onConfirm={() => {
        if (!action.isPending) action.mutate({ params: { id: p.id } });
      }}
      onCancel={cancel}
    >
      {p.status === 'pending' ? (
        <p>
          <Trans>拘束中の資金 {formatMoney(p.reserved, p.currency)} は買付余力に戻ります。</Trans>
        </p>
      ) : (
        <p>
          <Trans>建玉は保有中に戻ります。</Trans>
        </p>
      )}
    </ActionDialog>
  );
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

/** 訂正 is offered for what the server lets change: a waiting limit price or a trigger not yet reached. */
function amendable(p: PositionView): boolean {
  if (p.status === 'pending') return p.priceType === 'limit' || (p.trigger !== null && p.triggeredAt === null);
  if (p.status === 'closing') return p.closeType === 'limit' || (p.closeTrigger !== null && p.closeTriggeredAt === null);
  return false;
}

/** The quote of a position's stock in the shape the order controls use. */
function useTicketQuote(code: string): TicketQuote | null {
  const quote = useQuery(quoteQuery(code));
  const d = quote.data;
  return useMemo(
    () => (d ? { price: d.quote.price, bid: d.quote.bid, ask: d.quote.ask, priceScale: d.quote.priceScale, limits: d.quote.limits, tickTable: d.instrument.tickTable } : null),
    [d],
  );
}

function AmendDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
  const { t } = useLingui();
  const q = useTicketQuote(p.code);
  const rules: PriceRules | null = q ? { table: q.tickTable ?? 'other', limits: q.limits } : null;
  const opening = p.status === 'pending';
  const oldPrice = opening ? (p.priceType === 'limit' ? p.limitPrice : null) : p.closeType === 'limit' ? p.closeLimitPrice : null;
  const oldTrigger = opening ? (p.triggeredAt === null ? p.trigger : null) : p.closeTriggeredAt === null ? p.closeTrigger : null;
  const [price, setPrice] = useState<number | null>(oldPrice);
  const [trigger, setTrigger] = useState<number | null>(oldTrigger);
  const client = useQueryClient();
  const action = useMoneyCommand(
    tradeApi.amendOrder,
    tradeCommand(client, () => {
      toast(t`訂正しました`);
      onDone();
    }),
  );
  const cancel = useCallback(() => {
    action.end();
    onDone();
  }, [action, onDone]);
  const display = useCallback((v: number) => formatPrice(v, p.priceScale), [p.priceScale]);
  const side = sideOf({ mode: opening ? 'open' : 'close', direction: p.direction });
  const priceRefusal = price !== null && rules ? limitRefusal(price, rules, p.priceScale) : null;
  const triggerRefusal = trigger !== null && rules ? limitRefusal(trigger, rules, p.priceScale) : null;
  const triggerReached = trigger !== null && q !== null && reached(side, trigger, q.price);
  const body: { price?: number; trigger?: number } = {};
  if (price !== null && price !== oldPrice) body.price = price;
  if (trigger !== null && trigger !== oldTrigger) body.trigger = trigger;
  const ok = (body.price !== undefined || body.trigger !== undefined) && !priceRefusal && !triggerRefusal && !triggerReached;
  const stepper = (label: string, value: number, set: (v: number) => void) =>
    rules ? (
      <Stepper
        label={label}
        value={value}
        display={display}
        inputMode="decimal"
        parse={(text) => parsePriceInput(text, p.priceScale)}
        onChange={(v) => {
          action.end();
          set(v);
        }}
        onStep={(d) => {
          action.end();
          set(stepLimitPrice(value, d, rules));
        }}
        canDown={canStepPrice(value, -1, rules)}
        canUp={canStepPrice(value, 1, rules)}
        suffix={t`円`}
      />
    ) : null;
  return (
    <ActionDialog
      title={opening ? t`注文を訂正しますか？` : t`決済注文を訂正しますか？`}
      confirmLabel={t`訂正する`}
      cancelLabel={t`戻る`}
      busy={action.isPending}
      confirmDisabled={!ok}
      onConfirm={() => {
        if (ok && !action.isPending) action.mutate({ params: { id: p.id }, body });
      }}
      onCancel={cancel}
    >
      <p className="small muted">
        <Trans>指値と、まだ発動していない逆指値の値段を訂正できます。数量や注文の種類を変えるときは、取り消してから注文し直してください。</Trans>
      </p>
      {price !== null ? stepper(t`指値`, price, setPrice) : null}
      {priceRefusal ? <LimitPriceNotice refusal={priceRefusal} onPick={setPrice} /> : null}
      {trigger !== null ? stepper(t`発動値段（逆指値）`, trigger, setTrigger) : null}
      {triggerRefusal ? <LimitPriceNotice refusal={triggerRefusal} onPick={setTrigger} /> : null}
      {triggerReached && q ? (
        <p className="notice notice--warn" role="alert">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>株価（{formatPriceYen(q.price, q.priceScale)}）がすでにこの発動値段に達しています。まだ達していない値段を指定してください。</Trans>
          </span>
        </p>
      ) : null}
      {opening && price !== null && p.direction === 'up' ? (
        <p className="small muted">
          <Trans>買いの指値を訂正すると、拘束中の資金も新しい指値に合わせて変わります。</Trans>
        </p>
      ) : null}
    </ActionDialog>
  );
}

type ClosePreviewQuery = QueryOf<typeof tradeApi.closePreview>;
type ClosePreview = DataOf<typeof tradeApi.closePreview>;

/** The server's estimate of a close (`GET trade/positions/{id}/close-preview`): only meaningful now, not persisted. */
function closePreviewQuery(id: string, query: ClosePreviewQuery) {
  return endpointQuery(tradeApi.closePreview, { params: { id }, query }, { silent: true, staleTime: 2_000, refetchInterval: 5_000, meta: { persist: false } });
}

function CloseDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const q = useTicketQuote(p.code);
  const offset = useMarketOffset(p.code);
  const [value, setValue] = useState<OrderTypeValue>(DEFAULT_ORDER_TYPE);
  const client = useQueryClient();
  const action = useMoneyCommand(
    tradeApi.closePosition,
    tradeCommand(client, (res) => {
      toast(res.status === 'closing' ? t`決済注文を受け付けました` : t`決済しました`);
      onDone();
    }),
  );
  const cancel = useCallback(() => {
    action.end();
    onDone();
  }, [action, onDone]);
  const now = Date.now() + offset;
  const ctx = { mode: 'close' as const, direction: p.direction, dayTrade: p.dayTrade };
  // Nothing the server would refuse is sent: the fields say why instead.
  const ready = orderTypeReady(value, ctx, q, tokyoToday(now));
  const body = ready ? (orderTypeBody(value) as CloseBody) : null;
  const kind = kindOf(value);
  const at = estimatePriceOf(value);
  const stopAt = kind === 'oco' ? stopLegPrice(value) : null;
  return (
    <ActionDialog
      title={t`建玉を決済しますか？`}
      confirmLabel={kind === 'market' ? t`決済する` : t`決済注文を出す`}
      cancelLabel={t`戻る`}
      busy={action.isPending}
      confirmDisabled={!body}
      onConfirm={() => {
        if (body && !action.isPending) action.mutate({ params: { id: p.id }, body });
      }}
      onCancel={cancel}
    >
      <p>
        {i18n.locale === 'ja' ? p.name : p.nameEn} <span className="mono">{p.code}</span> ・ <Trans>{formatNumber(p.quantity)}株</Trans>
        {q ? (
          <span className="muted small">
            {' '}
            <Trans>現在値 {formatPriceYen(q.price, q.priceScale)}</Trans>
          </span>
        ) : null}
      </p>
      <OrderTypeFields
        mode="close"
        quote={q}
        value={value}
        onChange={(v) => {
          action.end();
          setValue(v);
        }}
        direction={p.direction}
        dayTrade={p.dayTrade}
        now={now}
      />
      {kind === 'market' || at !== null ? (
        <CloseEstimate
          p={p}
          query={kind === 'market' ? { type: 'market' } : { type: 'limit', price: at! }}
          title={kind === 'oco' ? <Trans>利益確定の指値で約定した場合</Trans> : kind === 'stop' ? <Trans>発動値段で約定した場合</Trans> : null}
        />
      ) : null}
      {stopAt !== null ? <CloseEstimate p={p} query={{ type: 'limit', price: stopAt }} title={<Trans>損切りの逆指値で約定した場合（成行のため値段は変わり得ます）</Trans>} /> : null}
    </ActionDialog>
  );
}

/**
 * What the close would post at its price: P/L, fee, interest, the year-netted tax and what comes
 * back, computed by the server with the close's own functions. An estimate: the fill price decides.
 */
function CloseEstimate({ p, query, title }: { p: PositionView; query: ClosePreviewQuery; title: ReactNode }) {
  const est = useQuery(closePreviewQuery(p.id, query));
  const e: ClosePreview | undefined = est.data;
  const money = (v: number | undefined) => <span className="mono">{v === undefined ? '—' : formatMoney(v, p.currency)}</span>;
  const source = e?.priceSource;
  return (
    <div className="preview close-estimate" aria-live="polite" data-estimate={query.type}>
      {title ? <p className="small strong close-estimate__title">{title}</p> : null}
      <dl className="kv">
        <dt>
          {source === 'bid' ? (
            <Trans>決済単価（見込み・現在の買気配）</Trans>
          ) : source === 'ask' ? (
            <Trans>決済単価（見込み・現在の売気配）</Trans>
          ) : source === 'last' ? (
            <Trans>決済単価（見込み・現在値）</Trans>
          ) : (
            <Trans>決済単価</Trans>
          )}
        </dt>
        <dd className="mono">{e ? formatPriceYen(e.price, p.priceScale, p.currency) : '—'}</dd>
        <dt>
          <Trans>売買損益</Trans>
        </dt>
        <dd>
          <Signed value={e?.pnl} currency={p.currency} strong={false} />
        </dd>
        <dt>
          <Trans>決済手数料</Trans>
        </dt>
        <dd>{money(e?.closeFee)}</dd>
        <dt>{p.direction === 'up' ? <Trans>金利（累計）</Trans> : <Trans>貸株料（累計）</Trans>}</dt>
        <dd>{money(e?.interest)}</dd>
        <dt>
          <Trans>税金（年間の損益と通算）</Trans>
        </dt>
        <dd className="mono">
          {e ? formatMoney(e.tax, p.currency) : '—'}
          {e && e.tax < 0 ? (
            <span className="muted small">
              {' '}
              <Trans>（還付）</Trans>
            </span>
          ) : null}
        </dd>
        <dt>
          <Trans>純損益（手数料・金利・税金差引後）</Trans>
        </dt>
        <dd>
          <Signed value={e?.netPnl} currency={p.currency} strong={false} />
        </dd>
        <dt className="strong">
          <Trans>受取金額（見込み）</Trans>
        </dt>
        <dd className="mono strong">{money(e?.received)}</dd>
      </dl>
      {e && (e.yearNetGain !== 0 || e.yearTaxWithheld !== 0) ? (
        <p className="small muted">
          <Trans>
            今年の確定損益 {formatMoney(e.yearNetGain, p.currency)}（源泉徴収済み {formatMoney(e.yearTaxWithheld, p.currency)}）と通算した税額です。
          </Trans>
        </p>
      ) : null}
      {e ? (
        <p className="small muted">
          <Trans>受渡日 {formatIsoDate(e.settlesOn)}。実際の金額は約定した値段で決まります。</Trans>
        </p>
      ) : null}
    </div>
  );
}

const positionDetailRoute = getRouteApi('/trade/positionDetail');

/** /trade/positionDetail?id= — one order / position: every field, notices, close and cancel. */
export function PositionDetailScreen() {
  const { t } = useLingui();
  const { id } = positionDetailRoute.useSearch();
  return (
    <Page title={t`建玉詳細`} fallback="/trade/index">
      {id ? <PositionDetail id={id} /> : <EmptyView icon={icons.inbox} text={<Trans>表示する注文が指定されていません</Trans>} />}
    </Page>
  );
}

/** What /trade/positionDetail's loader fetches ahead (not awaited, failures not toasted). */
export function prefetchPosition(client: QueryClient, id: string | undefined): void {
  if (id) void client.prefetchQuery(positionQuery(id, { silent: true }));
}
