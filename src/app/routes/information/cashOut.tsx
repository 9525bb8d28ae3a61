import { createFileRoute } from '@tanstack/react-router';
import { WithdrawScreen } from '../../features/cash/WithdrawScreen';
import { requireSession } from '../-lib/guards';

/** /information/cashOut — 出金: destination, amount with the withdrawable breakdown, fund password, confirm; the requests and their review results. */
export const Route = createFileRoute('/information/cashOut')({
  staticData: { name: 'cashOut' },
  beforeLoad: requireSession,
  component: WithdrawScreen,
});
