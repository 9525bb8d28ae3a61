import { createFileRoute } from '@tanstack/react-router';
import { LoanRecordsScreen } from '../../features/lending/LoanScreens';
import { requireSession } from '../-lib/guards';

/** /information/loanRecords — 借入の履歴: each draw, interest day, repayment, LTV warning and forced sale. */
export const Route = createFileRoute('/information/loanRecords')({
  staticData: { name: 'loanRecords' },
  beforeLoad: requireSession,
  component: LoanRecordsScreen,
});
