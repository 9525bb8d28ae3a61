import { useCallback, useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import type { Direction, PriceType } from '../../../shared/domain/position';
import type { FeeSchedule } from '../../../shared/domain/trade-money';
import { formatLeverage, formatMoney, formatNumber, formatPrice, formatPriceYen } from '../../../shared/money';
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
import { DIRECTION_TEXT, PRICE_TYPE_TEXT, SESSION_TEXT } from '../../components/trade/labels';
import { buyingPowerQuery, orderPreviewQuery, quoteQuery, tradeCommand, type OrderBody, type OrderPreview, type PositionView } from './api';
import { useDebounced } from './useDebounced';
import { LimitPriceNotice } from './LimitPriceNotice';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { CodePicker, type PickedStock } from './CodePicker';
import {
  LOT_SIZE,
  canStepPrice,
  clampLimitPrice,
  clampLots,
  estimatePrice,
  leverageChoices,
  leverageFits,
  limitRefusal,
  parsePriceInput,
  previewCost,
  stepLimitPrice,
  stepLots,
  type PriceRules,
} from './ticket';
import './trade.css';

/**
 * The order ticket: stock, buy up / buy down, market / limit, a limit price
 * on valid ticks inside the daily limits, whole lots, leverage from 1× (cash) to the configured
 * maximum, the day-trade choice, a cost preview (the server's own arithmetic) against the buying
 * power, then a confirmation. `dayTrade="fixed"` is the day-trading screen's ticket.
 */
export function OrderTicket({
  code: initialCode,
  direction: initialDirection,
  dayTrade: dayTradeMode = 'toggle',
  onPlaced,
}: {
  code?: string;
  direction?: Direction;
  dayTrade?: 'toggle' | 'fixed';
  onPlaced?: (p: PositionView) => void;
}) {
  const { t, i18n } = useLingui();
  const config = useSiteConfig();
  const [picked, setPicked] = useState<PickedStock | null>(initialCode ? { code: initialCode, name: initialCode } : null);
  const [direction, setDirection] = useState<Direction>(initialDirection ?? 'up');
  const [type, setType] = useState<PriceType>('market');
  const [limitPrice, setLimitPrice] = useState<number | null>(null);
  const [lots, setLots] = useState(1);
  const [leverage, setLeverage] = useState(1);
  const [dayTrade, setDayTrade] = useState(dayTradeMode === 'fixed');
  const [confirming, setConfirming] = useState(false);

  // A new code or direction from the URL (stock detail's buy/sell buttons) replaces the ticket's.
  useEffect(() => {
    if (initialCode) {
      setPicked((p) => (p?.code === initialCode ? p : { code: initialCode, name: initialCode }));
      setLimitPrice(null);
    }
  }, [initialCode]);
  useEffect(() => {
    if (initialDirection) setDirection(initialDirection);
  }, [initialDirection]);

  const code = picked?.code ?? null;
  const quote = useQuery({ ...quoteQuery(code ?? ''), enabled: code !== null });
  const funds = useQuery(buyingPowerQuery());
  const detail = code !== null && quote.data?.instrument.code === code ? quote.data : undefined;
  const instrument = detail?.instrument;
  const q = detail?.quote;
  const tradable = instrument ? instrument.kind === 'stock' : true;
  const name = instrument ? (i18n.locale === 'ja' ? instrument.nameJa : instrument.nameEn) : (picked?.name ?? '');

  const rules: PriceRules | null = useMemo(
    () => (q ? { table: instrument?.tickTable ?? 'other', limits: q.limits } : null),
    [q, instrument?.tickTable],
  );

  // A limit ticket starts at the last price (on a tick, inside the limits).
  useEffect(() => {
    if (type === 'limit' && limitPrice === null && q && rules) setLimitPrice(clampLimitPrice(q.price, rules));
  }, [type, limitPrice, q, rules]);

  const maxLeverage = config.data?.maxLeverage ?? 1;
  const choices = useMemo(() => leverageChoices(maxLeverage, direction), [maxLeverage, direction]);
  // A short needs margin: 1× is not offered for it, and a 1× chosen before switching to a short is
  // not changed behind the user's back — the ticket says why and waits for a choice.
  const leverageOk = leverageFits(direction, leverage);
  useEffect(() => {
    if (leverage > maxLeverage) setLeverage(1);
  }, [leverage, maxLeverage]);
  const feeSchedule: FeeSchedule = config.data?.feeSchedule ?? 'zero';

  const price = estimatePrice(q, direction, type, limitPrice);
  // A typed limit price is kept as typed; one the server would refuse shows that refusal here.
  const refusal = type === 'limit' && limitPrice !== null && rules && q ? limitRefusal(limitPrice, rules, q.priceScale) : null;
  const buyingPower = funds.data?.available ?? null;
  const preview = price !== null && q ? previewCost({ price, lots, priceScale: q.priceScale, leverage, feeSchedule, buyingPower }) : null;
  const lotsMax = preview?.maxLots ? Math.max(1, preview.maxLots) : undefined;

  // The server's view of the same order: is it taken now, and what would a waiting order reserve?
  const previewParams = useDebounced(
    code && tradable && leverageOk && (type === 'market' || limitPrice !== null)
      ? { code, direction, type, price: type === 'limit' ? (limitPrice ?? undefined) : undefined, lots, leverage }
      : null,
    300,
  );
  const server = useQuery({
    ...orderPreviewQuery(previewParams ?? { code: '' }),
    enabled: previewParams !== null,
    placeholderData: keepPreviousData,
  });
  const sp = server.data && server.data.code === code ? server.data : undefined;
  const waits = type === 'limit' || (sp ? sp.session !== 'morning' && sp.session !== 'afternoon' : false);
  const closedNow = sp ? !sp.acceptsOrders || (dayTrade && sp.session === 'closing_auction') : false;

  const client = useQueryClient();
  const action = useMoneyCommand(
    tradeApi.placeOrder,
    tradeCommand(client, (p) => {
      setConfirming(false);
      toast(p.status === 'pending' ? t`注文を受け付けました（約定待ち）` : t`注文が約定しました`);
      onPlaced?.(p);
    }),
  );

  const body: OrderBody | null =
    code && price !== null && leverageOk && !refusal
      ? {
          code,
          direction,
          type,
          ...(type === 'limit' ? { price: limitPrice ?? undefined } : {}),
          lots,
          leverage,
          dayTrade,
        }
      : null;

  const openConfirm = () => {
    if (!body) return;
    action.begin();
    setConfirming(true);
  };
  const cancelConfirm = useCallback(() => {
    action.end();
    setConfirming(false);
  }, [action]);

  const displayLots = useCallback((v: number) => String(v), []);
  const displayPrice = useCallback((v: number) => (q ? formatPrice(v, q.priceScale) : String(v)), [q]);
  const priceScale = q?.priceScale ?? 10;
  const dirText = i18n._(DIRECTION_TEXT[direction]);
  const submitLabel = direction === 'up' ? t`買い注文の内容を確認` : t`売り注文の内容を確認`;

  return (
    <section className="ticket card" aria-label={t`注文`}>
      <CodePicker
        value={picked ? { code: picked.code, name } : null}
        onPick={(s) => {
          setPicked(s);
          setLimitPrice(null);
        }}
      />

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
        label={t`売買方向`}
        className="segmented--dir"
        value={direction}
        onChange={setDirection}
        options={[
          { value: 'up', label: <>▲ {i18n._(DIRECTION_TEXT.up)}</>, tone: 'rise' },
          { value: 'down', label: <>▼ {i18n._(DIRECTION_TEXT.down)}</>, tone: 'fall' },
        ]}
      />
      <Segmented
        label={t`注文種別`}
        value={type}
        onChange={setType}
        options={[
          { value: 'market', label: i18n._(PRICE_TYPE_TEXT.market) },
          { value: 'limit', label: i18n._(PRICE_TYPE_TEXT.limit) },
        ]}
      />

      {type === 'limit' ? (
        rules && limitPrice !== null ? (
          <Stepper
            label={t`指値`}
            value={limitPrice}
            display={displayPrice}
            inputMode="decimal"
            parse={(text) => parsePriceInput(text, priceScale)}
            onChange={setLimitPrice}
            onStep={(d) => setLimitPrice(stepLimitPrice(limitPrice, d, rules))}
            canDown={canStepPrice(limitPrice, -1, rules)}
            canUp={canStepPrice(limitPrice, 1, rules)}
            suffix={t`円`}
            hint={
              q?.limits ? (
                <Trans>
                  値幅制限 {formatPriceYen(q.limits.lower, priceScale)}〜{formatPriceYen(q.limits.upper, priceScale)}
                </Trans>
              ) : undefined
            }
          />
        ) : (
          <p className="muted small">
            <Trans>銘柄を選ぶと指値を入力できます。</Trans>
          </p>
        )
      ) : null}
      {refusal ? <LimitPriceNotice refusal={refusal} onPick={setLimitPrice} /> : null}

      <Stepper
        label={t`数量`}
        value={lots}
        display={displayLots}
        parse={(text) => {
          const v = parseLots(text);
          return v === null ? null : clampLots(v);
        }}
        onChange={(v) => setLots(clampLots(v))}
        onStep={(d) => setLots(stepLots(lots, d))}
        canDown={lots > 1}
        suffix={t`口`}
        hint={
          <>
            <Trans>
              1口＝{LOT_SIZE}株 ・ {formatNumber(lots * LOT_SIZE)}株
            </Trans>
            {lotsMax !== undefined ? (
              <>
                {' ・ '}
                <button type="button" className="linkish" onClick={() => setLots(clampLots(lotsMax))}>
                  <Trans>最大 {formatNumber(lotsMax)}口</Trans>
                </button>
              </>
            ) : null}
          </>
        }
      />

      <div className="ticket__field">
        <span className="stepper__label" id="lev-label">
          <Trans>レバレッジ</Trans>
        </span>
        <Segmented
          label={t`レバレッジ`}
          className="segmented--chips"
          value={leverage}
          onChange={setLeverage}
          options={choices.map((c) => ({ value: c, label: c === 1 ? t`1×（現物）` : formatLeverage(c) }))}
        />
        {!leverageOk ? (
          <p className="notice notice--warn" role="alert">
            <Icon d={icons.alert} size={18} />
            <span>{translateMessage('short_needs_margin', undefined, getLanguage(), i18n)}</span>
          </p>
        ) : null}
        {leverage > 1 ? (
          <p className="stepper__hint">
            <Trans>信用取引：約定代金をレバレッジ（{formatLeverage(leverage)}）で割った額を証拠金として拘束します。</Trans>
          </p>
        ) : null}
      </div>

      {dayTradeMode === 'toggle' ? (
        <label className="switch">
          <input type="checkbox" checked={dayTrade} onChange={(e) => setDayTrade(e.currentTarget.checked)} />
          <span className="switch__text">
            <span className="switch__label">
              <Trans>デイトレード</Trans>
            </span>
            <span className="switch__hint">
              <Trans>当日の大引け（15:25〜15:30）で自動決済。金利・貸株料はかかりません。</Trans>
            </span>
          </span>
        </label>
      ) : null}

      {closedNow ? (
        <p className="notice notice--warn" role="status">
          <Icon d={icons.clock} size={18} />
          <span>
            {sp?.acceptsOrders ? (
              <Trans>15:25以降はデイトレード注文を受け付けていません。</Trans>
            ) : (
              <Trans>現在は注文を受け付けていません。注文の受付は取引日の8:00〜15:30です。</Trans>
            )}
          </span>
        </p>
      ) : null}

      <CostPreview
        server={waits ? sp : undefined}
        preview={preview}
        price={price}
        priceScale={priceScale}
        type={type}
        direction={direction}
        buyingPower={buyingPower}
        leverage={leverage}
      />

      <button
        type="button"
        className={`btn btn--block ${direction === 'up' ? 'btn--rise' : 'btn--fall'}`}
        disabled={!body || !tradable || !q || closedNow}
        onClick={openConfirm}
      >
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

      {confirming && body && q && preview ? (
        <ActionDialog
          title={t`注文内容の確認`}
          confirmLabel={t`注文する`}
          cancelLabel={t`キャンセル`}
          busy={action.isPending}
          onConfirm={() => {
            if (!action.isPending) action.mutate({ body });
          }}
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
              <Trans>売買</Trans>
            </dt>
            <dd className={direction === 'up' ? 'tone-rise' : 'tone-fall'}>
              {direction === 'up' ? '▲' : '▼'} {dirText}
            </dd>
            <dt>
              <Trans>注文種別</Trans>
            </dt>
            <dd>
              {i18n._(PRICE_TYPE_TEXT[type])}
              {type === 'limit' && limitPrice !== null ? ` ${formatPriceYen(limitPrice, priceScale)}` : ''}
            </dd>
            <dt>
              <Trans>数量</Trans>
            </dt>
            <dd>
              <Trans>
                {formatNumber(lots)}口（{formatNumber(preview.shares)}株）
              </Trans>
            </dd>
            <dt>
              <Trans>レバレッジ</Trans>
            </dt>
            <dd>{leverage === 1 ? t`1×（現物）` : formatLeverage(leverage)}</dd>
            {dayTrade ? (
              <>
                <dt>
                  <Trans>デイトレード</Trans>
                </dt>
                <dd>
                  <Trans>大引けで自動決済</Trans>
                </dd>
              </>
            ) : null}
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
          </dl>
          {type === 'market' ? (
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
  server,
  preview,
  price,
  priceScale,
  type,
  direction,
  buyingPower,
  leverage,
}: {
  /** The server's preview, given when the order would wait for a fill (it then reserves more). */
  server: OrderPreview | undefined;
  preview: ReturnType<typeof previewCost> | null;
  price: number | null;
  priceScale: number;
  type: PriceType;
  direction: Direction;
  buyingPower: number | null;
  leverage: number;
}) {
  return (
    <div className="preview" aria-live="polite">
      <dl className="kv">
        <dt>
          {type === 'limit' ? <Trans>概算単価（指値）</Trans> : direction === 'up' ? <Trans>概算単価（売気配）</Trans> : <Trans>概算単価（買気配）</Trans>}
        </dt>
        <dd className="mono">{price !== null ? formatPriceYen(price, priceScale) : '—'}</dd>
        <dt>
          <Trans>概算約定代金</Trans>
        </dt>
        <dd className="mono">{preview ? formatMoney(preview.contractValue) : '—'}</dd>
        <dt>{leverage > 1 ? <Trans>必要証拠金（元本）</Trans> : <Trans>元本</Trans>}</dt>
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
        {preview && preview.remaining !== null ? (
          <>
            <dt>
              <Trans>注文後の余力</Trans>
            </dt>
            <dd className={`mono${preview.remaining < 0 ? ' tone-warn' : ''}`}>{formatMoney(preview.remaining)}</dd>
          </>
        ) : null}
        {server ? (
          <>
            <dt>
              <Trans>約定待ちの間の拘束額</Trans>
            </dt>
            <dd className="mono">{formatMoney(server.reserve)}</dd>
          </>
        ) : null}
      </dl>
      {server ? (
        <p className="small muted">
          <Trans>約定を待つ注文は、約定するまで最大でこの金額を拘束します（買いの指値注文は指値、それ以外は当日の値幅上限で計算）。</Trans>
        </p>
      ) : null}
      {(preview && preview.enough === false) || (server && buyingPower !== null && server.reserve > buyingPower) ? (
        <p className="notice notice--warn">
          <Icon d={icons.alert} size={18} />
          <span>
            <Trans>買付余力が不足しています。数量かレバレッジを見直してください。</Trans>
          </span>
        </p>
      ) : null}
    </div>
  );
}
