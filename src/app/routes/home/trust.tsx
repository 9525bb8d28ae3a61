import { createFileRoute } from '@tanstack/react-router';
import { TrustDetailScreen } from '../../features/trusts/TrustDetailScreen';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/trust?id= — one fund: 基準価額 chart with the total-return line, key facts (目論見書-style), buy / 積立 / 解約. */
export const Route = createFileRoute('/home/trust')({
  staticData: { name: 'trust' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: TrustDetailScreen,
});
