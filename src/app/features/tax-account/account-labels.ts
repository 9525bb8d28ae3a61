/**
 * The words of the four account types (預り区分 / 口座区分, src/shared/domain/account-type.ts): the
 * short badge on a ticket, a holding line, a position and a record, and the long name where there
 * is room (the confirm sheet, the NISA screen). Descriptors, translated where they are shown.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountType } from '../../../shared/domain/account-type';

/** 特定 / 一般 / NISA成長 / NISAつみたて: the badge. */
export const ACCOUNT_BADGE: Record<AccountType, MessageDescriptor> = {
  specific: msg({ context: 'account badge', message: '特定' }),
  general: msg({ context: 'account badge', message: '一般' }),
  nisa_growth: msg({ context: 'account badge', message: 'NISA成長' }),
  nisa_tsumitate: msg({ context: 'account badge', message: 'NISAつみたて' }),
};

/** 特定口座 / 一般口座 / NISA 成長投資枠 / NISA つみたて投資枠: the full name. */
export const ACCOUNT_NAME: Record<AccountType, MessageDescriptor> = {
  specific: msg({ message: '特定口座' }),
  general: msg({ message: '一般口座' }),
  nisa_growth: msg({ message: 'NISA 成長投資枠' }),
  nisa_tsumitate: msg({ message: 'NISA つみたて投資枠' }),
};
