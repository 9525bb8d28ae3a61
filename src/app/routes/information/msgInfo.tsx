import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';

/** /information/msgInfo: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/information/msgInfo')({
  staticData: { name: 'msgInfo' },
  beforeLoad: requireSession,
  component: MsgInfoScreen,
});

function MsgInfoScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`メッセージ`} />;
}
