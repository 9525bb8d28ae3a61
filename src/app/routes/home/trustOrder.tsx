import { createFileRoute } from '@tanstack/react-router';
import { TrustOrderScreen } from '../../features/trusts/TrustOrderScreen';
import { requireSession } from '../-lib/guards';
import { trustOrderSearch } from '../-lib/search';

/** /home/trustOrder?id=&side= — the fund order ticket: buy by amount or units, 解約 by units or all, at the next NAV. */
export const Route = createFileRoute('/home/trustOrder')({
  staticData: { name: 'trustOrder' },
  beforeLoad: requireSession,
  validateSearch: trustOrderSearch,
  component: TrustOrderScreen,
});
