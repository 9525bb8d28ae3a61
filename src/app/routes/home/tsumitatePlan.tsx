import { createFileRoute } from '@tanstack/react-router';
import { PlanEditScreen } from '../../features/plans/PlanEditScreen';
import { requireSession } from '../-lib/guards';
import { planSearch } from '../-lib/search';

/** /home/tsumitatePlan?id= | ?fund= | ?code= — a 積立 plan: set up or edit, pause, stop; the future-value illustration. */
export const Route = createFileRoute('/home/tsumitatePlan')({
  staticData: { name: 'tsumitatePlan' },
  beforeLoad: requireSession,
  validateSearch: planSearch,
  component: PlanEditScreen,
});
