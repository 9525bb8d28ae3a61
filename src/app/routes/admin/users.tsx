import { createFileRoute } from '@tanstack/react-router';
import { AdminUsersScreen } from '../../features/admin/UsersScreen';
import { querySearch } from '../-lib/search';

/** /admin/users?q= — search users by phone or id. */
export const Route = createFileRoute('/admin/users')({
  staticData: { name: 'adminUsers' },
  validateSearch: querySearch,
  component: AdminUsersScreen,
});
