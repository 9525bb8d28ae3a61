import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import type { AccountState } from '../../../shared/domain/account';

export const ACCOUNT_STATE_TEXT: Record<AccountState, MessageDescriptor> = {
  active: msg({ message: '有効' }),
  frozen: msg({ message: '凍結中' }),
  no_trade: msg({ message: '取引停止中' }),
  banned: msg({ message: '利用停止' }),
};

/** The account state as a small badge (green when active, amber/red otherwise). */
export function StateBadge({ state }: { state: AccountState }) {
  const { i18n } = useLingui();
  return <span className={`badge badge--${state}`}>{i18n._(ACCOUNT_STATE_TEXT[state])}</span>;
}
