import { createFileRoute } from '@tanstack/react-router';
import { AdminWithdrawalsScreen } from '../../features/cash/AdminWithdrawalsScreen';

/** /admin/withdrawals — the 出金審査 queue: destination in full, the withdrawable now, approve (paid) / reject (returned) with a reason. */
export const Route = createFileRoute('/admin/withdrawals')({
  staticData: { name: 'adminWithdrawals' },
  component: AdminWithdrawalsScreen,
});
