import { createFileRoute } from '@tanstack/react-router';
import { FundPassScreen } from '../../features/account/FundPassScreen';
import { requireSession } from '../-lib/guards';

/** /information/fundPass — set (first time, with the login password) or change the 6-digit fund password. */
export const Route = createFileRoute('/information/fundPass')({
  staticData: { name: 'fundPass' },
  beforeLoad: requireSession,
  component: FundPassScreen,
});
