import { useCallback, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { tradeApi } from '../../../shared/api/trade';
import type { DataOf, QueryOf } from '../../../shared/api/endpoint';
import { endpointQuery } from '../../api/query';
import { formatIsoDate, formatMoney, formatNumber, formatPriceYen } from '../../../shared/money';
import { displayName } from '../../../shared/market/local-names';
import { useMoneyCommand } from '../../api/money-command';
import { toast } from '../../components/Toast';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Signed } from '../../components/Signed';
import { tradeCommand, type CloseBody, type PositionView } from './api';
import { useMarketOffset } from './AutoCloseCountdown';
import { DEFAULT_ORDER_TYPE, OrderTypeFields, orderTypeBody, orderTypeReady, type OrderTypeValue } from './OrderTypeFields';
import { estimatePriceOf, kindOf, stopLegPrice, tokyoToday } from './order-type';
import { useTicketQuote } from './OrderDialogs';
import { cashSaleLines, type CashSaleLines } from './close-estimate';

type ClosePreviewQuery = QueryOf<typeof tradeApi.closePreview>;
type ClosePreview = DataOf<typeof tradeApi.closePreview>;

/** The server's estimate of a close (`GET trade/positions/{id}/close-preview`): only meaningful now, not persisted. */
function closePreviewQuery(id: string, query: ClosePreviewQuery) {
  return endpointQuery(tradeApi.closePreview, { params: { id }, query }, { silent: true, staleTime: 2_000, refetchInterval: 5_000, meta: { persist: false } });
}

export function CloseDialog({ p, onDone }: { p: PositionView; onDone: () => void }) {
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
        {displayName({ code: p.code, nameJa: p.name, nameEn: p.nameEn }, i18n.locale)} <span className="mono">{p.code}</span> ・ <Trans>{formatNumber(p.quantity)}株</Trans>
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
  // A cash holding is sold at its 取得費 (総平均法), as the sell ticket shows it; margin keeps its P/L line.
  const cash = e ? cashSaleLines(e, p) : null;
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
        {cash ? (
          <CashSaleRows lines={cash} p={p} />
        ) : (
          <>
            <dt>
              <Trans>売買損益</Trans>
            </dt>
            <dd>
              <Signed value={e?.pnl} currency={p.currency} strong={false} />
            </dd>
          </>
        )}
        <dt>
          <Trans>決済手数料</Trans>
        </dt>
        <dd>{money(e?.closeFee)}</dd>
        {cash && e?.interest === 0 ? null : (
          <>
            <dt>{p.direction === 'up' ? <Trans>金利（累計）</Trans> : <Trans>貸株料（累計）</Trans>}</dt>
            <dd>{money(e?.interest)}</dd>
          </>
        )}
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

/** A cash sale's 売却代金, 取得費 at the 平均取得単価 and the gain before fee and tax (close-estimate.ts). */
function CashSaleRows({ lines, p }: { lines: CashSaleLines; p: PositionView }) {
  const average = formatPriceYen(lines.averageCost, p.priceScale, p.currency);
  const shares = formatNumber(lines.shares);
  return (
    <>
      <dt>
        <Trans>概算売却代金</Trans>
      </dt>
      <dd className="mono" data-testid="close-proceeds">
        {formatMoney(lines.proceeds, p.currency)}
      </dd>
      <dt>
        <Trans>
          取得費（平均取得単価 {average} × {shares}株）
        </Trans>
      </dt>
      <dd className="mono" data-testid="close-sale-cost">
        {formatMoney(lines.saleCost, p.currency)}
      </dd>
      <dt>
        <Trans>概算譲渡損益（手数料・税金前）</Trans>
      </dt>
      <dd data-testid="close-sale-gain">
        <Signed value={lines.gain} currency={p.currency} strong={false} />
      </dd>
    </>
  );
}
