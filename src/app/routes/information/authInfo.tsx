import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/authInfo: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/authInfo')({
  staticData: { name: 'authInfo' },
  beforeLoad: requireSession,
  component: AuthInfoScreen,
});

function AuthInfoScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`本人確認`} />;
}
