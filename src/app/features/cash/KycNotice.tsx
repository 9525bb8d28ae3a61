import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

/** Depositing, withdrawing and adding a destination need a verified identity: the `real_name_required` message and the way to 本人確認. */
export function KycNotice() {
  return (
    <div className="cash-notice" role="note" data-testid="kyc-required">
      <Icon d={icons.idcard} size={22} />
      <div className="cash-notice__text">
        <p>{translateMessage('real_name_required', undefined, getLanguage())}</p>
        <Link to="/information/authInfo" className="cash-notice__link">
          <Trans>本人確認へ進む</Trans>
        </Link>
      </div>
    </div>
  );
}
