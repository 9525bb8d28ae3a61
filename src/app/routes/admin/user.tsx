import { createFileRoute } from '@tanstack/react-router';
import { AdminUserScreen } from '../../features/admin/UserScreen';
import { idSearch } from '../-lib/search';

/** /admin/user?id= — one user: balances, positions, KYC, state. */
export const Route = createFileRoute('/admin/user')({
  staticData: { name: 'adminUser' },
  validateSearch: idSearch,
  component: AdminUserScreen,
});
