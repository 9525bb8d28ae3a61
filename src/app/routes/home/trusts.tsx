import { createFileRoute } from '@tanstack/react-router';
import { TrustListScreen } from '../../features/trusts/TrustListScreen';
import { requireSession } from '../-lib/guards';
import { trustListSearch } from '../-lib/search';

/** /home/trusts?tab= — 投資信託: the catalogue (search, filters, rankings), my holdings and my orders. */
export const Route = createFileRoute('/home/trusts')({
  staticData: { name: 'trusts' },
  beforeLoad: requireSession,
  validateSearch: trustListSearch,
  component: TrustListScreen,
});
