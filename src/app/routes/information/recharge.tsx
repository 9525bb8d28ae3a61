import { createFileRoute } from '@tanstack/react-router';
import { DepositScreen } from '../../features/cash/DepositScreen';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /information/recharge?id= — 入金: channel, amount, receipt, confirm; the requests and their review results. */
export const Route = createFileRoute('/information/recharge')({
  staticData: { name: 'recharge' },
  validateSearch: idSearch,
  beforeLoad: requireSession,
  component: DepositScreen,
});
