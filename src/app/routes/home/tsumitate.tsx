import { createFileRoute } from '@tanstack/react-router';
import { PlanListScreen } from '../../features/plans/PlanListScreen';
import { requireSession } from '../-lib/guards';

/** /home/tsumitate — my 積立 plans: next run, latest runs, this year's NISA room used by plans. */
export const Route = createFileRoute('/home/tsumitate')({
  staticData: { name: 'tsumitate' },
  beforeLoad: requireSession,
  component: PlanListScreen,
});
