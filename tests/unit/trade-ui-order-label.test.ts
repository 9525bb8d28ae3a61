import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from '@lingui/core';
import { openingOrder, orderLabel, orderLabelKind, positionOrder, type OrderShape } from '../../src/app/features/trade/order-label';
import type { PositionView } from '../../src/app/features/trade/api';

/** Issue 35 item 3: 注文中 lists name the order type properly, never "指値 成行". */
const word = (d: MessageDescriptor) => d.message ?? String(d.id);
const yen = (v: number) => `${v}円`;
const shape = (o: Partial<OrderShape>): OrderShape => ({ type: 'market', price: null, trigger: null, stop: null, then: null, ...o });
const label = (o: Partial<OrderShape>) => orderLabel(shape(o), word, yen);

describe('order labels', () => {
  it('成行 and 指値 name themselves; a market order has no price', () => {
    expect(label({})).toBe('成行');
    expect(label({ type: 'limit', price: 1500 })).toBe('指値 1500円');
    expect(orderLabelKind(shape({ type: 'limit', price: 1500 }))).toBe('limit');
  });
  it('逆指値 shows its trigger and what it becomes', () => {
    expect(label({ trigger: 1520 })).toBe('逆指値 1520円 → 成行');
    expect(label({ type: 'limit', price: 1530, trigger: 1520 })).toBe('逆指値 1520円 → 指値 1530円');
    expect(orderLabelKind(shape({ trigger: 1520 }))).toBe('stop');
  });
  it('OCO shows both legs; IFD and IFDOCO name the first order after the kind', () => {
    expect(label({ type: 'limit', price: 1600, stop: 1400 })).toBe('OCO 1600円 / 1400円');
    expect(label({ type: 'limit', price: 1500, then: { type: 'limit', price: 1600 } })).toBe('IFD 指値 1500円');
    expect(label({ type: 'limit', price: 1500, then: { type: 'limit', price: 1600, stop: 1400 } })).toBe('IFDOCO 指値 1500円');
    expect(label({ trigger: 1520, then: { type: 'market', trigger: 1400 } })).toBe('IFD 逆指値 1520円 → 成行');
  });
  it('never says "指値 成行"', () => {
    const shapes: Partial<OrderShape>[] = [{}, { trigger: 1 }, { then: { type: 'market', trigger: 1 } }, { then: { type: 'limit', price: 2, stop: 1 } }];
    for (const o of shapes) expect(label(o)).not.toMatch(/指値 成行/);
  });
  it('a position names the order it waits on: the close order while closing, else its opening order', () => {
    const base = {
      status: 'pending', priceType: 'market', limitPrice: null, trigger: 1520, thenClose: { type: 'limit', price: 1600, stop: 1400, validity: 'day' },
      closeType: null, closeLimitPrice: null, closeTrigger: null, closeStop: null,
    } as unknown as PositionView;
    expect(orderLabelKind(positionOrder(base))).toBe('ifdoco');
    const closing = { ...base, status: 'closing', closeType: 'limit', closeLimitPrice: 1600, closeStop: 1400 } as PositionView;
    expect(orderLabel(positionOrder(closing), word, yen)).toBe('OCO 1600円 / 1400円');
    // The detail's 注文種別 names how it was placed, IFDOCO, even while its close waits.
    expect(orderLabelKind(openingOrder(closing))).toBe('ifdoco');
    expect(orderLabelKind(openingOrder({ ...base, thenClose: { type: 'limit', price: 1600, validity: 'day' } } as PositionView))).toBe('ifd');
    expect(orderLabelKind(openingOrder({ ...base, thenClose: null } as PositionView))).toBe('stop');
  });
});
