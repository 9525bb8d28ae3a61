import { createFileRoute } from '@tanstack/react-router';
import { AdminDepositsScreen } from '../../features/cash/AdminDepositsScreen';
import { idSearch } from '../-lib/search';

/** /admin/deposits?id= — the 入金審査 queue; `id` opens one request with its receipt. */
export const Route = createFileRoute('/admin/deposits')({
  staticData: { name: 'adminDeposits' },
  validateSearch: idSearch,
  component: AdminDepositsScreen,
});
