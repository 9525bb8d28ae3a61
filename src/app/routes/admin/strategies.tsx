import { createFileRoute } from '@tanstack/react-router';
import { AdminFundsScreen } from '../../features/strategies/AdminFundsScreen';

/** /admin/strategies — strategy funds: create, pause / resume, terminate, fee for new subscriptions (audited). */
export const Route = createFileRoute('/admin/strategies')({
  staticData: { name: 'adminStrategies' },
  component: AdminFundsScreen,
});
