import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import type { Direction } from '../../../shared/domain/position';
import { contractValue, type FeeSchedule } from '../../../shared/domain/trade-money';
import { formatLeverage, formatMoney, formatNumber, formatPriceYen } from '../../../shared/money';
import { useMoneyCommand } from '../../api/money-command';
import { useSiteConfig } from '../../components/useSiteConfig';
import { toast } from '../../components/Toast';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { Stepper } from '../../components/Stepper';
import { Segmented } from '../../components/Segmented';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Signed } from '../../components/Signed';
import { parseLots } from '../../components/forms/validation';
import { SESSION_TEXT } from '../../components/trade/labels';
import { buyingPowerQuery, orderPreviewQuery, quoteQuery, type OrderBody, type PositionView } from './api';
import { useDebounced } from './useDebounced';
import { CodePicker, type PickedStock } from './CodePicker';
import { DEFAULT_ORDER_TYPE, OrderTypeFields, orderTypeBody, orderTypeReady, type OrderTypeValue } from './OrderTypeFields';
import { kindOf, tokyoToday } from './order-type';
import { holdingsQuery, marginAgreementQuery, sellableQuery, TICKET_INVALIDATES, type SellBody } from './ticket-api';
import { HoldingSummary } from './HoldingSummary';
import { ClosePicker } from './ClosePicker';
import { MarginRisk } from './MarginRisk';
import { MarginAgreementDialog } from './MarginAgreementDialog';
import { FundsNotice } from './FundsNotice';
import {
  LOT_SIZE,
  clampLots,
  estimatePrice,
  fundsShort,
  initialSide,
  isMarginSide,
  isOpeningSide,
  keepSellShares,
  leverageForSide,
  marginLeverageChoices,
  previewCost,
  sideDirection,
  sidesFor,
  stepLots,
  stepSellShares,
  unitsOf,
  type TicketQuote,
  type TicketSide,
} from './ticket';
import './trade.css';
import './ticket.css';

/** The close fields of an order-type value (a close has no 執行条件 and no IFD). */
function closeFields(v: OrderTypeValue) {
  const { condition: _c, then: _t, ...rest } = orderTypeBody(v);
  return rest;
}

/**
 * The order ticket with Japanese broker sides (docs/domain.md "Trading"): 現物買, 現物売 (sells the
 * cash holding, whole purchases oldest first: docs/decisions/011-selling-a-holding.md), 信用新規買,
 * 信用新規売（空売り） and 返済 (closes a 建玉). Quantities in 単元 (1単元＝100株) and 株; the order type
 * fields (成行 / 指値 / 逆指値 …) are OrderTypeFields; margin sides show their rate, cost a day and
 * levels (GET trade/preview `risk`) and, the first time, ask for agreement to the 信用取引 risk
 * explanation. `direction="down"` (the stock detail's 売り) opens on 現物売 when the stock is held,
 * on 返済 when only a margin position is, and only otherwise on 信用新規売. `dayTrade="fixed"` is
 * the いちにち信用 screen's ticket (margin sides, closed at the day's close).
 */
export function OrderTicket({
  code: initialCode,
  direction: initialDirection,
  dayTrade: mode = 'toggle',
  onPlaced,
}: {
  code?: string;
  direction?: Direction;
  dayTrade?: 'toggle' | 'fixed';
  onPlaced?: (p: PositionView) => void;
}) {
  const { t, i18n } = useLingui();
  const config = useSiteConfig();
  const maxLeverage = config.data?.maxLeverage ?? 1;
  const sides = sidesFor(mode, maxLeverage > 1);
  const [picked, setPicked] = useState<PickedStock | null>(initialCode ? { code: initialCode, name: initialCode } : null);
  const [side, setSide] = useState<TicketSide>(() => initialSide({ direction: initialDirection, mode, cashShares: initialDirection === 'down' ? 1 : 0, marginPositions: 0 }));
  const [openType, setOpenType] = useState<OrderTypeValue>(DEFAULT_ORDER_TYPE);
  const [closeType, setCloseType] = useState<OrderTypeValue>(DEFAULT_ORDER_TYPE);
  const [lots, setLots] = useState(1);
  const [marginLev, setMarginLev] = useState(0);
  const [dayTradeOn, setDayTradeOn] = useState(false);
  const [sellShares, setSellShares] = useState<number | null>(null);
  const [closeId, setCloseId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [agreeing, setAgreeing] = useState(false);

  // A new code from the URL (stock detail's buy/sell buttons) replaces the ticket's.
  useEffect(() => {
    if (initialCode) setPicked((p) => (p?.code === initialCode ? p : { code: initialCode, name: initialCode }));
  }, [initialCode]);

  const code = picked?.code ?? null;
  const quote = useQuery({ ...quoteQuery(code ?? ''), enabled: code !== null });
  const funds = useQuery(buyingPowerQuery());
  const holdings = useQuery(holdingsQuery());
  const sellable = useQuery({ ...sellableQuery(code ?? ''), enabled: code !== null && mode === 'toggle' });
  const agreement = useQuery(marginAgreementQuery());
  const detail = code !== null && quote.data?.instrument.code === code ? quote.data : undefined;
  const instrument = detail?.instrument;
  const q = detail?.quote;
  const tradable = instrument ? instrument.kind === 'stock' : true;
  const name = instrument ? (i18n.locale === 'ja' ? instrument.nameJa : instrument.nameEn) : (picked?.name ?? '');
  const stock = code ? holdings.data?.stocks.find((s) => s.code === code) : undefined;
  const marginOfCode = useMemo(() => (code ? (holdings.data?.margin ?? []).filter((m) => m.code === code) : []), [holdings.data, code]);
  const sellInfo = sellable.data && sellable.data.code === code ? sellable.data : undefined;

  // The side the entry asks for, once what the user holds of the stock is known: 売り sells a
  // holding (現物売) or closes a margin position (返済) before it would ever open a short.
  const entry = `${initialCode ?? ''}|${initialDirection ?? ''}`;
  const [appliedEntry, setAppliedEntry] = useState<string | null>(null);
  useEffect(() => {
    if (appliedEntry === entry) return;
    const needsHoldings = initialDirection === 'down' && mode === 'toggle' && initialCode;
    if (needsHoldings && holdings.isPending) return;
    const held = needsHoldings ? holdings.data : undefined;
    setSide(
      initialSide({
        direction: initialDirection,
        mode,
        cashShares: held?.stocks.find((s) => s.code === initialCode)?.shares ?? 0,
        marginPositions: held?.margin.filter((m) => m.code === initialCode).length ?? 0,
      }),
    );
    setAppliedEntry(entry);
  }, [appliedEntry, entry, initialCode, initialDirection, mode, holdings.isPending, holdings.data]);
  const activeSide: TicketSide = sides.includes(side) ? side : (sides[0] ?? 'cashBuy');

  const ticketQuote: TicketQuote | null = useMemo(
    () => (q ? { price: q.price, bid: q.bid, ask: q.ask, priceScale: q.priceScale, limits: q.limits, tickTable: instrument?.tickTable ?? null } : null),
    [q, instrument?.tickTable],
  );
  // The market clock's instant (the quote's), so validity dates count the simulated market's business days.
  const now = q?.at ?? Date.now();
  const today = tokyoToday(now);
  const priceScale = q?.priceScale ?? 10;
  const feeSchedule: FeeSchedule = config.data?.feeSchedule ?? 'zero';

  // --- opening sides (現物買 / 信用新規買 / 信用新規売) ---
  const opening = isOpeningSide(activeSide) ? activeSide : null;
  const direction: Direction = opening ? sideDirection(opening) : 'up';
  const leverage = opening ? leverageForSide(opening, marginLev, maxLeverage) : 1;
  const margin = isMarginSide(activeSide);
  const dayTrade = mode === 'fixed' || (margin && dayTradeOn);
  const openCtx = { mode: 'open' as const, direction, dayTrade };
  const openReady = orderTypeReady(openType, openCtx, ticketQuote, today);
  const openPrice =
    openType.type === 'limit' ? openType.price : openType.trigger !== null ? openType.trigger : estimatePrice(q, direction, 'market', null);

  // The server's view of the same order: is it taken now, what would a waiting order reserve, the
  // buying power it counts (unsettled proceeds too) and, for margin, the rate and levels.
  const previewParams = useDebounced(
    opening && code && tradable && (openType.type === 'market' || openType.price !== null)
      ? { code, direction, type: openType.type, price: openType.type === 'limit' ? (openType.price ?? undefined) : undefined, lots, leverage }
      : null,
    300,
  );
  const server = useQuery({ ...orderPreviewQuery(previewParams ?? { code: '' }), enabled: previewParams !== null, placeholderData: keepPreviousData });
  const sp = server.data && server.data.code === code ? server.data : undefined;
  const buyingPower = sp?.buyingPower ?? funds.data?.available ?? null;
  const preview = opening && openPrice !== null && q ? previewCost({ price: openPrice, lots, priceScale: q.priceScale, leverage, feeSchedule, buyingPower }) : null;
  const waits = openType.type === 'limit' || openType.trigger !== null || openType.condition !== null || (sp ? sp.session !== 'morning' && sp.session !== 'afternoon' : false);
  const closedNow = sp ? !sp.acceptsOrders || (dayTrade && sp.session === 'closing_auction') : false;
  const maxLots = preview?.maxLots ?? null;
  const money = opening && preview ? fundsShort({ total: preview.total, reserve: waits && sp ? sp.reserve : null, buyingPower, maxLots }) : 'ok';

  const orderBody: OrderBody | null =
    opening && code && openPrice !== null && openReady ? { code, direction, lots, leverage, dayTrade, ...orderTypeBody(openType) } : null;

  // --- 現物売 ---
  const steps = useMemo(() => sellInfo?.steps ?? [], [sellInfo]);
  useEffect(() => {
    setSellShares((s) => keepSellShares(steps, s));
  }, [steps]);
  const sellCtx = { mode: 'close' as const, direction: 'up' as const, dayTrade: false };
  const closeReady = orderTypeReady(closeType, sellCtx, ticketQuote, today);
  const sellPrice = closeType.type === 'limit' ? closeType.price : closeType.trigger !== null ? closeType.trigger : (q?.bid ?? q?.price ?? null);
  const sellBody: SellBody | null =
    activeSide === 'cashSell' && code && sellShares !== null && closeReady ? { code, shares: sellShares, ...closeFields(closeType) } : null;

  // --- 返済 ---
  useEffect(() => {
    setCloseId((id) => (id && marginOfCode.some((m) => m.id === id) ? id : (marginOfCode[0]?.id ?? null)));
  }, [marginOfCode]);
  const closing = marginOfCode.find((m) => m.id === closeId) ?? null;
  const closeCtx = { mode: 'close' as const, direction: closing?.direction ?? 'up', dayTrade: closing?.dayTrade ?? false };
  const closeOk = orderTypeReady(closeType, closeCtx, ticketQuote, today);
  const closePrice =
    closeType.type === 'limit'
      ? closeType.price
      : closeType.trigger !== null
        ? closeType.trigger
        : closing?.direction === 'down'
          ? (q?.ask ?? q?.price ?? null)
          : (q?.bid ?? q?.price ?? null);

  // --- commands ---
  const done = (p: PositionView | null, text: string) => {
    setConfirming(false);
    toast(text);
    if (p) onPlaced?.(p);
  };
  const place = useMoneyCommand(tradeApi.placeOrder, {
    invalidate: TICKET_INVALIDATES,
    onSuccess: (p) => done(p, p.status === 'pending' ? t`注文を受け付けました（約定待ち）` : t`注文が約定しました`),
  });
  const sell = useMoneyCommand(tradeApi.sell, {
    invalidate: TICKET_INVALIDATES,
    onSuccess: (r) => {
      const last = r.positions[r.positions.length - 1] ?? null;
      done(last, r.positions.every((p) => p.status === 'closed') ? t`売却しました` : t`売却注文を受け付けました（約定待ち）`);
    },
  });
  const close = useMoneyCommand(tradeApi.closePosition, {
    invalidate: TICKET_INVALIDATES,
    onSuccess: (p) => done(p, p.status === 'closed' || p.status === 'ended' ? t`返済しました` : t`返済注文を受け付けました（約定待ち）`),
  });
  const command = activeSide === 'cashSell' ? sell : activeSide === 'close' ? close : place;

  const ready =
    tradable && !!q && !closedNow && (activeSide === 'cashSell' ? sellBody !== null : activeSide === 'close' ? closing !== null && closeOk : orderBody !== null && money === 'ok');

  const openConfirm = () => {
    if (!ready) return;
    if (margin && agreement.data?.agreedAt == null) {
      setAgreeing(true);
      return;
    }
    command.begin();
    setConfirming(true);
  };
  const cancelConfirm = useCallback(() => {
    place.end();
    sell.end();
    close.end();
    setConfirming(false);
  }, [place, sell, close]);
  const submit = () => {
    if (command.isPending) return;
    if (activeSide === 'cashSell' && sellBody) sell.mutate({ body: sellBody });
    else if (activeSide === 'close' && closing) close.mutate({ params: { id: closing.id }, body: closeFields(closeType) });
    else if (orderBody) place.mutate({ body: orderBody });
  };

  const sideText: Record<TicketSide, string> = {
    cashBuy: t`現物買`,
    cashSell: t`現物売`,
    marginBuy: mode === 'fixed' ? t`買（いちにち信用）` : t`信用新規買`,
    marginShort: mode === 'fixed' ? t`売（いちにち信用）` : t`信用新規売（空売り）`,
    close: t`返済`,
  };
  const submitLabel =
    activeSide === 'close' ? t`返済注文の内容を確認` : activeSide === 'cashSell' || activeSide === 'marginShort' ? t`売り注文の内容を確認` : t`買い注文の内容を確認`;
  const sellTone = activeSide === 'cashSell' || activeSide === 'marginShort' || (activeSide === 'close' && closing?.direction === 'up');
  const orderTypeText = (v: OrderTypeValue) => {
    const kind = kindOf(v);
    const p = (x: number | null | undefined) => (x === null || x === undefined ? '' : ` ${formatPriceYen(x, priceScale)}`);
    if (kind === 'stop') return t`逆指値` + p(v.trigger) + ' → ' + (v.type === 'limit' ? t`指値` + p(v.price) : t`成行`);
    if (kind === 'oco') return `OCO` + p(v.price) + ' / ' + p(v.stop).trim();
    return kind === 'limit' ? t`指値` + p(v.price) : t`成行`;
  };

  return (
    <section className="ticket card" aria-label={t`注文`}>
      <CodePicker value={picked ? { code: picked.code, name } : null} onPick={(s) => setPicked(s)} />

      {code && quote.isError && !detail ? (
        <p className="notice notice--warn">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>この銘柄の株価を取得できません。</Trans>
          </span>
        </p>
      ) : null}

      {q ? (
        <div className="ticket__quote">
          <span className="ticket__price mono">{formatPriceYen(q.price, q.priceScale)}</span>
          <Signed value={q.changeBp} bp />
          <span className="ticket__session">{i18n._(SESSION_TEXT[q.session] ?? SESSION_TEXT.closed!)}</span>
          <span className="ticket__quotes small mono">
            <Trans>
              売気配 {formatPriceYen(q.ask, q.priceScale)} ・ 買気配 {formatPriceYen(q.bid, q.priceScale)}
            </Trans>
          </span>
          {instrument?.simulated ? (
            <span className="ticket__sim small">
              <Trans>シミュレーション相場</Trans>
            </span>
          ) : null}
        </div>
      ) : null}

      {!tradable ? (
        <p className="notice notice--warn">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>この銘柄は株式ではないため、ここでは注文できません。</Trans>
          </span>
        </p>
      ) : null}

      <Segmented
        label={t`取引区分`}
        className={`ticket-sides ticket-sides--${sides.length}`}
        value={activeSide}
        onChange={(s) => {
          setSide(s);
          setConfirming(false);
        }}
        options={sides.map((s) => ({ value: s, label: sideText[s], tone: s === 'cashSell' || s === 'marginShort' ? 'fall' : s === 'close' ? undefined : 'rise' }))}
      />

      {activeSide === 'cashSell' ? (
        stock ? (
          <HoldingSummary stock={stock} sellable={sellInfo} />
        ) : (
          <p className="muted small" data-testid="no-holding">
            {holdings.isPending ? <Trans>保有株式を確認しています…</Trans> : <Trans>この銘柄を現物で保有していません。</Trans>}
          </p>
        )
      ) : null}
      {activeSide === 'close' ? <ClosePicker positions={marginOfCode} value={closeId} onChange={setCloseId} /> : null}

      {/* Order-type fields: 成行 / 指値 / 逆指値 (and OCO on a sale or 返済), 執行条件, 有効期限, IFD / IFDOCO (OrderTypeFields.tsx). */}
      {opening ? (
        <OrderTypeFields mode="open" quote={ticketQuote} value={openType} onChange={setOpenType} direction={direction} dayTrade={dayTrade} now={now} />
      ) : (activeSide === 'cashSell' && steps.length > 0) || (activeSide === 'close' && closing) ? (
        <OrderTypeFields
          mode="close"
          quote={ticketQuote}
          value={closeType}
          onChange={setCloseType}
          direction={activeSide === 'close' ? closeCtx.direction : 'up'}
          dayTrade={closeCtx.dayTrade && activeSide === 'close'}
          now={now}
        />
      ) : null}

      {opening ? (
        <Stepper
          label={t`数量`}
          value={lots}
          display={(v) => String(v)}
          parse={(text) => {
            const v = parseLots(text);
            return v === null ? null : clampLots(v);
          }}
          onChange={(v) => setLots(clampLots(v))}
          onStep={(d) => setLots(stepLots(lots, d))}
          canDown={lots > 1}
          suffix={t`単元`}
          hint={
            <>
              <Trans>
                1単元＝{LOT_SIZE}株 ・ {formatNumber(lots * LOT_SIZE)}株
              </Trans>
              {maxLots !== null && maxLots > 0 ? (
                <>
                  {' ・ '}
                  <button type="button" className="linkish ticket__max" onClick={() => setLots(clampLots(maxLots))}>
                    <Trans>最大 {formatNumber(maxLots)}単元</Trans>
                  </button>
                </>
              ) : null}
            </>
          }
        />
      ) : null}

      {activeSide === 'cashSell' && sellShares !== null ? (
        <Stepper
          label={t`売却株数`}
          value={sellShares}
          display={(v) => formatNumber(v)}
          parse={(text) => {
            const v = Number(text.replace(/[,\s]/g, ''));
            return steps.includes(v) ? v : null;
          }}
          onChange={setSellShares}
          onStep={(d) => setSellShares(stepSellShares(steps, sellShares, d))}
          canDown={steps.indexOf(sellShares) > 0}
          canUp={steps.indexOf(sellShares) < steps.length - 1}
          suffix={t`株`}
          hint={
            <>
              {unitsOf(sellShares) !== null ? <Trans>{formatNumber(unitsOf(sellShares)!)}単元</Trans> : null}
              {steps.length > 1 ? (
                <>
                  {' ・ '}
                  <button type="button" className="linkish ticket__max" onClick={() => setSellShares(steps[steps.length - 1]!)}>
                    <Trans>全株 {formatNumber(steps[steps.length - 1]!)}株</Trans>
                  </button>
                </>
              ) : null}
              <br />
              <Trans>古い買付から順に、買付ごとにまとめて売却します（選べる株数：{steps.map((s) => formatNumber(s)).join('・')}株）。</Trans>
            </>
          }
        />
      ) : null}

      {margin ? (
        <div className="ticket__field">
          <span className="stepper__label">
            <Trans>レバレッジ（信用）</Trans>
          </span>
          <Segmented
            label={t`レバレッジ`}
            className="segmented--chips"
            value={leverage}
            onChange={setMarginLev}
            options={marginLeverageChoices(maxLeverage, direction).map((c) => ({ value: c, label: formatLeverage(c) }))}
          />
          <p className="stepper__hint">
            <Trans>信用取引：約定代金をレバレッジ（{formatLeverage(leverage)}）で割った額を保証金として拘束します。現物買は1×です。</Trans>
          </p>
        </div>
      ) : null}

      {margin && mode === 'toggle' ? (
        <label className="switch">
          <input type="checkbox" checked={dayTradeOn} onChange={(e) => setDayTradeOn(e.currentTarget.checked)} />
          <span className="switch__text">
            <span className="switch__label">
              <Trans>いちにち信用</Trans>
            </span>
            <span className="switch__hint">
              <Trans>当日の大引け（15:25〜15:30）で自動的に返済されます。金利・貸株料はかかりません。</Trans>
            </span>
          </span>
        </label>
      ) : null}

      {closedNow ? (
        <p className="notice notice--warn" role="status">
          <Icon d={icons.clock} size={18} />
          <span>
            {sp?.acceptsOrders ? (
              <Trans>15:25以降はいちにち信用の注文を受け付けていません。</Trans>
            ) : (
              <Trans>現在は注文を受け付けていません。注文の受付は取引日の8:00〜15:30です。</Trans>
            )}
          </span>
        </p>
      ) : null}

      {opening ? (
        <CostPreview preview={preview} price={openPrice} priceScale={priceScale} buyingPower={buyingPower} reserve={waits && sp ? sp.reserve : null} leverage={leverage} />
      ) : null}
      {activeSide === 'cashSell' && sellShares !== null ? (
        <div className="preview" aria-live="polite">
          <dl className="kv">
            <dt>{closeType.type === 'limit' ? <Trans>概算単価（指値）</Trans> : <Trans>概算単価（買気配）</Trans>}</dt>
            <dd className="mono">{sellPrice !== null ? formatPriceYen(sellPrice, priceScale) : '—'}</dd>
            <dt className="strong">
              <Trans>概算売却代金</Trans>
            </dt>
            <dd className="mono strong">{sellPrice !== null ? formatMoney(contractValue(sellPrice, sellShares, priceScale)) : '—'}</dd>
          </dl>
          <p className="small muted">
            <Trans>手数料と税金（譲渡益課税）は約定時に差し引かれます。新たな売建（空売り）にはなりません。</Trans>
          </p>
        </div>
      ) : null}
      {activeSide === 'close' && closing ? (
        <div className="preview" aria-live="polite">
          <dl className="kv">
            <dt>
              <Trans>概算返済代金</Trans>
            </dt>
            <dd className="mono">{closePrice !== null ? formatMoney(contractValue(closePrice, closing.shares, closing.priceScale)) : '—'}</dd>
          </dl>
        </div>
      ) : null}

      {margin ? <MarginRisk risk={sp?.risk ?? null} short={direction === 'down'} dayTrade={dayTrade} /> : null}

      {money !== 'ok' ? <FundsNotice kind={money} /> : null}

      <button type="button" className={`btn btn--block ${sellTone ? 'btn--fall' : 'btn--rise'}`} disabled={!ready} onClick={openConfirm}>
        {submitLabel}
      </button>
      <p className="ticket__foot small">
        <Trans>
          注文は8:00から受け付け、取引時間外の注文はお受けできません。手数料と税金は
          <Link to="/information/fundRecord" className="link">
            取引履歴
          </Link>
          で確認できます。
        </Trans>
      </p>

      {agreeing ? (
        <MarginAgreementDialog
          risk={sp?.risk ?? null}
          short={direction === 'down'}
          maxLeverage={maxLeverage}
          onCancel={() => setAgreeing(false)}
          onAgreed={() => {
            setAgreeing(false);
            command.begin();
            setConfirming(true);
          }}
        />
      ) : null}

      {confirming && q ? (
        <ActionDialog
          title={t`注文内容の確認`}
          confirmLabel={activeSide === 'close' ? t`返済する` : activeSide === 'cashSell' ? t`売却する` : t`注文する`}
          cancelLabel={t`キャンセル`}
          busy={command.isPending}
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
      ) : null}
    </section>
  );
}

function CostPreview({
  preview,
  price,
  priceScale,
  buyingPower,
  reserve,
  leverage,
}: {
  preview: ReturnType<typeof previewCost> | null;
  price: number | null;
  priceScale: number;
  buyingPower: number | null;
  /** The server's reservation, given when the order would wait for a fill (it then reserves more). */
  reserve: number | null;
  leverage: number;
}) {
  const remaining = preview && buyingPower !== null ? buyingPower - preview.total : null;
  return (
    <div className="preview" aria-live="polite">
      <dl className="kv">
        <dt>
          <Trans>概算単価</Trans>
        </dt>
        <dd className="mono">{price !== null ? formatPriceYen(price, priceScale) : '—'}</dd>
        <dt>
          <Trans>概算約定代金</Trans>
        </dt>
        <dd className="mono">{preview ? formatMoney(preview.contractValue) : '—'}</dd>
        <dt>{leverage > 1 ? <Trans>必要保証金</Trans> : <Trans>元本</Trans>}</dt>
        <dd className="mono">{preview ? formatMoney(preview.principal) : '—'}</dd>
        <dt>
          <Trans>手数料</Trans>
        </dt>
        <dd className="mono">{preview ? formatMoney(preview.fee) : '—'}</dd>
        <dt className="strong">
          <Trans>合計（拘束する資金）</Trans>
        </dt>
        <dd className="mono strong">{preview ? formatMoney(preview.total) : '—'}</dd>
        <dt>
          <Trans>買付余力</Trans>
        </dt>
        <dd className="mono">{buyingPower !== null ? formatMoney(buyingPower) : '—'}</dd>
        {remaining !== null ? (
          <>
            <dt>
              <Trans>注文後の余力</Trans>
            </dt>
            <dd className={`mono${remaining < 0 ? ' tone-warn' : ''}`}>{formatMoney(remaining)}</dd>
          </>
        ) : null}
        {reserve !== null ? (
          <>
            <dt>
              <Trans>約定待ちの間の拘束額</Trans>
            </dt>
            <dd className="mono">{formatMoney(reserve)}</dd>
          </>
        ) : null}
      </dl>
      {reserve !== null ? (
        <p className="small muted">
          <Trans>約定を待つ注文は、約定するまで最大でこの金額を拘束します（買いの指値注文は指値、それ以外は当日の値幅上限で計算）。</Trans>
        </p>
      ) : null}
    </div>
  );
}
