import { useLingui } from '@lingui/react';
import type { AccountState } from '../../../shared/domain/account';
import { STATE_TEXT } from './texts';

/** An account state as a small coloured tag. */
export function StateTag({ state }: { state: AccountState }) {
  const { i18n } = useLingui();
  const tone = state === 'active' ? 'ok' : state === 'banned' ? 'danger' : 'warn';
  return <span className={`admin-tag admin-tag--${tone}`}>{i18n._(STATE_TEXT[state])}</span>;
}
