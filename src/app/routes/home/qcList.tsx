import { createFileRoute } from '@tanstack/react-router';
import { FundListScreen } from '../../features/strategies/FundScreens';
import { requireSession } from '../-lib/guards';

/** /home/qcList — quant funds: documented rules, results from real (simulated) fills. */
export const Route = createFileRoute('/home/qcList')({
  staticData: { name: 'qcList' },
  beforeLoad: requireSession,
  component: () => <FundListScreen kind="quant" />,
});
