import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ApplicationStatus, OfferingKind, OfferingStatus } from '../../../shared/api/ipo';
import type { Segment } from '../../../shared/market/sectors';
import { enteredName } from '../../../shared/market/local-names';

/** An offering's name in the reader's language (the admin's per-language names; else English, else Japanese). */
export function offeringName(o: { name: string; nameEn: string; nameZhHant?: string | null; nameKo?: string | null }, locale: string): string {
  return enteredName({ ja: o.name, en: o.nameEn, zhHant: o.nameZhHant, ko: o.nameKo }, locale);
}

/*
 * The 11 subscription statuses of docs/product.md as the user reads them (offering phases and application
 * statuses, docs/domain.md "IPO"), and the offering kinds.
 */

export const OFFERING_STATUS_TEXT: Record<OfferingStatus, MessageDescriptor> = {
  to_be_subscribed: msg({ message: '申込開始前' }),
  subscribing: msg({ message: '申込受付中' }),
  awaiting_draw: msg({ message: '抽選待ち' }),
  in_progress: msg({ message: '購入手続き中' }),
  ended: msg({ message: '終了' }),
};

export const APPLICATION_STATUS_TEXT: Record<ApplicationStatus, MessageDescriptor> = {
  subscribing: msg({ message: '申込中' }),
  awaiting_draw: msg({ message: '抽選待ち' }),
  won: msg({ message: '当選' }),
  not_won: msg({ message: '落選' }),
  payment_pending: msg({ message: '払込待ち' }),
  payment_made: msg({ message: '払込済み' }),
  payment_failed: msg({ message: '払込なし（失効）' }),
  waived: msg({ message: '辞退' }),
  ended: msg({ message: '終了（上場済み）' }),
  cancelled: msg({ message: '取消済み' }),
};

export const OFFERING_KIND_TEXT: Record<OfferingKind, MessageDescriptor> = {
  ipo: msg({ message: '新規公開' }),
  po: msg({ message: '公募・売出' }),
  placement: msg({ message: '第三者割当・増資' }),
};

/** The status chip's colour class. */
export function statusTone(status: string): string {
  if (status === 'subscribing' || status === 'won' || status === 'payment_made') return 'status--offer-open';
  if (status === 'to_be_subscribed' || status === 'awaiting_draw' || status === 'payment_pending' || status === 'in_progress') return 'status--offer-upcoming';
  return '';
}

/** The market a new stock lists on, as the exchange names it. */
export const SEGMENT_TEXT: Record<Segment, MessageDescriptor> = {
  prime: msg({ message: '東証プライム' }),
  standard: msg({ message: '東証スタンダード' }),
  growth: msg({ message: '東証グロース' }),
  nagoya: msg({ message: '名証' }),
  fukuoka: msg({ message: '福証' }),
  sapporo: msg({ message: '札証' }),
};
