import { createFileRoute } from '@tanstack/react-router';
import { FundListScreen } from '../../features/strategies/FundScreens';
import { requireSession } from '../-lib/guards';

/** /home/fllow — follow-order funds copying a named model portfolio proportionally. */
export const Route = createFileRoute('/home/fllow')({
  staticData: { name: 'fllow' },
  beforeLoad: requireSession,
  component: () => <FundListScreen kind="follow" />,
});
