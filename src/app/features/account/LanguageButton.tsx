import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';

/** Globe button to the language screen (usable before signing in). */
export function LanguageButton() {
  const { t } = useLingui();
  return (
    <Link to="/information/changeLang" className="icon-btn" aria-label={t`言語 / Language`}>
      <Icon d={icons.globe} size={22} />
    </Link>
  );
}
