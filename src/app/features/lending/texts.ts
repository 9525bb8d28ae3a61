import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { LendingEventKind, LoanStatus, ScoreFactor, StockLoanStatus } from '../../../shared/api/lending';
import { formatNumber } from '../../../shared/money';

/** The words of the lending screens (Japanese broker terms: 借入・返済・担保・貸株・返却). */
export const FACTOR_TEXT: Record<ScoreFactor, MessageDescriptor> = {
  kyc: msg({ message: '本人確認' }),
  account_age: msg({ message: '口座開設からの期間' }),
  trading_history: msg({ message: '取引実績' }),
  no_shortfall: msg({ message: '不足金なし' }),
  repayment_record: msg({ message: '返済実績' }),
};

/** How each factor's points were reached (the basis: days, trades, forced sales). */
export const FACTOR_HOW: Record<ScoreFactor, MessageDescriptor> = {
  kyc: msg({ message: '本人確認済みで30点' }),
  account_age: msg({ message: '開設から{basis}日（1年で20点）' }),
  trading_history: msg({ message: '約定{basis}件（1件2点、最大20点）' }),
  no_shortfall: msg({ message: '不足金がなければ15点' }),
  repayment_record: msg({ message: '基本10点＋完済1件ごとに1点、担保売却{basis}回（1回−5点）' }),
};

export const LOAN_STATUS_TEXT: Record<LoanStatus, MessageDescriptor> = {
  borrowed: msg({ message: '借入中' }),
  repaid: msg({ message: '完済' }),
};

export const STOCK_STATUS_TEXT: Record<StockLoanStatus, MessageDescriptor> = {
  borrowing: msg({ message: '貸出中' }),
  recalling: msg({ message: '返却手続中' }),
  completed: msg({ message: '返却済み' }),
};

export const EVENT_TEXT: Record<LendingEventKind, MessageDescriptor> = {
  loan_draw: msg({ message: '借入' }),
  loan_interest: msg({ message: '借入金利' }),
  loan_repay: msg({ message: '借入の返済' }),
  loan_forced_sale: msg({ message: '担保売却による返済' }),
  loan_warning: msg({ message: 'LTV警告（新規借入停止）' }),
  stock_lend: msg({ message: '貸株の開始' }),
  stock_fee: msg({ message: '貸株金利（雑所得）' }),
  stock_recall: msg({ message: '返却の申込' }),
  stock_returned: msg({ message: '返却完了' }),
  stock_dividend: msg({ message: '配当金相当額（雑所得）' }),
};

/** 350 bp → "3.5%". */
export function bpPercent(bp: number): string {
  return `${formatNumber(bp / 100)}%`;
}
