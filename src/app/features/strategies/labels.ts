import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { StrategyHoldingStatus, StrategyRule, StrategyStatus } from '../../../shared/api/strategies';
import { enteredName } from '../../../shared/market/local-names';

/** A fund's name in the reader's language (the admin's per-language names; else English, else Japanese). */
export function fundName(f: { name: string; nameEn?: string | null; nameZhHant?: string | null; nameKo?: string | null }, locale: string): string {
  return enteredName({ ja: f.name, en: f.nameEn, zhHant: f.nameZhHant, ko: f.nameKo }, locale);
}

/** The words of strategy funds shared by the home tab, the fund screens and the mine card. */
export const RULE_NAME: Record<StrategyRule, MessageDescriptor> = {
  index_tracker: msg({ message: 'インデックス連動（日経225）' }),
  momentum: msg({ message: 'モメンタム（25日騰落率）' }),
  mean_reversion: msg({ message: '平均回帰（指数の25日移動平均）' }),
  follow_model: msg({ message: 'モデルポートフォリオのフォロー' }),
};

export const FUND_STATUS: Record<StrategyStatus, MessageDescriptor> = {
  active: msg({ message: '運用中' }),
  paused: msg({ message: '受付停止中' }),
  terminating: msg({ message: '償還手続中' }),
  terminated: msg({ message: '償還済み' }),
};

/** The user's holding: in progress (申込中, 保有中, 解約中) or terminated (解約済み, 償還済み). */
export const HOLDING_STATUS: Record<StrategyHoldingStatus, MessageDescriptor> = {
  pending: msg({ message: '約定待ち' }),
  holding: msg({ message: '保有中' }),
  redeeming: msg({ message: '解約受付中' }),
  redeemed: msg({ message: '解約済み' }),
  terminated: msg({ message: '償還済み' }),
};
