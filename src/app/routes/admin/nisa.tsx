import { createFileRoute } from '@tanstack/react-router';
import { AdminNisaScreen } from '../../features/admin/AdminNisaScreen';
import { idSearch } from '../-lib/search';

/** /admin/nisa?id= — the NISA application review queue; `id` opens one application. */
export const Route = createFileRoute('/admin/nisa')({
  staticData: { name: 'adminNisa' },
  validateSearch: idSearch,
  component: AdminNisaScreen,
});
