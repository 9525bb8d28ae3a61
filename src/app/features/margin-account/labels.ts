import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type {
  ASSET_BRACKETS, EXPERIENCE_BRACKETS, INCOME_BRACKETS, INVESTMENT_PURPOSES, MarginAccountState, ReferralReason,
} from '../../../shared/api/margin-account';

/** The words of the 信用取引口座 questions' choices, states and referral reasons (Japanese as the source). */
export const EXPERIENCE_TEXT: Record<(typeof EXPERIENCE_BRACKETS)[number], MessageDescriptor> = {
  none: msg({ message: '経験なし' }),
  under1: msg({ message: '1年未満' }),
  '1to3': msg({ message: '1年以上3年未満' }),
  '3to5': msg({ message: '3年以上5年未満' }),
  '5plus': msg({ message: '5年以上' }),
};

export const ASSET_TEXT: Record<(typeof ASSET_BRACKETS)[number], MessageDescriptor> = {
  under1m: msg({ message: '100万円未満' }),
  '1m_3m': msg({ message: '100万円以上300万円未満' }),
  '3m_5m': msg({ message: '300万円以上500万円未満' }),
  '5m_10m': msg({ message: '500万円以上1,000万円未満' }),
  '10m_plus': msg({ message: '1,000万円以上' }),
};

export const INCOME_TEXT: Record<(typeof INCOME_BRACKETS)[number], MessageDescriptor> = {
  none: msg({ message: '収入なし' }),
  under3m: msg({ message: '300万円未満' }),
  '3m_5m': msg({ message: '300万円以上500万円未満' }),
  '5m_10m': msg({ message: '500万円以上1,000万円未満' }),
  '10m_plus': msg({ message: '1,000万円以上' }),
};

export const PURPOSE_TEXT: Record<(typeof INVESTMENT_PURPOSES)[number], MessageDescriptor> = {
  short_term: msg({ message: '短期売買（値上がり益）' }),
  long_term: msg({ message: '中長期の資産運用' }),
  dividends: msg({ message: '配当・株主優待' }),
  hedge: msg({ message: '保有株のリスクヘッジ' }),
};

export const STATE_TEXT: Record<MarginAccountState, MessageDescriptor> = {
  none: msg({ message: '未開設' }),
  pending: msg({ message: '審査中' }),
  approved: msg({ message: '開設済み' }),
  rejected: msg({ message: '不承認' }),
};

export const REFERRAL_TEXT: Record<ReferralReason, MessageDescriptor> = {
  stock_experience: msg({ message: '株式投資の経験年数が基準に満たない' }),
  financial_assets: msg({ message: '金融資産が基準に満たない' }),
  spare_funds: msg({ message: '余裕資金ではない' }),
  migrated: msg({ message: '以前のリスク説明への同意のみ（回答なし）' }),
};
