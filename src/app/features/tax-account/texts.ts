import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NisaState } from '../../../shared/api/tax-account';
import type { NisaFrame } from '../../../shared/domain/account-type';

/** The words of the NISA application's states and the two 枠 (Japanese as the source). */

export const NISA_STATE_TEXT: Record<NisaState, MessageDescriptor> = {
  none: msg({ message: '未開設' }),
  pending: msg({ message: '審査中' }),
  approved: msg({ message: '開設済み' }),
  rejected: msg({ message: '不承認' }),
};

export const FRAME_TEXT: Record<NisaFrame, MessageDescriptor> = {
  nisa_growth: msg({ message: '成長投資枠' }),
  nisa_tsumitate: msg({ message: 'つみたて投資枠' }),
};

/** The taxable account a user has: 特定口座 with or without 源泉徴収, or 一般口座 only. */
export function taxableText(v: { specific: boolean; withholding: boolean }): MessageDescriptor {
  if (!v.specific) return msg({ message: '一般口座' });
  return v.withholding ? msg({ message: '特定口座（源泉徴収あり）' }) : msg({ message: '特定口座（源泉徴収なし）' });
}
