import { createFileRoute } from '@tanstack/react-router';
import { LoanScreen } from '../../features/lending/LoanScreens';
import { requireSession } from '../-lib/guards';

/** /information/loan — 証券担保ローン: borrow within the quota with the fund password, repay part or all. */
export const Route = createFileRoute('/information/loan')({
  staticData: { name: 'loan' },
  beforeLoad: requireSession,
  component: LoanScreen,
});
