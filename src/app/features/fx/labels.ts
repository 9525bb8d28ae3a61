import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { Currency } from '../../../shared/money';

/** Each currency's name as Japanese brokers write it (the code is shown beside it). */
export const CURRENCY_NAME: Record<Currency, MessageDescriptor> = {
  JPY: msg({ message: '日本円' }),
  CNY: msg({ message: '人民元' }),
  TWD: msg({ message: '台湾ドル' }),
  HKD: msg({ message: '香港ドル' }),
  USD: msg({ message: '米ドル' }),
  THB: msg({ message: 'タイバーツ' }),
  VND: msg({ message: 'ベトナムドン' }),
  MYR: msg({ message: 'マレーシアリンギット' }),
  KRW: msg({ message: '韓国ウォン' }),
  USDT: msg({ message: 'テザー' }),
};
