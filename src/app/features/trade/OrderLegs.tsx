import { Fragment, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatIsoDate, formatPriceYen } from '../../../shared/money';
import type { OrderTypeValue, ThenValue } from './order-type';
import { orderLabel, orderLabelKind } from './order-label';

/**
 * The confirm sheet's rows for the order's legs (docs/decisions/010-order-types.md): the first
 * order (type, price or trigger, 執行条件, 有効期限) and, for IFD / IFDOCO, the close it places once
 * filled — each leg on its own row; an OCO close's take-profit and stop-loss legs likewise.
 */
export function OrderLegs({ value, priceScale, mode }: { value: OrderTypeValue; priceScale: number; mode: 'open' | 'close' }) {
  const { t, i18n } = useLingui();
  const yen = (v: number) => formatPriceYen(v, priceScale);
  const validityText = (v: string) => (v === 'day' ? t`当日` : v === 'week' ? t`今週` : formatIsoDate(v));
  const conditionText = (c: NonNullable<OrderTypeValue['condition']>) => (c === 'open' ? t`寄付` : c === 'close' ? t`引け` : t`不成`);
  const kind = orderLabelKind(value);
  const entry = orderLabel({ ...value, stop: null, then: null }, (d) => i18n._(d), yen);
  const rows: [ReactNode, ReactNode, string][] = [];
  if (kind === 'oco') {
    rows.push([<Trans key="k">注文方法</Trans>, 'OCO', 'kind']);
    rows.push([<Trans key="k">利益確定（指値）</Trans>, yen(value.price!), 'take']);
    rows.push([<Trans key="k">損切り（逆指値）</Trans>, <Trans key="v">{yen(value.stop!)}で発動 → 成行</Trans>, 'loss']);
  } else if (value.then) {
    rows.push([<Trans key="k">注文方法</Trans>, kind === 'ifdoco' ? 'IFDOCO' : 'IFD', 'kind']);
    rows.push([<Trans key="k">新規注文</Trans>, entry, 'entry']);
  } else {
    rows.push([<Trans key="k">注文方法</Trans>, entry, 'entry']);
  }
  if (mode === 'open' && value.condition) rows.push([<Trans key="k">執行条件</Trans>, conditionText(value.condition), 'condition']);
  rows.push([value.then ? <Trans key="k">新規注文の有効期限</Trans> : <Trans key="k">有効期限</Trans>, validityText(value.validity), 'validity']);
  if (value.then) rows.push(...thenRows(value.then, yen, validityText));
  return (
    <>
      {rows.map(([label, text, key]) => (
        <Fragment key={key}>
          <dt>{label}</dt>
          <dd data-testid={`confirm-leg-${key}`}>{text}</dd>
        </Fragment>
      ))}
    </>
  );
}

/** The IFD close's legs: a take-profit limit, a stop-loss (逆指値, market once reached), or both (IFDOCO). */
function thenRows(then: ThenValue, yen: (v: number) => string, validityText: (v: string) => string): [ReactNode, ReactNode, string][] {
  const out: [ReactNode, ReactNode, string][] = [];
  if (then.type === 'limit' && then.price !== undefined) out.push([<Trans key="k">決済：利益確定（指値）</Trans>, yen(then.price), 'then-take']);
  if (then.type === 'market' && then.trigger === undefined) out.push([<Trans key="k">決済注文</Trans>, <Trans key="v">成行</Trans>, 'then-market']);
  const loss = then.stop ?? then.trigger;
  if (loss !== undefined) out.push([<Trans key="k">決済：損切り（逆指値）</Trans>, <Trans key="v">{yen(loss)}で発動 → 成行</Trans>, 'then-loss']);
  out.push([<Trans key="k">決済注文の有効期限</Trans>, <Trans key="v">{validityText(then.validity)}（約定日から）</Trans>, 'then-validity']);
  return out;
}
