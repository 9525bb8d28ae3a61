import { createFileRoute } from '@tanstack/react-router';
import { AdminLoansScreen } from '../../features/lending/AdminLoansScreen';

/** /admin/loans — 融資・貸株: loans by status with the borrower and the LTV now, totals outstanding (read-only). */
export const Route = createFileRoute('/admin/loans')({
  staticData: { name: 'adminLoans' },
  component: AdminLoansScreen,
});
