/**
 * How an order is named in lists and on the confirm sheet (no React): 成行 / 指値 / 逆指値 (with its
 * trigger) / OCO / IFD / IFDOCO — never a type word with the wrong price ("指値 成行"). The order
 * types are in docs/decisions/010-order-types.md.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PositionView } from '../../../shared/api/trade';

/** An order's shape: an opening order (with its IFD close) or a close order (with its OCO stop-loss). */
export interface OrderShape {
  type: 'market' | 'limit';
  /** The limit (指値, a stop-limit's limit, an OCO's take-profit). */
  price: number | null;
  /** 逆指値: the order waits until the price reaches it. */
  trigger: number | null;
  /** OCO: the stop-loss leg beside the take-profit limit. */
  stop: number | null;
  /** IFD / IFDOCO: the close placed once the order fills. */
  then: { type: 'market' | 'limit'; price?: number; trigger?: number; stop?: number } | null;
}

export type OrderLabelKind = 'market' | 'limit' | 'stop' | 'oco' | 'ifd' | 'ifdoco';

export const ORDER_KIND_TEXT: Record<OrderLabelKind, MessageDescriptor> = {
  market: msg({ message: '成行' }),
  limit: msg({ message: '指値' }),
  stop: msg({ message: '逆指値' }),
  oco: msg({ message: 'OCO' }),
  ifd: msg({ message: 'IFD' }),
  ifdoco: msg({ message: 'IFDOCO' }),
};

/** IFD / IFDOCO first (what the order carries), then OCO, then 逆指値 (stop-market or stop-limit), then the plain type. */
export function orderLabelKind(o: OrderShape): OrderLabelKind {
  if (o.then) return o.then.stop !== undefined ? 'ifdoco' : 'ifd';
  if (o.stop !== null) return 'oco';
  if (o.trigger !== null) return 'stop';
  return o.type;
}

/** The order a position is waiting on: its close order while closing, else the opening order as placed. */
export function positionOrder(p: PositionView): OrderShape {
  if (p.status === 'closing' && p.closeType) {
    return { type: p.closeType, price: p.closeLimitPrice, trigger: p.closeTrigger, stop: p.closeStop, then: null };
  }
  return openingOrder(p);
}

/** The opening order as placed, with the close it carries (IFD / IFDOCO): the detail's 注文種別. */
export function openingOrder(p: PositionView): OrderShape {
  return { type: p.priceType, price: p.priceType === 'limit' ? p.limitPrice : null, trigger: p.trigger, stop: null, then: p.thenClose };
}

/**
 * The label: "成行", "指値 1,500円", "逆指値 1,520円 → 成行", "逆指値 1,520円 → 指値 1,530円",
 * "OCO 1,600円 / 1,400円", "IFD 指値 1,500円", "IFDOCO 逆指値 1,520円 → 成行" (IFD / IFDOCO name
 * the first order after the kind). `word` translates, `yen` formats a price.
 */
export function orderLabel(o: OrderShape, word: (d: MessageDescriptor) => string, yen: (price: number) => string): string {
  const kind = orderLabelKind(o);
  const base = (type: 'market' | 'limit', price: number | null) =>
    type === 'limit' && price !== null ? `${word(ORDER_KIND_TEXT.limit)} ${yen(price)}` : word(ORDER_KIND_TEXT[type]);
  if (kind === 'ifd' || kind === 'ifdoco') return `${word(ORDER_KIND_TEXT[kind])} ${orderLabel({ ...o, then: null }, word, yen)}`;
  if (kind === 'oco') return `${word(ORDER_KIND_TEXT.oco)} ${o.price !== null ? yen(o.price) : ''} / ${yen(o.stop!)}`;
  if (kind === 'stop') return `${word(ORDER_KIND_TEXT.stop)} ${yen(o.trigger!)} → ${base(o.type, o.price)}`;
  return base(o.type, o.price);
}

/**
 * A cash (現物) order not filled yet is an order, not a position: its detail is 注文詳細 and has no
 * 証拠金 (a margin order or position stays 建玉詳細).
 */
export function isUnfilledCashOrder(p: Pick<PositionView, 'leverage' | 'direction' | 'status'>): boolean {
  return p.leverage === 1 && p.direction === 'up' && (p.status === 'pending' || p.status === 'cancelled');
}
