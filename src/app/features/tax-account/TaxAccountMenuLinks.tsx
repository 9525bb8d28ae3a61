import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { MenuLink } from '../../components/Menu';
import * as icons from '../../components/icons';
import { taxAccountQuery } from './api';
import { NISA_STATE_TEXT, taxableText } from './texts';

/** My page's 口座区分 and NISA rows, each with its current value. */
export function TaxAccountMenuLinks() {
  const { i18n } = useLinguiCore();
  const q = useQuery(taxAccountQuery());
  const v = q.data;
  return (
    <>
      <MenuLink
        to="/information/taxAccount"
        icon={icons.list}
        label={<Trans>口座区分</Trans>}
        value={v ? <span data-testid="tax-account-value">{i18n._(taxableText(v))}</span> : undefined}
      />
      <MenuLink
        to="/information/nisa"
        icon={icons.layers}
        label={<Trans>NISA</Trans>}
        value={v ? <span data-testid="nisa-state">{i18n._(NISA_STATE_TEXT[v.nisa.state])}</span> : undefined}
      />
    </>
  );
}
