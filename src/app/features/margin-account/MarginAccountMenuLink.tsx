import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { MenuLink } from '../../components/Menu';
import * as icons from '../../components/icons';
import { marginAccountQuery } from './api';
import { STATE_TEXT } from './labels';

/** My page's 信用取引口座 row with its state (未開設 / 審査中 / 開設済み / 不承認). */
export function MarginAccountMenuLink() {
  const { i18n } = useLinguiCore();
  const account = useQuery(marginAccountQuery());
  return (
    <MenuLink
      to="/information/marginAccount"
      icon={icons.shield}
      label={<Trans>信用取引口座</Trans>}
      value={account.data ? <span data-testid="margin-account-state">{i18n._(STATE_TEXT[account.data.state])}</span> : undefined}
    />
  );
}
