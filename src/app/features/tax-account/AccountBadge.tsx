import { useLingui } from '@lingui/react/macro';
import { isNisa, type AccountType } from '../../../shared/domain/account-type';
import { ACCOUNT_BADGE, ACCOUNT_NAME } from './account-labels';
import './account-badge.css';

/**
 * The account type (預り区分) of a holding, position, order or record as a small badge: 特定 and 一般
 * quiet, NISA filled in the accent so a tax-free line is told apart at a glance. The long name is
 * its accessible name. Nothing for null (records that belong to no account).
 */
export function AccountBadge({ account, className }: { account: AccountType | null | undefined; className?: string }) {
  const { i18n } = useLingui();
  if (!account) return null;
  const kind = isNisa(account) ? 'nisa' : 'taxable';
  return (
    <span
      className={`account-badge account-badge--${kind}${className ? ` ${className}` : ''}`}
      data-account={account}
      title={i18n._(ACCOUNT_NAME[account])}
    >
      {i18n._(ACCOUNT_BADGE[account])}
    </span>
  );
}
