import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AlertKind, BusinessType, CloseReason, Direction, PositionStatus, PriceType } from '../../../shared/domain/position';

/** docs/product.md "Statuses": position/order statuses. */
export const STATUS_TEXT: Record<PositionStatus, MessageDescriptor> = {
  pending: msg({ message: '注文中' }),
  in_progress: msg({ message: 'ロック中' }),
  holding: msg({ message: '保有中' }),
  closing: msg({ message: '決済待ち' }),
  closed: msg({ message: '決済済み' }),
  cancelled: msg({ message: '取消済み' }),
  ended: msg({ message: '終了' }),
};

/**
 * The side of a position in broker words (docs/domain.md "Trading"): a 1× long is a cash holding
 * (現物買付, the full term of a broker's order and trade lists), a margin long a 信用買 (買建), a
 * short always a 信用売 (売建, 空売り).
 */
export const SIDE_TEXT = {
  cash: msg({ message: '現物買付' }),
  marginLong: msg({ message: '信用買' }),
  marginShort: msg({ message: '信用売' }),
} as const satisfies Record<string, MessageDescriptor>;

export function sideText(p: { direction: Direction; leverage: number }): MessageDescriptor {
  if (p.direction === 'down') return SIDE_TEXT.marginShort;
  return p.leverage > 1 ? SIDE_TEXT.marginLong : SIDE_TEXT.cash;
}

export const PRICE_TYPE_TEXT: Record<PriceType, MessageDescriptor> = {
  market: msg({ message: '成行' }),
  limit: msg({ message: '指値' }),
};

export const BUSINESS_TEXT: Record<BusinessType, MessageDescriptor> = {
  stock: msg({ message: '株式' }),
  day_trade: msg({ message: 'いちにち信用' }),
  block: msg({ message: 'ブロック取引' }),
};

/**
 * The order type a position shows: a block purchase is bought at the offer's fixed price (ブロック
 *取引), never a 指値 the user chose, whatever price type its row carries.
 */
export function orderTypeText(p: { businessType: BusinessType; priceType: PriceType }): MessageDescriptor {
  return p.businessType === 'block' ? BUSINESS_TEXT.block : PRICE_TYPE_TEXT[p.priceType];
}

export const CLOSE_REASON_TEXT: Record<CloseReason, MessageDescriptor> = {
  user: msg({ message: 'お客様による決済' }),
  auto_close: msg({ message: '大引けの自動決済' }),
  forced_close: msg({ message: '維持率低下による強制決済' }),
};

export const ALERT_TEXT: Record<AlertKind, MessageDescriptor> = {
  margin_call: msg({
    message: '委託保証金の維持率が最低維持率を下回りました。建玉の一部または全部を決済するなどしてください。さらに下がると強制決済されます。',
  }),
  forced_close: msg({ message: '維持率が下限を下回ったため、この建玉は強制決済されました。' }),
  auto_close: msg({ message: 'いちにち信用の建玉は大引け（クロージング・オークション）で自動決済されました。' }),
  expired: msg({ message: '取引終了までに約定しなかったため、この注文は失効しました。' }),
  // Without their params (an older server): the event alone. With them: alert-texts.ts.
  split: msg({ message: '株式分割により株数と単価を調整しました。取得金額と損益は変わりません。' }),
  dividend: msg({ message: '配当金（または配当落調整金）を計上しました。' }),
};

/** Market sessions of a quote (src/shared/market/session.ts, plus 'open' for 24-hour markets). */
export const SESSION_TEXT: Record<string, MessageDescriptor> = {
  closed: msg({ message: '取引時間外' }),
  pre_open: msg({ message: '寄付き前（注文受付中）' }),
  morning: msg({ message: '前場' }),
  lunch: msg({ message: '昼休み（注文受付中）' }),
  afternoon: msg({ message: '後場' }),
  closing_auction: msg({ message: 'クロージング・オークション' }),
  after_close: msg({ message: '大引け後' }),
  open: msg({ message: '取引中' }),
};
