import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BankAccountType } from '../../../shared/api/cash';

/** 普通 / 当座 (the account types of a Japanese bank account). */
export const ACCOUNT_TYPE_LABEL: Record<BankAccountType, MessageDescriptor> = {
  futsu: msg({ message: '普通' }),
  toza: msg({ message: '当座' }),
};
