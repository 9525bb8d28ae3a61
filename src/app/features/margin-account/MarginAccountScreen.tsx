import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import { MarginAccountPanel } from './MarginAccountPanel';
import './margin-account.css';

/** /information/marginAccount — 信用取引口座: its state and, while the user may apply, the application. */
export function MarginAccountScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`信用取引口座`}>
      <MarginAccountPanel onApplied={() => window.scrollTo({ top: 0 })} />
    </Page>
  );
}
