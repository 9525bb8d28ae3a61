import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import type { PriceType } from '../../../shared/domain/position';
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
import { Segmented } from '../../components/Segmented';
import { Signed } from '../../components/Signed';
import { Stepper } from '../../components/Stepper';
import { BUSINESS_TEXT, CLOSE_REASON_TEXT, DIRECTION_TEXT, PRICE_TYPE_TEXT, STATUS_TEXT } from '../../components/trade/labels';
import { alertText, alertTone } from '../../components/trade/alert-texts';
import { positionQuery, quoteQuery, tradeCommand, type CloseBody, type PositionView } from './api';
import { canStepPrice, clampLimitPrice, limitRefusal, parsePriceInput, stepLimitPrice, type PriceRules } from './ticket';
import { LimitPriceNotice } from './LimitPriceNotice';
import { AutoCloseCountdown, useMarketOffset } from './AutoCloseCountdown';
import '../../components/trade/positions.css';
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
  const [dialog, setDialog] = useState<'close' | 'cancel' | null>(null);
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
            {p.direction === 'up' ? '▲' : '▼'} {i18n._(DIRECTION_TEXT[p.direction])}
          </span>,
        )}
        {row(
          <Trans>注文種別</Trans>,
          <>
            {i18n._(PRICE_TYPE_TEXT[p.priceType])}
            {p.limitPrice !== null ? <> {price(p.limitPrice)}</> : null}
          </>,
        )}
        {row(<Trans>状態</Trans>, i18n._(STATUS_TEXT[p.status]))}
        {row(<Trans>注文日時</Trans>, time(p.placedAt))}
        {row(<Trans>新規約定日時</Trans>, time(p.buyTime))}
        {row(<Trans>新規約定単価</Trans>, price(p.buyPrice))}
        {row(
          <Trans>数量</Trans>,
          <span className="mono">
            {p.lots !== null ? <Trans>{formatNumber(p.lots)}口（{formatNumber(p.quantity)}株）</Trans> : <Trans>{formatNumber(p.quantity)}株</Trans>}
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
              <>
                {i18n._(PRICE_TYPE_TEXT[p.closeType])}
                {p.closeLimitPrice !== null ? <> {price(p.closeLimitPrice)}</> : null}
              </>,
            )
          : null}
        {p.closeReason ? row(<Trans>決済理由</Trans>, i18n._(CLOSE_REASON_TEXT[p.closeReason])) : null}
      </ul>

      {p.actions.close || p.actions.cancel ? (
        <div className="actions-row">
          {p.actions.cancel ? (
            <button type="button" className="btn btn--danger btn--block" onClick={() => setDialog('cancel')}>
              {p.status === 'closing' ? <Trans>決済注文を取り消す</Trans> : <Trans>注文を取り消す</Trans>}
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

function CloseDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const quote = useQuery(quoteQuery(p.code));
  const q = quote.data?.quote;
  const rules: PriceRules | null = useMemo(
    () => (q ? { table: quote.data?.instrument.tickTable ?? 'other', limits: q.limits } : null),
    [q, quote.data?.instrument.tickTable],
  );
  const [type, setType] = useState<PriceType>('market');
  const [limit, setLimit] = useState<number | null>(null);
  const limitPrice = limit ?? (q && rules ? clampLimitPrice(q.price, rules) : null);
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
  const display = useCallback((v: number) => formatPrice(v, p.priceScale), [p.priceScale]);
  // A typed close price is kept as typed; one the server would refuse shows that refusal (and is not sent).
  const refusal = type === 'limit' && limitPrice !== null && rules ? limitRefusal(limitPrice, rules, p.priceScale) : null;
  const body: CloseBody | null =
    type === 'market' ? { type: 'market' } : limitPrice !== null && !refusal ? { type: 'limit', price: limitPrice } : null;
  const pick = (v: number) => {
    action.end();
    setLimit(v);
  };
  return (
    <ActionDialog
      title={t`建玉を決済しますか？`}
      confirmLabel={t`決済する`}
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
      </p>
      <Segmented
        label={t`決済の種別`}
        value={type}
        onChange={(v) => {
          action.end();
          setType(v);
        }}
        options={[
          { value: 'market', label: i18n._(PRICE_TYPE_TEXT.market) },
          { value: 'limit', label: i18n._(PRICE_TYPE_TEXT.limit) },
        ]}
      />
      {type === 'limit' && rules && limitPrice !== null ? (
        <Stepper
          label={t`決済指値`}
          value={limitPrice}
          display={display}
          inputMode="decimal"
          parse={(text) => parsePriceInput(text, p.priceScale)}
          onChange={pick}
          onStep={(d) => pick(stepLimitPrice(limitPrice, d, rules))}
          canDown={canStepPrice(limitPrice, -1, rules)}
          canUp={canStepPrice(limitPrice, 1, rules)}
          suffix={t`円`}
        />
      ) : null}
      {refusal ? <LimitPriceNotice refusal={refusal} onPick={pick} /> : null}
      {type === 'market' ? (
        <p className="small muted">
          {q ? (
            <Trans>
              現在値 {formatPriceYen(q.price, q.priceScale)}。成行で決済し、約定時の価格で損益が確定します。手数料・税金は決済時に差し引かれ、取引履歴に記録されます。
            </Trans>
          ) : (
            <Trans>成行で決済し、約定時の価格で損益が確定します。</Trans>
          )}
        </p>
      ) : null}
    </ActionDialog>
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
