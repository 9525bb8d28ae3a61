import { createFileRoute } from '@tanstack/react-router';
import { AdminPlanRunsScreen } from '../../features/admin/AdminPlanRunsScreen';

/** /admin/planRuns — 積立 plan runs, the skipped ones first, for following up failures. */
export const Route = createFileRoute('/admin/planRuns')({
  staticData: { name: 'adminPlanRuns' },
  component: AdminPlanRunsScreen,
});
