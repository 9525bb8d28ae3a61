import { createFileRoute } from '@tanstack/react-router';
import { AdminMarginAccountsScreen } from '../../features/admin/AdminMarginAccountsScreen';
import { idSearch } from '../-lib/search';

/** /admin/marginAccounts?id= — the 信用取引口座 review queue; `id` opens one application. */
export const Route = createFileRoute('/admin/marginAccounts')({
  staticData: { name: 'adminMarginAccounts' },
  validateSearch: idSearch,
  component: AdminMarginAccountsScreen,
});
