import { createFileRoute } from '@tanstack/react-router';
import { AdminTrustsScreen } from '../../features/admin/AdminTrustsScreen';
import { idSearch } from '../-lib/search';

/** /admin/trusts?id= — the fund catalogue (fees, designation, suspension) and each fund's NAV strikes. */
export const Route = createFileRoute('/admin/trusts')({
  staticData: { name: 'adminTrusts' },
  validateSearch: idSearch,
  component: AdminTrustsScreen,
});
