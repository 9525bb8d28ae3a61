import { createFileRoute } from '@tanstack/react-router';
import { CreditScreen } from '../../features/lending/LoanScreens';
import { requireSession } from '../-lib/guards';

/** /information/xyInfo — 与信情報: the credit score factor by factor, the quota, owed, LTV, rate and cost a day (docs/domain.md "Loans and stock lending"). */
export const Route = createFileRoute('/information/xyInfo')({
  staticData: { name: 'xyInfo' },
  beforeLoad: requireSession,
  component: CreditScreen,
});
